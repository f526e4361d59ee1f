import type * as crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A separate file: this mock of node:crypto counts the calls that decide and that cost time.
const calls = vi.hoisted(() => ({ compare: 0, scrypt: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return {
    ...actual,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      calls.compare += 1;
      return actual.timingSafeEqual(a, b);
    },
    scrypt: (...args: Parameters<typeof actual.scrypt>) => {
      calls.scrypt += 1;
      return actual.scrypt(...args);
    },
  };
});

const { hashPin, verifyPin } = await import('../../../electron/staff/pin-hash');
const { rigWithTeam, CASHIER_PIN } = await import('./staff-rig');

describe('PIN comparison', () => {
  beforeEach(() => {
    calls.compare = 0;
    calls.scrypt = 0;
  });

  it('compares the derived key in constant time, for a right and a wrong PIN alike', async () => {
    const stored = await hashPin('4821');
    expect(await verifyPin('4821', stored)).toBe(true);
    expect(calls.compare).toBe(1);
    expect(await verifyPin('1111', stored)).toBe(false);
    expect(calls.compare).toBe(2);
  });

  describe('with a staff list', () => {
    let rig: Awaited<ReturnType<typeof rigWithTeam>>;
    afterEach(() => rig.cleanup());

    it('a sign-in as somebody unknown costs one scrypt, as a known person’s does', async () => {
      rig = await rigWithTeam();
      calls.scrypt = 0;
      await rig.refused(() => rig.staff.signIn('nobody', CASHIER_PIN), 'unknown-staff');
      expect(calls.scrypt).toBe(1);
      await rig.refused(() => rig.staff.signIn('staff-2', '00000000'), 'wrong-pin');
      expect(calls.scrypt).toBe(2);
    });
  });
});
