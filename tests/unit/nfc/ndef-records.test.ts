import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  URI_PREFIXES,
  decodeTextRecord,
  decodeTokenCarrier,
  decodeUriRecord,
} from '../../../electron/nfc/ndef-records';
import { parseNdefMessage } from '../../../electron/nfc/ndef-message';
import { textRecordMessage, uriRecordMessage } from '../../support/virtual-wallet-card';

function onlyRecord(message: Uint8Array) {
  const parsed = parseNdefMessage(message);
  if (!parsed.ok || !parsed.records[0]) throw new Error('bad fixture');
  return parsed.records[0];
}

describe('Text record', () => {
  it('decodes UTF-8 after the language code', () => {
    expect(decodeTokenCarrier(onlyRecord(textRecordMessage('pay 🙂 now')))).toEqual({
      ok: true,
      kind: 'text',
      value: 'pay 🙂 now',
    });
  });

  it('decodes UTF-16 with a big-endian BOM', () => {
    expect(decodeTokenCarrier(onlyRecord(textRecordMessage('café', 'utf-16')))).toEqual({
      ok: true,
      kind: 'text',
      value: 'café',
    });
  });

  it('decodes UTF-16 little-endian with its BOM, and big-endian without one', () => {
    expect(decodeTextRecord(Uint8Array.of(0x80, 0xff, 0xfe, 0x41, 0x00))).toEqual({
      ok: true,
      kind: 'text',
      value: 'A',
    });
    expect(decodeTextRecord(Uint8Array.of(0x80, 0x00, 0x42))).toEqual({
      ok: true,
      kind: 'text',
      value: 'B',
    });
  });

  it.each([
    ['empty payload', []],
    ['language longer than the payload', [0x05, 0x65]],
    ['reserved status bit', [0x42, 0x65, 0x6e]],
    ['invalid UTF-8', [0x00, 0xc3, 0x28]],
    ['odd UTF-16 length', [0x80, 0x00]],
    ['lone UTF-16 surrogate', [0x80, 0xd8, 0x00]],
  ])('refuses %s', (_name, payload) => {
    expect(decodeTextRecord(Uint8Array.from(payload)).ok).toBe(false);
  });
});

describe('URI record', () => {
  it('expands the identifier code with the RTD-URI prefix table', () => {
    expect(decodeTokenCarrier(onlyRecord(uriRecordMessage('https://wallet.example/pay')))).toEqual({
      ok: true,
      kind: 'uri',
      value: 'https://wallet.example/pay',
    });
    expect(URI_PREFIXES[0x23]).toBe('urn:nfc:');
    expect(decodeUriRecord(Uint8Array.of(0x23, 0x61))).toEqual({
      ok: true,
      kind: 'uri',
      value: 'urn:nfc:a',
    });
  });

  it('refuses reserved identifier codes and empty payloads', () => {
    expect(decodeUriRecord(Uint8Array.of(0x24, 0x61)).ok).toBe(false);
    expect(decodeUriRecord(new Uint8Array()).ok).toBe(false);
  });

  it('reads an absolute-URI record from its type field', () => {
    const record = {
      tnf: 3,
      type: new TextEncoder().encode('https://w.example/?token=x'),
      id: new Uint8Array(),
      payload: new Uint8Array(),
    };
    expect(decodeTokenCarrier(record)).toEqual({
      ok: true,
      kind: 'uri',
      value: 'https://w.example/?token=x',
    });
  });

  it('ignores record kinds that cannot carry a token', () => {
    const record = {
      tnf: 2,
      type: new TextEncoder().encode('text/plain'),
      id: new Uint8Array(),
      payload: new Uint8Array(),
    };
    expect(decodeTokenCarrier(record)).toBeNull();
  });

  it('never throws on hostile payloads', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (payload) => {
        void decodeTextRecord(payload);
        void decodeUriRecord(payload);
      }),
      { numRuns: 2000 },
    );
  });
});
