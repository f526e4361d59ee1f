/**
 * ISO 7816-4 command APDUs the till sends and the split of a response into data and status
 * word. Pure: the protocol driver (token-reader.ts) decides what to send next.
 */
import { hexToBytes } from './bytes';

/** NFC Forum Type 4 Tag NDEF application (T4T spec 2.0+). */
export const NDEF_APPLICATION_AID = Uint8Array.of(0xd2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01);
/** Capability container file of a Type 4 tag. */
export const CC_FILE_ID = 0xe103;
/** The wallet's private AID when settings name none (docs/payment-service.md: NFC payment). */
export const DEFAULT_WALLET_AID_HEX = 'F0504F533235';
export const DEFAULT_WALLET_AID = Uint8Array.of(0xf0, 0x50, 0x4f, 0x53, 0x32, 0x35);
export const SW_OK = 0x9000;

export type AidCheck = { ok: true; aid: Uint8Array } | { ok: false; reason: string };

/** An AID from settings: 5 to 16 bytes of hex (ISO 7816-4 section 8.2.1.2). */
export function parseAid(text: string): AidCheck {
  const bytes = hexToBytes(text);
  if (!bytes)
    return {
      ok: false,
      reason: 'The wallet AID must be written in hexadecimal, e.g. F0504F533235.',
    };
  if (bytes.length < 5 || bytes.length > 16) {
    return { ok: false, reason: 'The wallet AID must be 5 to 16 bytes long.' };
  }
  return { ok: true, aid: bytes };
}

/** SELECT by DF name (AID), first or only occurrence, asking for the FCI/answer (Le = 00). */
export function selectByAid(aid: Uint8Array): Uint8Array {
  return Uint8Array.of(0x00, 0xa4, 0x04, 0x00, aid.length, ...aid, 0x00);
}

/** SELECT an elementary file by identifier, no response data (P2 = 0C), as T4T 2.0 does. */
export function selectFile(fileId: number): Uint8Array {
  return Uint8Array.of(0x00, 0xa4, 0x00, 0x0c, 0x02, (fileId >> 8) & 0xff, fileId & 0xff);
}

/**
 * READ BINARY at `offset` for `length` bytes. Up to 256 bytes is a short APDU (Le 00 means
 * 256); beyond that an extended-length APDU (3-byte Le, 0000 means 65536).
 */
export function readBinary(offset: number, length: number): Uint8Array {
  const p1 = (offset >> 8) & 0x7f;
  const p2 = offset & 0xff;
  if (length <= 256) return Uint8Array.of(0x00, 0xb0, p1, p2, length & 0xff);
  return Uint8Array.of(0x00, 0xb0, p1, p2, 0x00, (length >> 8) & 0xff, length & 0xff);
}

/** GET RESPONSE after a 61xx: fetch the `available` bytes the card holds (00 means 256). */
export function getResponse(available: number): Uint8Array {
  return Uint8Array.of(0x00, 0xc0, 0x00, 0x00, available & 0xff);
}

/** The same command with its one-byte Le replaced, for a 6Cxx "wrong Le, use xx" answer. */
export function withShortLe(command: Uint8Array, le: number): Uint8Array {
  const copy = Uint8Array.from(command);
  if (copy.length > 4) copy[copy.length - 1] = le & 0xff;
  return copy;
}

export type ResponseSplit =
  { ok: true; data: Uint8Array; sw: number } | { ok: false; reason: 'too-short' };

/** Every response ends in SW1 SW2; anything shorter is not an answer. */
export function splitResponse(response: Uint8Array): ResponseSplit {
  if (response.length < 2) return { ok: false, reason: 'too-short' };
  const sw =
    ((response[response.length - 2] as number) << 8) | (response[response.length - 1] as number);
  return { ok: true, data: response.subarray(0, response.length - 2), sw };
}

export function swHex(sw: number): string {
  return sw.toString(16).toUpperCase().padStart(4, '0');
}

/** 61xx: more data is waiting; fetch it with GET RESPONSE. */
export function isMoreDataWaiting(sw: number): boolean {
  return sw >> 8 === 0x61;
}

/** 6Cxx: wrong Le; the card says which one to send. */
export function isWrongLe(sw: number): boolean {
  return sw >> 8 === 0x6c;
}
