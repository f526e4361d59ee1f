/**
 * Which bytes or text count as a wallet token (docs/payment-service.md: NFC payment): UUID-shaped, normalised
 * to lower case, checked with the same schema the generate_nfc request uses, and only where
 * the wallet puts it (a link's token parameter or /pay/ path, not any UUID in a link). Pure;
 * never throws.
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

/** The one UUID inside free text; two different ones are ambiguous and refused. */
export function tokenFromText(text: string): TokenExtraction {
  const found = new Set((text.match(UUID_IN_TEXT) ?? []).map((match) => match.toLowerCase()));
  if (found.size === 0) return { ok: false, reason: NOT_A_TOKEN };
  if (found.size > 1) return { ok: false, reason: 'the phone sent more than one possible token' };
  return checked([...found][0] as string);
}

/** The path segment before the token in the wallet's path form, `…/pay/<token>`. */
const PAY_SEGMENT = 'pay';

/**
 * A link holds a token only in the forms the wallet uses (docs/payment-service.md: NFC
 * payment): its one `token` query parameter, else a path ending in `/pay/<token>`. Any other
 * UUID in a link, as a product page's `?ref=<uuid>` or an id in a web path, is not a payment
 * token, however UUID-shaped.
 */
export function tokenFromUri(uri: string): TokenExtraction {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return { ok: false, reason: 'the tag holds a link that is not a valid address' };
  }
  const parameters = url.searchParams.getAll('token');
  if (parameters.length > 1)
    return { ok: false, reason: 'the link has more than one token parameter' };
  const [parameter] = parameters;
  if (parameter !== undefined) {
    const fromParameter = checked(parameter);
    return fromParameter.ok
      ? fromParameter
      : { ok: false, reason: "the link's token parameter is not a payment token" };
  }
  const segments = url.pathname.split('/');
  if (segments.at(-2) === PAY_SEGMENT) {
    const fromPath = checked(segments.at(-1) ?? '');
    return fromPath.ok
      ? fromPath
      : { ok: false, reason: "the link's /pay/ path does not end in a payment token" };
  }
  return {
    ok: false,
    reason: 'the tag holds a link without a payment token (no token parameter, no /pay/ path)',
  };
}
