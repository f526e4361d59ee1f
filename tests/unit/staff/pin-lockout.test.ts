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

  it('the fifth wrong PIN is the first that locks: 4 free, 5 locks 30 s, 6 locks 60 s', () => {
    expect(lockedUntilAfter(0, now)).toBeNull();
    expect(lockedUntilAfter(4, now)).toBeNull();
    expect(lockedUntilAfter(5, now)).toBe(1_030_000);
    expect(lockedUntilAfter(6, now)).toBe(1_060_000);
  });

  it('counts the wait from the moment given', () => {
    expect(lockedUntilAfter(5, 0)).toBe(30_000);
    expect(lockedUntilAfter(5, 2_000_000)).toBe(2_030_000);
    expect(lockedUntilAfter(10, 2_000_000)).toBe(2_900_000);
  });

  it('stops doubling at 15 minutes: 8 minutes at the ninth, 15 at the tenth and the eleventh', () => {
    expect(lockedUntilAfter(9, now)).toBe(now + 480_000);
    expect(lockedUntilAfter(10, now)).toBe(now + 900_000);
    expect(lockedUntilAfter(11, now)).toBe(now + 900_000);
  });

  it('stays at 15 minutes, a finite time, for counts far past any doubling', () => {
    for (const failed of [34, 35, 36, 1_100, Number.MAX_SAFE_INTEGER]) {
      expect(lockedUntilAfter(failed, now), String(failed)).toBe(now + 900_000);
    }
  });

  it('rounds a wait up to the whole second, and never says less than 1 second', () => {
    expect(waitInWords(0)).toBe('1 second');
    expect(waitInWords(-5_000)).toBe('1 second');
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(999)).toBe('1 second');
    expect(waitInWords(1_001)).toBe('2 seconds');
    expect(waitInWords(1_999)).toBe('2 seconds');
    expect(waitInWords(2_000)).toBe('2 seconds');
    expect(waitInWords(2_001)).toBe('3 seconds');
  });

  it('says seconds up to 59, minutes from 60 seconds, rounded up to the whole minute', () => {
    expect(waitInWords(58_001)).toBe('59 seconds');
    expect(waitInWords(59_000)).toBe('59 seconds');
    expect(waitInWords(59_001)).toBe('1 minute');
    expect(waitInWords(60_001)).toBe('2 minutes');
    expect(waitInWords(119_000)).toBe('2 minutes');
    expect(waitInWords(120_000)).toBe('2 minutes');
    expect(waitInWords(120_001)).toBe('3 minutes');
    expect(waitInWords(899_001)).toBe('15 minutes');
    expect(waitInWords(900_001)).toBe('16 minutes');
  });
});
