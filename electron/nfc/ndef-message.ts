/**
 * NDEF message parsing (NFC Forum NDEF 1.0): short and long records, optional ID field.
 * Chunked records are refused: a wallet token fits one record, and reassembly is one more
 * place for hostile bytes to hide. Pure; never throws.
 */

export interface NdefRecord {
  /** Type Name Format: 1 well-known, 3 absolute URI, ... */
  tnf: number;
  type: Uint8Array;
  id: Uint8Array;
  payload: Uint8Array;
}

export type NdefParse = { ok: true; records: NdefRecord[] } | { ok: false; reason: string };

const FLAG_MB = 0x80;
const FLAG_ME = 0x40;
const FLAG_CF = 0x20;
const FLAG_SR = 0x10;
const FLAG_IL = 0x08;

const TNF_EMPTY = 0x00;
export const TNF_WELL_KNOWN = 0x01;
export const TNF_ABSOLUTE_URI = 0x03;
const TNF_UNCHANGED = 0x06;
const TNF_RESERVED = 0x07;

export function parseNdefMessage(bytes: Uint8Array): NdefParse {
  const bad = (detail: string): NdefParse => ({
    ok: false,
    reason: `the tag's NDEF message is invalid (${detail})`,
  });
  if (bytes.length === 0) return bad('empty');
  const records: NdefRecord[] = [];
  let offset = 0;
  for (;;) {
    if (offset >= bytes.length) return bad('ends without a last record');
    const header = bytes[offset] as number;
    const tnf = header & 0x07;
    if (records.length === 0 && !(header & FLAG_MB)) return bad('first record not marked as first');
    if (records.length > 0 && header & FLAG_MB) return bad('second message start');
    if (header & FLAG_CF || tnf === TNF_UNCHANGED) {
      return {
        ok: false,
        reason: 'the tag uses chunked NDEF records, which the till does not accept',
      };
    }
    if (tnf === TNF_RESERVED) return bad('reserved record format');
    let cursor = offset + 1;
    const typeLength = bytes[cursor];
    cursor += 1;
    let payloadLength: number | undefined;
    if (header & FLAG_SR) {
      payloadLength = bytes[cursor];
      cursor += 1;
    } else if (cursor + 4 <= bytes.length) {
      payloadLength =
        (bytes[cursor] as number) * 0x1000000 +
        (((bytes[cursor + 1] as number) << 16) |
          ((bytes[cursor + 2] as number) << 8) |
          (bytes[cursor + 3] as number));
      cursor += 4;
    }
    let idLength = 0;
    if (header & FLAG_IL) {
      const value = bytes[cursor];
      if (value === undefined) return bad('truncated header');
      idLength = value;
      cursor += 1;
    }
    if (typeLength === undefined || payloadLength === undefined || cursor > bytes.length)
      return bad('truncated header');
    if (tnf === TNF_EMPTY && (typeLength !== 0 || idLength !== 0 || payloadLength !== 0))
      return bad('empty record with content');
    const end = cursor + typeLength + idLength + payloadLength;
    if (end > bytes.length) return bad('record longer than the message');
    const type = bytes.subarray(cursor, cursor + typeLength);
    const id = bytes.subarray(cursor + typeLength, cursor + typeLength + idLength);
    const payload = bytes.subarray(cursor + typeLength + idLength, end);
    records.push({ tnf, type, id, payload });
    offset = end;
    if (header & FLAG_ME) break;
  }
  if (offset !== bytes.length) return bad('bytes after the last record');
  return { ok: true, records };
}
