/**
 * Which bytes or text count as a wallet token (docs/payment-service.md: NFC payment): UUID-shaped,
 * normalised to lower case, checked with the same schema the generate_nfc request uses, and
 * only where the wallet puts it: a Text record's plain text, or a link in exactly one of the
 * wallet's two forms. A UUID anywhere else (a product link's `?ref=`, a link inside a Text
 * record) is no token, and a tag whose records name a UUID that is no token, or two different
 * tokens, is refused whole. Pure; never throws.
 */
import { nfcTokenSchema } from '../../shared/wire/requests';
import { bytesToHex } from './bytes';

export type TokenExtraction = { ok: true; token: string } | { ok: false; reason: string };

const NOT_A_TOKEN = 'the phone sent something that is not a payment token';
const UUID_IN_TEXT =
  /(?<![0-9A-Za-z-])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Za-z-])/g;

function checked(candidate: string): TokenExtraction {
  const parsed = nfcTokenSchema.safeParse(candidate.toLowerCase());
  return parsed.success ? { ok: true, token: parsed.data } : { ok: false, reason: NOT_A_TOKEN };
}

function uuidFromRaw(bytes: Uint8Array): string {
  const hex = bytesToHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The data of the wallet's answer to SELECT by AID: the token as 36 ASCII characters
 * (trailing NULs or line ends tolerated, as some wallets pad) or as 16 raw bytes.
 */
export function tokenFromAidData(data: Uint8Array): TokenExtraction {
  if (data.length === 0) return { ok: false, reason: 'the phone answered without a token' };
  if (data.length === 16) return checked(uuidFromRaw(data));
  let end = data.length;
  while (end > 0 && [0x00, 0x0a, 0x0d, 0x20].includes(data[end - 1] as number)) end--;
  if (end !== 36) return { ok: false, reason: NOT_A_TOKEN };
  let text = '';
  for (let i = 0; i < end; i++) {
    const byte = data[i] as number;
    if (byte < 0x20 || byte > 0x7e) return { ok: false, reason: NOT_A_TOKEN };
    text += String.fromCharCode(byte);
  }
  return checked(text);
}

/** Characters that make a word around a UUID part of a link: a path, a query, a fragment, a user. */
const LINK_PUNCTUATION = /[/?=&#@\\]/;

/**
 * The word (between white space) around each UUID found in `text`: a UUID inside a link in a
 * Text record ("see https://shop.example/item?ref=<uuid>") is the link's, not a token.
 */
function insideLink(text: string, match: RegExpMatchArray): boolean {
  const start = match.index ?? 0;
  const end = start + match[0].length;
  const before = text.slice(0, start).split(/\s/).at(-1) ?? '';
  const after = text.slice(end).split(/\s/)[0] ?? '';
  const word = `${before}${after}`;
  return LINK_PUNCTUATION.test(word) || /^www\./i.test(before);
}

/**
 * The one UUID inside free text; two different ones are ambiguous and refused, and so is one
 * inside a link written in the text.
 */
export function tokenFromText(text: string): TokenExtraction {
  const matches = [...text.matchAll(UUID_IN_TEXT)];
  if (matches.some((match) => insideLink(text, match)))
    return { ok: false, reason: 'the text holds a link, and a link in text is no payment token' };
  const found = new Set(matches.map((match) => match[0].toLowerCase()));
  if (found.size === 0) return { ok: false, reason: NOT_A_TOKEN };
  if (found.size > 1) return { ok: false, reason: 'the phone sent more than one possible token' };
  return checked([...found][0] as string);
}

/** The wallet's parameter form: `https://<host>/pay?token=<token>`, nothing more. */
const PARAMETER_PATH = '/pay';
const PARAMETER_QUERY = /^\?token=([^&]*)$/;
/** The wallet's path form: `https://<host>/pay/<token>`, nothing more. */
const PATH_FORM = /^\/pay\/([^/]*)$/;
/** Spaces, control characters and backslashes: the URL parser drops or rewrites them. */
function unspellable(text: string): boolean {
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || character === '\\') return true;
  }
  return false;
}

const NO_TOKEN_IN_LINK =
  'the tag holds a link without a payment token (no token parameter, no /pay/ path)';

function refused(reason: string): TokenExtraction {
  return { ok: false, reason };
}

/**
 * A link holds a token only in the forms the wallet uses (docs/payment-service.md: NFC
 * payment), exactly: `https://<host>/pay?token=<token>` or `https://<host>/pay/<token>`. Only
 * https; no user name, no fragment, no other parameter or path; written as the URL standard
 * writes it (no spaces, control characters, backslashes, dot segments or escapes that the
 * parser would rewrite, no encoded parameter name). Any other UUID in a link, as a product
 * page's `?ref=<uuid>` or an id in a web path, is not a payment token, however UUID-shaped.
 */
export function tokenFromUri(uri: string): TokenExtraction {
  if (unspellable(uri))
    return refused('the tag holds a link with spaces, control characters or backslashes');
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return refused('the tag holds a link that is not a valid address');
  }
  if (url.protocol !== 'https:') return refused('the tag holds a link that is not https');
  if (url.username !== '' || url.password !== '')
    return refused('the tag holds a link with a user name in it');
  // What the parser rewrote (dot segments, an upper-case scheme or host...) is not the
  // wallet's spelling, and neither is a fragment, even an empty one.
  if (url.href !== uri || uri.includes('#')) return refused(NO_TOKEN_IN_LINK);
  const tokenParameters = url.searchParams.getAll('token');
  if (tokenParameters.length > 1) return refused('the link has more than one token parameter');
  const exact = url.pathname === PARAMETER_PATH ? PARAMETER_QUERY.exec(url.search) : null;
  if (exact) {
    const fromParameter = checked(exact[1] ?? '');
    return fromParameter.ok
      ? fromParameter
      : refused("the link's token parameter is not a payment token");
  }
  if (tokenParameters.length > 0)
    return refused(
      "the link's token parameter is not in the wallet's form (https://<host>/pay?token=<token>)",
    );
  const pathToken = PATH_FORM.exec(url.pathname)?.[1];
  if (pathToken !== undefined && url.search === '') {
    const fromPath = checked(pathToken);
    return fromPath.ok
      ? fromPath
      : refused("the link's /pay/ path does not end in a payment token");
  }
  return refused(NO_TOKEN_IN_LINK);
}

/** A decoded Text or URI record of an NDEF message. */
export interface TokenCarrier {
  kind: 'text' | 'uri';
  value: string;
}

/** Any UUID at all, as written or once percent-decoded, glued to anything. */
const ANY_UUID = /[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/;

function namesAUuid(value: string): boolean {
  if (ANY_UUID.test(value)) return true;
  try {
    return ANY_UUID.test(decodeURIComponent(value));
  } catch {
    return false;
  }
}

/**
 * The token of a whole NDEF message, from its Text and URI records in order. Every record
 * that yields a token must yield the same one; a record that names a UUID without giving it
 * as a token (a product link's `?ref=`, a link written in a Text record) makes the tag one
 * that is not the wallet's, and it is refused whole, whatever its other records hold.
 */
export function tokenFromCarriers(carriers: readonly TokenCarrier[]): TokenExtraction {
  const tokens = new Set<string>();
  let firstProblem: string | null = null;
  for (const carrier of carriers) {
    const found =
      carrier.kind === 'uri' ? tokenFromUri(carrier.value) : tokenFromText(carrier.value);
    if (found.ok) tokens.add(found.token);
    else if (namesAUuid(carrier.value)) return found;
    else firstProblem ??= found.reason;
  }
  if (tokens.size > 1) return refused('the tag holds more than one possible token');
  const [token] = tokens;
  if (token !== undefined) return { ok: true, token };
  return refused(firstProblem ?? 'the tag holds no text or link record');
}
