import { v7 } from 'uuid';

/**
 * Order identifiers (docs/payment-service.md: order_id): unique across devices, reinstalls and restarts,
 * time-ordered, with a short human reference the cashier can read out.
 *
 * The order id is a UUIDv7: 48 bits of millisecond time, then 74 random bits. Sorting
 * ids as text sorts them by creation millisecond; the random bits make collisions between
 * tills negligible without any coordination. The reference is 6 Crockford base32
 * characters (30 bits) from the random tail, never from the timestamp, so two orders made
 * in the same minute still get different-looking references. It is for reading out and
 * searching, not an identity: on one till two orders share a reference about once in
 * a billion pairs, and a search lists every match.
 */

export interface OrderIdentity {
  orderId: string;
  /** Display form, e.g. 'K7M-Q4X'. */
  reference: string;
}

/** Crockford base32: no I, L, O, U, so a reference read aloud or copied by hand survives. */
export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Random bytes from Web Crypto, present in Node, Electron and browsers alike. */
function cryptoRandomBytes(n: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

/**
 * A new order id for the instant `nowMs` (from the Clock). Pass `randomBytes` in tests to
 * make the result deterministic; it must return at least 16 bytes.
 */
export function newOrderId(
  nowMs: number,
  randomBytes: (n: number) => Uint8Array = cryptoRandomBytes,
): OrderIdentity {
  if (!Number.isInteger(nowMs) || nowMs < 0 || nowMs > 0xffff_ffff_ffff) {
    throw new RangeError(
      `newOrderId: time must be a whole number of ms within 48 bits, got ${nowMs}`,
    );
  }
  const random = randomBytes(16);
  if (!(random instanceof Uint8Array) || random.length < 16) {
    throw new RangeError('newOrderId: randomBytes must return at least 16 bytes');
  }
  const orderId = v7({ msecs: nowMs, random: random.slice(0, 16) });
  return { orderId, reference: referenceOf(orderId) };
}

/** True for a UUID-shaped text (any version, any letter case). */
export function isOrderId(text: string): boolean {
  return typeof text === 'string' && UUID.test(text);
}

/**
 * The reference of an order id: the low 30 bits of the UUID (its last 8 hex digits, all
 * random in a UUIDv7) as 6 Crockford characters, shown 'ABC-DEF'. Throws RangeError for
 * a text that is not UUID-shaped.
 */
export function referenceOf(orderId: string): string {
  if (!isOrderId(orderId)) throw new RangeError('referenceOf: not an order id');
  let bits = Number.parseInt(orderId.slice(-8), 16) % 2 ** 30;
  let code = '';
  for (let i = 0; i < 6; i++) {
    code = REFERENCE_ALPHABET[bits % 32] + code;
    bits = Math.floor(bits / 32);
  }
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}

/**
 * A reference as typed or read out, reduced for comparison: upper case, no '-' or spaces,
 * O read as 0 and I/L as 1 (Crockford's rule). Compare normaliseReference(query) with
 * normaliseReference(reference); 'k7m q4x', 'K7MQ4X' and 'K7M-Q4X' all match.
 */
export function normaliseReference(text: string): string {
  return text
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}
