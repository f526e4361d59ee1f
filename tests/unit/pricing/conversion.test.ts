import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assetAmountFor,
  feeMoneyFor,
  priceInCurrency,
  quoteSale,
} from '../../../shared/pricing/conversion';
import { compareServiceRate } from '../../../shared/pricing/second-opinion';

// An independent check with a separate big.js: exact products, no division needed.
const B = Big();
B.strict = true;

/** Decimal text with up to `intDigits` integer and `fracDigits` fraction digits, > 0. */
const decimalText = (intDigits: number, fracDigits: number) =>
  fc
    .tuple(
      fc.bigInt({ min: 0n, max: 10n ** BigInt(intDigits) - 1n }),
      fc.bigInt({ min: 0n, max: 10n ** BigInt(fracDigits) - 1n }),
    )
    .filter(([whole, fraction]) => whole > 0n || fraction > 0n)
    .map(([whole, fraction]) =>
      fracDigits === 0 ? `${whole}` : `${whole}.${fraction.toString().padStart(fracDigits, '0')}`,
    );

/** Rates from 1e-12 to 1e12, as decimal text. */
const rateText = fc
  .tuple(fc.integer({ min: -12, max: 12 }), fc.integer({ min: 1, max: 999_999 }))
  .map(([exponent, digits]) => new B(String(digits)).times(new B('10').pow(exponent)).toFixed());

describe('money to asset units', () => {
  it('is never short and never more than one unit in the last place over', () => {
    fc.assert(
      fc.property(
        decimalText(12, 2),
        rateText,
        rateText,
        fc.integer({ min: 0, max: 18 }),
        (money, usdPrice, usdPerUnit, decimals) => {
          const amount = assetAmountFor(money, usdPrice, usdPerUnit, decimals);
          const owed = new B(money).times(usdPerUnit);
          const paid = new B(amount).times(usdPrice);
          expect(paid.gte(owed)).toBe(true);
          const oneLess = new B(amount).minus(new B('1').div(new B('10').pow(decimals)));
          expect(oneLess.times(usdPrice).lt(owed)).toBe(true);
          expect((amount.split('.')[1] ?? '').length).toBeLessThanOrEqual(decimals);
          expect(amount).toBe(new B(amount).toFixed() === amount ? amount : 'canonical');
        },
      ),
      { numRuns: 400 },
    );
  });

  it('does not round an exact result', () => {
    expect(assetAmountFor('12.5', '1', '1.25', 6)).toBe('15.625');
    expect(assetAmountFor('10', '4', '1', 0)).toBe('3');
    expect(assetAmountFor('12', '4', '1', 0)).toBe('3');
    expect(assetAmountFor('0.01', '3000', '1', 18)).toBe('0.000003333333333334');
  });

  it('prices one asset unit in the shop currency, and the fee in money rounded up', () => {
    expect(priceInCurrency('3000', '1.25')).toBe('2400');
    expect(priceInCurrency('1', '3')).toBe('0.33333333');
    expect(feeMoneyFor('12.5', '2', '0.3', 'EUR')).toBe('0.55');
    expect(feeMoneyFor('9.99', '1.5', '0', 'EUR')).toBe('0.15');
    expect(feeMoneyFor('1000', '1.5', '0', 'JPY')).toBe('15');
    expect(feeMoneyFor('999', '1.5', '0', 'JPY')).toBe('15');
    expect(feeMoneyFor('12.5', '0', '0', 'EUR')).toBe('0');
  });

  it('quotes a sale with the pricing it records', () => {
    const quote = quoteSale({
      money: '12.50',
      currency: 'EUR',
      feePercent: '0',
      feeFixed: '0.30',
      price: { asset: 'USDT', chainId: null, usdPrice: '1', source: 'peg', asOfMs: 5 },
      cross: { currency: 'EUR', usdPerUnit: '1.25', source: 'fixed', asOfMs: 3 },
      decimals: 6,
    });
    expect(quote).toEqual({
      amount: '15.625',
      feeValue: '0.375',
      pricing: {
        currency: 'EUR',
        moneyAmount: '12.5',
        feeMoney: '0.3',
        price: '0.8',
        usdPrice: '1',
        usdPerUnit: '1.25',
        source: 'peg',
        crossSource: 'fixed',
        asOfMs: 3,
        rounding: 'up-to-asset-decimals',
      },
    });
  });
});

describe("the service's rate as a second opinion", () => {
  it('is within the tolerance up to it, and not beyond or when unreadable', () => {
    const compare = (service: string) =>
      compareServiceRate({ ourUsdPrice: '3000', serviceRateUsd: service, tolerancePercent: '1' });
    expect(compare('3030')).toEqual({ within: true, differencePercent: '1' });
    expect(compare('2970')).toEqual({ within: true, differencePercent: '1' });
    expect(compare('3030.3')).toEqual({ within: false, differencePercent: '1.01' });
    expect(compare('0')).toEqual({ within: false, differencePercent: null });
    expect(compare('-5')).toEqual({ within: false, differencePercent: null });
  });
});
