import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseNdefMessage } from '../../../electron/nfc/ndef-message';
import { hexToBytes } from '../../../electron/nfc/bytes';
import { ndefRecord } from '../../support/virtual-wallet-card';

const bytes = (text: string) => hexToBytes(text) as Uint8Array;

describe('NDEF message', () => {
  it('parses one short well-known record', () => {
    const result = parseNdefMessage(bytes('D1 01 03 54 02 65 6E'));
    expect(result.ok && result.records).toEqual([
      { tnf: 1, type: bytes('54'), id: new Uint8Array(), payload: bytes('02656E') },
    ]);
  });

  it('parses a long record (4-byte payload length) and an ID field', () => {
    const payload = new Uint8Array(300).fill(0x41);
    const result = parseNdefMessage(
      ndefRecord(0x01, 'T', Uint8Array.from([0x02, 0x65, 0x6e, ...payload]), true),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.records[0]?.payload.length).toBe(303);
    expect(new TextDecoder().decode(result.records[0]?.id)).toBe('w1');
  });

  it('parses several records up to the one marked last', () => {
    // MB record, middle record, ME record.
    const result = parseNdefMessage(bytes('91 01 01 55 00  11 01 01 54 00  51 01 01 55 04'));
    expect(result.ok && result.records.length).toBe(3);
  });

  it('refuses chunked records', () => {
    const result = parseNdefMessage(bytes('B1 01 01 54 00'));
    expect(result).toEqual({
      ok: false,
      reason: 'the tag uses chunked NDEF records, which the till does not accept',
    });
  });

  it.each([
    ['empty', ''],
    ['no message begin flag', '51 01 01 54 00'],
    ['payload past the end', 'D1 01 09 54 00'],
    ['truncated long length', 'C1 01 00 00'],
    ['no last record', '91 01 01 54 00'],
    ['bytes after the last record', 'D1 01 01 54 00 00'],
    ['reserved TNF', 'D7 00 00'],
    ['empty record with a type', 'D0 01 00 54'],
    ['two message begins', '91 01 01 54 00 D1 01 01 54 00'],
  ])('refuses %s', (_name, text) => {
    expect(parseNdefMessage(bytes(text)).ok).toBe(false);
  });

  it('never throws on hostile bytes and never reads past them', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (input) => {
        const result = parseNdefMessage(input);
        if (result.ok) {
          const total = result.records.reduce(
            (sum, record) => sum + record.payload.length + record.type.length,
            0,
          );
          expect(total).toBeLessThanOrEqual(input.length);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
