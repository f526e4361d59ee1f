/**
 * Which URLs a window may navigate to and which links may leave for the system browser
 * (Electron's security checklist). Pure, and tested with hostile inputs (tests/unit/main/trusted-url.test.ts).
 * Both start from the raw text, because the URL parser quietly "repairs" some of it
 * (drops tabs and newlines, turns "\" into "/"), and what we check must be what is used.
 */

/**
 * Where our pages come from: built files over file://, or an origin: our own privileged
 * scheme (e.g. app://pages, see page-request.ts) or electron-vite's dev server
 * (http://localhost:5173).
 */
export type AppLocation =
  | {
      kind: 'file';
      /** file: URL of the renderer output folder, e.g. file:///opt/app/out/renderer */
      rendererDirUrl: string;
    }
  | {
      kind: 'origin';
      /** scheme://host[:port], e.g. app://pages or http://localhost:5173 */
      origin: string;
    };

const MAX_URL_LENGTH = 2048;
/** Controls, spaces, backslashes and non-ASCII: none belongs in a URL we produce or accept. */
const UNSAFE_TEXT = /[^\x21-\x7e]|\\/;
/** Encoded "/", "\" and "." let a path leave its folder after a later decoding step. */
const ENCODED_PATH_TRICKS = /%2f|%5c|%2e|%00/i;

function parse(text: unknown): URL | undefined {
  if (
    typeof text !== 'string' ||
    text.length === 0 ||
    text.length > MAX_URL_LENGTH ||
    UNSAFE_TEXT.test(text)
  ) {
    return undefined;
  }
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Only our own pages: a file under the renderer folder, or a page of our origin. */
export function isAllowedNavigation(url: string, app: AppLocation): boolean {
  const target = parse(url);
  if (!target || target.username !== '' || target.password !== '') return false;
  if (app.kind === 'origin') {
    const origin = parseOrigin(app.origin);
    // Compared by scheme and host, not URL.origin: that is "null" for custom schemes.
    return (
      origin !== undefined && target.protocol === origin.protocol && target.host === origin.host
    );
  }
  const root = parse(app.rendererDirUrl);
  if (!root || root.protocol !== 'file:' || target.protocol !== 'file:') return false;
  // file://host/... is a network share (UNC on Windows), never ours.
  if (target.host !== '' || root.host !== '') return false;
  if (ENCODED_PATH_TRICKS.test(target.pathname)) return false;
  const folder = root.pathname.endsWith('/') ? root.pathname : `${root.pathname}/`;
  return target.pathname.startsWith(folder) && target.pathname.length > folder.length;
}

/** Schemes that never name an origin of ours. */
const NOT_AN_APP_SCHEME = new Set([
  'file:',
  'javascript:',
  'data:',
  'blob:',
  'about:',
  'filesystem:',
  'devtools:',
]);

function parseOrigin(text: string): URL | undefined {
  const origin = parse(text);
  if (!origin || NOT_AN_APP_SCHEME.has(origin.protocol) || origin.host === '') return undefined;
  if (
    origin.username !== '' ||
    origin.password !== '' ||
    origin.search !== '' ||
    origin.hash !== ''
  )
    return undefined;
  if (origin.pathname !== '' && origin.pathname !== '/') return undefined;
  return origin;
}

export type ExternalLinkCheck = { ok: true; href: string } | { ok: false; reason: string };

/**
 * Links that may open in the system browser: https only, no user name or password, a real
 * host name. `href` is the parsed, normalised form: open exactly that, never the raw text.
 * International domain names come back in their ASCII (punycode, "xn--") form, which is
 * what the browser will show; look-alike domains cannot be judged here, so links to open
 * should come from our own pages and settings, never from service data.
 */
export function checkExternalLink(url: string): ExternalLinkCheck {
  if (typeof url !== 'string' || url.length === 0) return { ok: false, reason: 'empty' };
  if (url.length > MAX_URL_LENGTH) return { ok: false, reason: 'too long' };
  if (UNSAFE_TEXT.test(url))
    return { ok: false, reason: 'holds spaces, control characters, backslashes or non-ASCII text' };
  // "https:evil.example" parses as https://evil.example/: accept only the plain form.
  if (!/^https:\/\/[^/]/i.test(url)) return { ok: false, reason: 'not an https:// link' };
  const target = parse(url);
  if (!target || target.protocol !== 'https:') return { ok: false, reason: 'not an https:// link' };
  if (target.username !== '' || target.password !== '')
    return { ok: false, reason: 'holds a user name or password' };
  if (
    target.hostname === '' ||
    (!target.hostname.includes('.') && target.hostname !== 'localhost')
  ) {
    return { ok: false, reason: 'has no proper host name' };
  }
  return { ok: true, href: target.href };
}

export function isAllowedExternalLink(url: string): boolean {
  return checkExternalLink(url).ok;
}
