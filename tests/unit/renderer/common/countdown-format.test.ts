import { describe, expect, it } from 'vitest';
import {
  countdownText,
  formatSeconds,
  secondsLeft,
} from '../../../../renderer/common/countdown-format';

const expiry = Date.UTC(2026, 10, 22, 9, 15, 0);

describe('secondsLeft', () => {
  it('counts whole seconds, rounding a started second up', () => {
    expect(secondsLeft(expiry, expiry - 900_000)).toBe(900);
    expect(secondsLeft(expiry, expiry - 899_001)).toBe(900);
    expect(secondsLeft(expiry, expiry - 899_000)).toBe(899);
    expect(secondsLeft(expiry, expiry - 400)).toBe(1);
  });

  it('never goes below zero once the link has expired', () => {
    expect(secondsLeft(expiry, expiry)).toBe(0);
    expect(secondsLeft(expiry, expiry + 1)).toBe(0);
    expect(secondsLeft(expiry, expiry + 86_400_000)).toBe(0);
  });

  it('treats non-finite times as nothing left rather than NaN on screen', () => {
    expect(secondsLeft(Number.NaN, expiry)).toBe(0);
    expect(secondsLeft(expiry, Number.POSITIVE_INFINITY)).toBe(0);
    expect(secondsLeft(Number.POSITIVE_INFINITY, expiry)).toBe(0);
  });
});

describe('formatSeconds', () => {
  it('shows mm:ss under an hour', () => {
    expect(formatSeconds(900)).toBe('15:00');
    expect(formatSeconds(870)).toBe('14:30');
    expect(formatSeconds(61)).toBe('01:01');
    expect(formatSeconds(9)).toBe('00:09');
    expect(formatSeconds(0)).toBe('00:00');
    expect(formatSeconds(3599)).toBe('59:59');
  });

  it('adds hours from an hour on, for long expiries', () => {
    expect(formatSeconds(3600)).toBe('1:00:00');
    expect(formatSeconds(86_399)).toBe('23:59:59');
    expect(formatSeconds(1_000_000)).toBe('277:46:40');
  });

  it('shows negative or fractional input as whole non-negative seconds', () => {
    expect(formatSeconds(-5)).toBe('00:00');
    expect(formatSeconds(59.9)).toBe('00:59');
  });
});

describe('countdownText', () => {
  it('is null when there is no expiry (unknown) or no tick yet', () => {
    expect(countdownText(null, expiry)).toBeNull();
    expect(countdownText(expiry, null)).toBeNull();
  });

  it('is the time between main’s latest tick and the expiry', () => {
    expect(countdownText(expiry, expiry - 900_000)).toBe('15:00');
    expect(countdownText(expiry, expiry - 870_000)).toBe('14:30');
    expect(countdownText(expiry, expiry + 5_000)).toBe('00:00');
  });
});
