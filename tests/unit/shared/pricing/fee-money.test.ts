import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeMoneyFor } from '../../../../shared/pricing/conversion';
import { B, CANONICAL, decimalText, moneyIn, ulp } from './pricing-arbitraries';

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
