/**
 * Which bytes or text count as a wallet token (docs/payment-service.md: NFC payment): UUID-shaped, normalised
 * to lower case, checked with the same schema the generate_nfc request uses. Pure; never throws.
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

/** A link: its `token` query parameter when it has one, else the one UUID anywhere in it. */
export function tokenFromUri(uri: string): TokenExtraction {
  let parameter: string | null = null;
  try {
    parameter = new URL(uri).searchParams.get('token');
  } catch {
    parameter = null;
  }
  if (parameter !== null) {
    const fromParameter = checked(parameter.trim());
    if (fromParameter.ok) return fromParameter;
  }
  return tokenFromText(uri);
}
