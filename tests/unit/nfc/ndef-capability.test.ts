import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseCapabilityContainer } from '../../../electron/nfc/ndef-capability';
import { hexToBytes } from '../../../electron/nfc/bytes';

const cc = (text: string) => hexToBytes(text) as Uint8Array;

describe('capability container (E103)', () => {
  it('reads MLe, the NDEF file id and its size from a T4T 2.0 container', () => {
    const result = parseCapabilityContainer(cc('000F 20 003B 0034 04 06 E104 0FFF 00 FF'));
    expect(result).toEqual({
      ok: true,
      cc: {
        mappingVersion: 0x20,
        maxReadLength: 0x3b,
        ndefFileId: 0xe104,
        maxNdefFileSize: 0x0fff,
        lengthFieldSize: 2,
      },
    });
  });

  it('reads the extended file control TLV of T4T 3.0 (4-byte length field)', () => {
    const result = parseCapabilityContainer(cc('0011 30 00FF 00FF 06 08 E104 00010000 00 FF'));
    expect(result.ok && result.cc.lengthFieldSize).toBe(4);
    expect(result.ok && result.cc.maxNdefFileSize).toBe(0x10000);
  });

  it.each([
    ['too short', '000F 20 003B'],
    ['unknown version', '000F 10 003B 0034 04 06 E104 0FFF 00 FF'],
    ['MLe below 15', '000F 20 000E 0034 04 06 E104 0FFF 00 FF'],
    ['no file control TLV', '000F 20 003B 0034 05 06 E104 0FFF 00 FF'],
    ['reserved file id', '000F 20 003B 0034 04 06 E103 0FFF 00 FF'],
    ['tiny NDEF file', '000F 20 003B 0034 04 06 E104 0004 00 FF'],
    ['CCLEN too small', '000E 20 003B 0034 04 06 E104 0FFF 00 FF'],
  ])('refuses a container with %s', (_name, text) => {
    expect(parseCapabilityContainer(cc(text)).ok).toBe(false);
  });

  it('refuses an NDEF file that may not be read', () => {
    const result = parseCapabilityContainer(cc('000F 20 003B 0034 04 06 E104 0FFF 80 FF'));
    expect(result).toEqual({
      ok: false,
      reason: 'the tag does not allow its NDEF file to be read',
    });
  });

  it('never throws on hostile bytes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 40 }),
        (bytes) => void parseCapabilityContainer(bytes),
      ),
    );
  });
});
