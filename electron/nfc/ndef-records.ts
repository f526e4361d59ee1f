/**
 * Decoding of the two NDEF record kinds a wallet may use to carry its token: the well-known
 * Text record ("T", NFC Forum RTD-Text) and URI record ("U", RTD-URI), plus absolute-URI
 * records. Pure; never throws: undecodable bytes give a typed failure.
 */
import type { NdefRecord } from './ndef-message';
import { TNF_ABSOLUTE_URI, TNF_WELL_KNOWN } from './ndef-message';

export type RecordText =
  { ok: true; kind: 'text' | 'uri'; value: string } | { ok: false; reason: string };

/** RTD-URI 1.0 table 3: identifier code -> prefix. Codes above 0x23 are reserved. */
export const URI_PREFIXES: readonly string[] = [
  '',
  'http://www.',
  'https://www.',
  'http://',
  'https://',
  'tel:',
  'mailto:',
  'ftp://anonymous:anonymous@',
  'ftp://ftp.',
  'ftps://',
  'sftp://',
  'smb://',
  'nfs://',
  'ftp://',
  'dav://',
  'news:',
  'telnet://',
  'imap:',
  'rtsp://',
  'urn:',
  'pop:',
  'sip:',
  'sips:',
  'tftp:',
  'btspp://',
  'btl2cap://',
  'btgoep://',
  'tcpobex://',
  'irdaobex://',
  'file://',
  'urn:epc:id:',
  'urn:epc:tag:',
  'urn:epc:pat:',
  'urn:epc:raw:',
  'urn:epc:',
  'urn:nfc:',
];

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/** UTF-16 as RTD-Text allows: a BOM says the order, big-endian without one. */
function decodeUtf16(bytes: Uint8Array): string | null {
  if (bytes.length % 2 !== 0) return null;
  let body = bytes;
  let littleEndian = false;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    littleEndian = true;
    body = bytes.subarray(2);
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    body = bytes.subarray(2);
  }
  const le = new Uint8Array(body.length);
  for (let i = 0; i + 1 < body.length; i += 2) {
    le[i] = littleEndian ? (body[i] as number) : (body[i + 1] as number);
    le[i + 1] = littleEndian ? (body[i + 1] as number) : (body[i] as number);
  }
  try {
    return new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true }).decode(le);
  } catch {
    return null;
  }
}

function isWellKnown(record: NdefRecord, type: string): boolean {
  return (
    record.tnf === TNF_WELL_KNOWN &&
    record.type.length === 1 &&
    record.type[0] === type.charCodeAt(0)
  );
}

export function decodeTextRecord(payload: Uint8Array): RecordText {
  const status = payload[0];
  if (status === undefined) return { ok: false, reason: 'the tag has an empty text record' };
  if (status & 0x40)
    return { ok: false, reason: 'the tag has a text record with a reserved flag set' };
  const languageLength = status & 0x3f;
  if (1 + languageLength > payload.length)
    return { ok: false, reason: 'the tag has a text record cut short' };
  const textBytes = payload.subarray(1 + languageLength);
  const text = status & 0x80 ? decodeUtf16(textBytes) : decodeUtf8(textBytes);
  if (text === null)
    return { ok: false, reason: 'the tag has a text record that is not valid text' };
  return { ok: true, kind: 'text', value: text };
}

export function decodeUriRecord(payload: Uint8Array): RecordText {
  const code = payload[0];
  if (code === undefined) return { ok: false, reason: 'the tag has an empty link record' };
  const prefix = URI_PREFIXES[code];
  if (prefix === undefined)
    return { ok: false, reason: 'the tag has a link record with an unknown prefix' };
  const rest = decodeUtf8(payload.subarray(1));
  if (rest === null)
    return { ok: false, reason: 'the tag has a link record that is not valid text' };
  return { ok: true, kind: 'uri', value: prefix + rest };
}

/** Text of a record that may carry a token; null for record kinds a wallet would not use. */
export function decodeTokenCarrier(record: NdefRecord): RecordText | null {
  if (isWellKnown(record, 'T')) return decodeTextRecord(record.payload);
  if (isWellKnown(record, 'U')) return decodeUriRecord(record.payload);
  if (record.tnf === TNF_ABSOLUTE_URI) {
    const uri = decodeUtf8(record.type);
    return uri === null
      ? { ok: false, reason: 'the tag has a link record that is not valid text' }
      : { ok: true, kind: 'uri', value: uri };
  }
  return null;
}
