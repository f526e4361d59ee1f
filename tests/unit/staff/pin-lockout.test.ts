import { describe, expect, it } from 'vitest';
import { lockedUntilAfter, waitInWords } from '../../../electron/staff/pin-lockout';

describe('PIN lockout rule', () => {
  const now = 1_000_000;

  it('lets four wrong PINs pass, locks 30 s at the fifth and doubles up to 15 minutes', () => {
    expect([1, 2, 3, 4].map((failed) => lockedUntilAfter(failed, now))).toEqual([
      null,
      null,
      null,
      null,
    ]);
    const waits = [5, 6, 7, 8, 9, 10, 11, 40, 5000].map(
      (failed) => lockedUntilAfter(failed, now)! - now,
    );
    expect(waits).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000, 900_000,
    ]);
  });

  it('says the wait in words', () => {
    expect(waitInWords(30_000)).toBe('30 seconds');
    expect(waitInWords(1_000)).toBe('1 second');
    expect(waitInWords(200)).toBe('1 second');
    expect(waitInWords(60_000)).toBe('1 minute');
    expect(waitInWords(61_000)).toBe('2 minutes');
    expect(waitInWords(900_000)).toBe('15 minutes');
  });
});
