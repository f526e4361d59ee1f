import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeMoneyFor } from '../../../../shared/pricing/conversion';
import { B, CANONICAL, decimalText, moneyIn, ulp } from './pricing-arbitraries';

/** What `run` throws, as "Class: message", so one assertion holds both. */
function thrownBy(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error);
  }
  return 'nothing thrown';
}

describe('the fee in money', () => {
  it('is percent of the price plus the fixed part, rounded up to the minor units', () => {
    expect(feeMoneyFor('12.5', '2', '0.3', 'EUR')).toBe('0.55');
    expect(feeMoneyFor('9.99', '1.5', '0', 'EUR')).toBe('0.15');
    expect(feeMoneyFor('1000', '1.5', '0', 'JPY')).toBe('15');
    expect(feeMoneyFor('999', '1.5', '0', 'JPY')).toBe('15');
    expect(feeMoneyFor('1', '0.001', '0', 'KWD')).toBe('0.001');
    expect(feeMoneyFor('100', '0', '0.25', 'EUR')).toBe('0.25');
    expect(feeMoneyFor('12.5', '0', '0', 'EUR')).toBe('0');
    expect(feeMoneyFor('12.5', '0.00', '0.000', 'EUR')).toBe('0');
  });

  it('is the fixed part alone for no money', () => {
    expect(feeMoneyFor('0', '1.5', '0.3', 'EUR')).toBe('0.3');
    expect(feeMoneyFor('0.00', '1.5', '0', 'EUR')).toBe('0');
    expect(feeMoneyFor('0', '0', '0', 'EUR')).toBe('0');
  });

  it.each(['x1', '1x', '-1', '1e3', '.5', '', '1'.repeat(201)])(
    'names the input it refuses: %j',
    (text) => {
      const refusal = (what: string) =>
        `RangeError: ${what}: not plain decimal text: ${JSON.stringify(text.slice(0, 40))}`;
      expect(thrownBy(() => feeMoneyFor(text, '1', '1', 'EUR'))).toBe(refusal('moneyAmount'));
      expect(thrownBy(() => feeMoneyFor('1', text, '1', 'EUR'))).toBe(refusal('feePercent'));
      expect(thrownBy(() => feeMoneyFor('1', '1', text, 'EUR'))).toBe(refusal('feeFixed'));
    },
  );

  it('reads inputs of up to 200 characters', () => {
    const ones = '1'.repeat(200);
    // 111…1 (200 ones) × 0 % + 0: nothing; and 0 × 0 % + 111…1: the fixed part itself.
    expect(feeMoneyFor(ones, '0', '0', 'EUR')).toBe('0');
    expect(feeMoneyFor('0', ones, '0', 'EUR')).toBe('0');
    expect(feeMoneyFor('0', '0', ones, 'EUR')).toBe(ones);
  });

  it('is never less than the exact fee, and less than one minor unit over it', () => {
    fc.assert(
      fc.property(
        moneyIn,
        decimalText(2, 3, true),
        decimalText(3, 2, true),
        ({ money, currency, minorUnits }, percent, fixed) => {
          const fee = feeMoneyFor(money, percent, fixed, currency);
          const exact = new B(money).times(percent).div('100').plus(fixed);
          expect(fee).toMatch(CANONICAL);
          expect((fee.split('.')[1] ?? '').length).toBeLessThanOrEqual(minorUnits);
          expect(new B(fee).gte(exact)).toBe(true);
          expect(new B(fee).minus(ulp(minorUnits)).lt(exact)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
