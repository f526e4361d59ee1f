import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  getResponse,
  isMoreDataWaiting,
  isWrongLe,
  parseAid,
  readBinary,
  selectByAid,
  selectFile,
  splitResponse,
  swHex,
  withShortLe,
} from '../../../electron/nfc/apdu';
import { bytesToHex, hexToBytes } from '../../../electron/nfc/bytes';

const hex = (bytes: Uint8Array) => bytesToHex(bytes).toUpperCase();

describe('APDU building', () => {
  it('selects the default wallet AID with Lc and Le', () => {
    const aid = parseAid('F0504F533235');
    if (!aid.ok) throw new Error(aid.reason);
    expect(hex(selectByAid(aid.aid))).toBe('00A4040006F0504F53323500');
  });

  it('selects a file by identifier without asking for FCI', () => {
    expect(hex(selectFile(0xe103))).toBe('00A4000C02E103');
  });

  it('reads binary with a short Le up to 256 bytes (00 means 256)', () => {
    expect(hex(readBinary(0, 15))).toBe('00B000000F');
    expect(hex(readBinary(0x0102, 255))).toBe('00B00102FF');
    expect(hex(readBinary(2, 256))).toBe('00B0000200');
  });

  it('reads binary with an extended Le beyond 256 bytes', () => {
    expect(hex(readBinary(2, 1000))).toBe('00B00002' + '0003E8');
  });

  it('builds GET RESPONSE and replaces a short Le after 6Cxx', () => {
    expect(hex(getResponse(0x20))).toBe('00C0000020');
    expect(hex(withShortLe(readBinary(0, 15), 0x0a))).toBe('00B000000A');
  });
});

describe('AID setting', () => {
  it.each(['', 'F0', 'XYZ123456789', 'F0504F53', 'F0504F53323'])('refuses %j', (text) => {
    expect(parseAid(text).ok).toBe(false);
  });
  it('accepts 5 to 16 bytes of hex, spaces allowed', () => {
    expect(parseAid('F0 50 4F 53 32').ok).toBe(true);
    expect(parseAid('00'.repeat(16)).ok).toBe(true);
    expect(parseAid('00'.repeat(17)).ok).toBe(false);
  });
});

describe('response status words', () => {
  it('splits data from SW1 SW2', () => {
    const split = splitResponse(hexToBytes('01029000') as Uint8Array);
    expect(split).toEqual({ ok: true, data: Uint8Array.of(1, 2), sw: 0x9000 });
    expect(swHex(0x6a82)).toBe('6A82');
  });

  it('refuses answers shorter than a status word', () => {
    expect(splitResponse(new Uint8Array())).toEqual({ ok: false, reason: 'too-short' });
    expect(splitResponse(Uint8Array.of(0x90))).toEqual({ ok: false, reason: 'too-short' });
  });

  it('recognises 61xx and 6Cxx', () => {
    expect(isMoreDataWaiting(0x6110)).toBe(true);
    expect(isWrongLe(0x6c0a)).toBe(true);
    expect(isMoreDataWaiting(0x9000)).toBe(false);
  });

  it('never throws on hostile bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const split = splitResponse(bytes);
        expect(split.ok).toBe(bytes.length >= 2);
      }),
    );
    fc.assert(fc.property(fc.string(), (text) => void parseAid(text)));
  });
});
