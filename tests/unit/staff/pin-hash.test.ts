import { describe, expect, it } from 'vitest';
import { hashPin, spendPinCheck, verifyPin } from '../../../electron/staff/pin-hash';

describe('PIN hashes', () => {
  it('a PIN verifies against its own hash and no other PIN does', async () => {
    const stored = await hashPin('4821');
    expect(await verifyPin('4821', stored)).toBe(true);
    expect(await verifyPin('4822', stored)).toBe(false);
    expect(await verifyPin('48210', stored)).toBe(false);
    expect(await verifyPin('', stored)).toBe(false);
  });

  it('names its algorithm and parameters, with a 16-byte salt and a 32-byte key', async () => {
    const stored = await hashPin('12345678');
    const match = /^scrypt\$16384\$8\$1\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored);
    expect(match).not.toBeNull();
    expect(Buffer.from(match![1]!, 'base64')).toHaveLength(16);
    expect(Buffer.from(match![2]!, 'base64')).toHaveLength(32);
    expect(stored).not.toContain('12345678');
  });

  it('salts each hash anew: the same PIN twice gives two hashes that both verify', async () => {
    const first = await hashPin('4821');
    const second = await hashPin('4821');
    expect(first).not.toBe(second);
    expect(first.split('$')[4]).not.toBe(second.split('$')[4]);
    expect(await verifyPin('4821', first)).toBe(true);
    expect(await verifyPin('4821', second)).toBe(true);
  });

  it('reads the parameters from the stored hash (a hash made with other ones still verifies)', async () => {
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.alloc(16, 7);
    const key = scryptSync('4821', salt, 32, { N: 1024, r: 4, p: 2 });
    const stored = `scrypt$1024$4$2$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(await verifyPin('4821', stored)).toBe(true);
    expect(await verifyPin('4820', stored)).toBe(false);
  });

  it('says false, never throws, for a malformed or hostile stored hash', async () => {
    const good = await hashPin('4821');
    const [, , , , salt, key] = good.split('$');
    const malformed = [
      '',
      'plain-text-pin',
      '4821',
      good.replace('scrypt$', 'bcrypt$'),
      good.slice(0, -10),
      `${good}$extra`,
      `scrypt$16384$8$1$${salt}`,
      `scrypt$abc$8$1$${salt}$${key}`,
      `scrypt$16383$8$1$${salt}$${key}`, // N not a power of two
      `scrypt$0$8$1$${salt}$${key}`,
      `scrypt$16384$0$1$${salt}$${key}`,
      `scrypt$16384$8$0$${salt}$${key}`,
      `scrypt$4194304$8$1$${salt}$${key}`, // 4 GiB of memory: refused before scrypt runs
      `scrypt$16384$8$1$!!notbase64$${key}`,
      `scrypt$16384$8$1$${salt}$`,
      `scrypt$16384$8$1$AAAA$${key}`, // a 3-byte salt
      `scrypt$16384$8$1$${salt}$AAAA`, // a 3-byte key
      `scrypt$16384$8$1$${salt}$${key!.slice(0, 32)}`, // a cut key (its prefix would match)
      `scrypt$16384$8$1$${salt}$${Buffer.alloc(33).toString('base64')}`,
    ];
    for (const stored of malformed) {
      await expect(verifyPin('4821', stored), stored).resolves.toBe(false);
    }
  });

  it('spends a PIN check for nobody without throwing', async () => {
    await expect(spendPinCheck('4821')).resolves.toBeUndefined();
  });
});
