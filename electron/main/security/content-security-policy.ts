import { isLoopbackHost } from '../../../shared/base-url';

/**
 * The Content-Security-Policy sent with our pages. Strict: our own
 * scripts only, no network from pages (connect-src 'none': main owns the network), no
 * plugins, no <base>, no framing. Images may also come from the service's logo origins.
 * style-src allows inline styles because the UI kit sets style attributes; scripts never.
 *
 * Origins are re-derived from parsed URLs, so a "logo origin" such as
 * "https://a.example; script-src *" cannot smuggle a directive in.
 */
export interface CspOptions {
  /** Where asset logos come from, e.g. "https://cdn.pay.example" or the sandbox's http://127.0.0.1:PORT. */
  imageOrigins?: readonly string[];
  /** electron-vite's dev server (never in packaged builds): allows its inline refresh preamble and HMR socket. */
  devServerOrigin?: string;
}

export function buildContentSecurityPolicy(options: CspOptions = {}): string {
  const images = [
    ...new Set(
      (options.imageOrigins ?? []).map(safeOrigin).filter((o): o is string => o !== undefined),
    ),
  ];
  const dev =
    options.devServerOrigin === undefined ? undefined : safeOrigin(options.devServerOrigin);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    dev ? ['script-src', "'self'", "'unsafe-inline'", dev] : ['script-src', "'self'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', ...images],
    ['font-src', "'self'", 'data:'],
    dev ? ['connect-src', dev, dev.replace(/^http/, 'ws')] : ['connect-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-src', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** https origins, and http only on loopback (the sandbox serves its logos there). */
export function safeOrigin(text: string): string | undefined {
  if (typeof text !== 'string' || text.length > 2048 || /[^\x21-\x7e]|\\/.test(text))
    return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '') return undefined;
  if (url.protocol === 'https:' && url.hostname !== '') return url.origin;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url.origin;
  return undefined;
}

/**
 * Response headers with our CSP, replacing any the response had (in any letter case).
 * For session.webRequest.onHeadersReceived; see security-hooks.ts.
 */
export function withContentSecurityPolicy(
  headers: Record<string, string[] | string> | undefined,
  policy: string,
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue;
    result[name] = Array.isArray(value) ? value : [value];
  }
  result['Content-Security-Policy'] = [policy];
  return result;
}
