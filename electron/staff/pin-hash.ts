import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * PIN hashes as stored in the staff table and in IT's policy: `scrypt$N$r$p$salt$hash`, salt
 * and hash in base64. A PIN has at most 10^8 values, so the hash must be slow: scrypt with a
 * random salt per PIN, and the lockout (pin-lockout.ts) on top.
 */
const COST = 16_384;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

/**
 * Bounds for a hash read back (IT's policy may carry one made elsewhere): wide enough for any
 * sane parameters, narrow enough that a hand-edited hash cannot make one check take a
 * gigabyte or a minute.
 */
const MAX_COST = 1_048_576;
const MAX_MEMORY_BYTES = 256 * 1024 * 1024;

function deriveKey(pin: string, salt: Buffer, keyBytes: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(pin, salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(pin, salt, KEY_BYTES, {
    N: COST,
    r: BLOCK_SIZE,
    p: PARALLELISM,
  });
  return ['scrypt', COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')]
    .map(String)
    .join('$');
}

interface StoredHash {
  options: Required<Pick<ScryptOptions, 'N' | 'r' | 'p' | 'maxmem'>>;
  salt: Buffer;
  key: Buffer;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function parseStoredHash(stored: string): StoredHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, costText, blockText, parallelText, saltText, keyText] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (![costText, blockText, parallelText].every((text) => /^\d{1,7}$/.test(text))) return null;
  if (!BASE64.test(saltText) || !BASE64.test(keyText)) return null;
  const N = Number(costText);
  const r = Number(blockText);
  const p = Number(parallelText);
  const memory = 128 * N * r;
  const powerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX_COST || r < 1 || r > 32 || p < 1 || p > 16) return null;
  if (memory > MAX_MEMORY_BYTES) return null;
  const salt = Buffer.from(saltText, 'base64');
  const key = Buffer.from(keyText, 'base64');
  // Canonical base64 only: Buffer.from skips what it cannot read, so a cut hash would still decode.
  if (salt.toString('base64') !== saltText || key.toString('base64') !== keyText) return null;
  if (salt.length < SALT_BYTES || salt.length > 64 || key.length !== KEY_BYTES) return null;
  // Node refuses scrypt above its default 32 MiB unless told how much it may take.
  return { options: { N, r, p, maxmem: memory * 2 }, salt, key };
}

/** Whether `pin` is the one `stored` was made from. A malformed hash is false, never a throw. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed) return false;
  let key: Buffer;
  try {
    key = await deriveKey(pin, parsed.salt, KEY_BYTES, parsed.options);
  } catch {
    return false;
  }
  return timingSafeEqual(key, parsed.key);
}

/** Any well-formed hash with the default parameters: what an unknown name is checked against. */
const NOBODY_HASH = [
  'scrypt',
  COST,
  BLOCK_SIZE,
  PARALLELISM,
  Buffer.alloc(SALT_BYTES, 1).toString('base64'),
  Buffer.alloc(KEY_BYTES, 2).toString('base64'),
].join('$');

/**
 * Spends one PIN check's worth of scrypt for somebody who does not exist, so how long a
 * refusal takes does not tell who is on the staff list.
 */
export async function spendPinCheck(pin: string): Promise<void> {
  await verifyPin(pin, NOBODY_HASH);
}
