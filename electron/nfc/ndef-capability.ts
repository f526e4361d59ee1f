/**
 * The capability container (file E103) of an NFC Forum Type 4 tag: where the NDEF file is,
 * how large it may be and how much one READ BINARY may return (MLe). Pure; never throws.
 */
import { readUint16, readUint32 } from './bytes';

interface CapabilityContainer {
  /** Major version in the high nibble: 2 (T4T 2.0) or 3 (T4T 3.0). */
  mappingVersion: number;
  /** MLe: the most bytes one READ BINARY may ask for. */
  maxReadLength: number;
  ndefFileId: number;
  /** Size of the NDEF file including its length field. */
  maxNdefFileSize: number;
  /** Width of the length field at the start of the NDEF file: 2 (NLEN) or 4 (ENLEN). */
  lengthFieldSize: 2 | 4;
}

export type CapabilityCheck = { ok: true; cc: CapabilityContainer } | { ok: false; reason: string };

/** Bytes to read first: CCLEN(2) version(1) MLe(2) MLc(2) and the 8-byte NDEF file control TLV. */
export const CC_READ_LENGTH = 0x0f;

const reservedFileIds = new Set([0x0000, 0xe102, 0xe103, 0x3f00, 0x3fff, 0xffff]);

export function parseCapabilityContainer(bytes: Uint8Array): CapabilityCheck {
  const bad = (detail: string): CapabilityCheck => ({
    ok: false,
    reason: `the tag's capability container is invalid (${detail})`,
  });
  const ccLength = readUint16(bytes, 0);
  if (ccLength === null || bytes.length < CC_READ_LENGTH) return bad('too short');
  if (ccLength < CC_READ_LENGTH) return bad('length field too small');
  const version = bytes[2] as number;
  const major = version >> 4;
  if (major !== 2 && major !== 3) return bad(`mapping version ${version.toString(16)}`);
  const maxReadLength = readUint16(bytes, 3) as number;
  if (maxReadLength < 0x0f) return bad('maximum read size below 15 bytes');
  const tag = bytes[7] as number;
  const tlvLength = bytes[8] as number;
  let fileId: number;
  let maxSize: number;
  let readAccess: number;
  let lengthFieldSize: 2 | 4;
  if (tag === 0x04 && tlvLength === 0x06) {
    fileId = readUint16(bytes, 9) as number;
    maxSize = readUint16(bytes, 11) as number;
    readAccess = bytes[13] as number;
    lengthFieldSize = 2;
  } else if (tag === 0x06 && tlvLength === 0x08) {
    // Extended NDEF file control TLV (T4T 3.0): 4-byte size, ENLEN in the file.
    if (bytes.length < 17) return bad('extended file control too short');
    fileId = readUint16(bytes, 9) as number;
    maxSize = readUint32(bytes, 11) as number;
    readAccess = bytes[15] as number;
    lengthFieldSize = 4;
  } else {
    return bad('no NDEF file control TLV');
  }
  if (reservedFileIds.has(fileId)) return bad('reserved NDEF file identifier');
  if (maxSize < lengthFieldSize + 3) return bad('NDEF file too small');
  if (readAccess !== 0x00)
    return { ok: false, reason: 'the tag does not allow its NDEF file to be read' };
  return {
    ok: true,
    cc: {
      mappingVersion: version,
      maxReadLength,
      ndefFileId: fileId,
      maxNdefFileSize: maxSize,
      lengthFieldSize,
    },
  };
}
