import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assetAmountFor, priceInCurrency, quoteSale } from '../../../../shared/pricing/conversion';
import { B, CANONICAL, decimalText, moneyIn, rateText, ulp } from './pricing-arbitraries';

const decimals = fc.integer({ min: 0, max: 18 });

describe('money to asset units', () => {
  it('is never short, and one unit in the last place less would be short', () => {
    fc.assert(
      fc.property(moneyIn, rateText, rateText, decimals, ({ money }, usdPrice, usdPerUnit, d) => {
        const amount = assetAmountFor(money, usdPrice, usdPerUnit, d);
        const owedUsd = new B(money).times(usdPerUnit);
        expect(new B(amount).times(usdPrice).gte(owedUsd)).toBe(true);
        expect(new B(amount).minus(ulp(d)).times(usdPrice).lt(owedUsd)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('writes canonical text with at most the asset decimals', () => {
    fc.assert(
      fc.property(moneyIn, rateText, rateText, decimals, ({ money }, usdPrice, usdPerUnit, d) => {
        const amount = assetAmountFor(money, usdPrice, usdPerUnit, d);
        expect(amount).toMatch(CANONICAL);
        expect((amount.split('.')[1] ?? '').length).toBeLessThanOrEqual(d);
      }),
      { numRuns: 500 },
    );
  });

  it('does not round a result that fits the asset decimals', () => {
    fc.assert(
      fc.property(
        decimals.chain((d) => fc.tuple(fc.constant(d), decimalText(12, d))),
        rateText,
        rateText,
        ([d, asset], usdPrice, usdPerUnit) => {
          // money chosen so that money × usdPerUnit ÷ usdPrice is exactly `asset`.
          const money = new B(asset).times(usdPrice).toFixed();
          expect(assetAmountFor(money, usdPrice, '1', d)).toBe(new B(asset).toFixed());
          // The same rate both ways: the money itself, whatever the rate.
          const sameRate = assetAmountFor(asset, usdPerUnit, usdPerUnit, d);
          expect(sameRate).toBe(new B(asset).toFixed());
        },
      ),
      { numRuns: 500 },
    );
  });

  it('rounds up by exactly one unit when a remainder is left, however small', () => {
    expect(assetAmountFor('12.5', '1', '1.25', 6)).toBe('15.625');
    expect(assetAmountFor('12', '4', '1', 0)).toBe('3');
    expect(assetAmountFor('10', '4', '1', 0)).toBe('3');
    expect(assetAmountFor('0.01', '3000', '1', 18)).toBe('0.000003333333333334');
    // 1e-30 over a whole unit: still rounded up.
    expect(assetAmountFor('1.000000000000000000000000000001', '1', '1', 0)).toBe('2');
    expect(assetAmountFor('999999999999.99', '0.000000000001', '1000000000000', 0)).toBe(
      '999999999999990000000000000000000000',
    );
  });

  it('refuses malformed text and a zero rate: those are bugs, not prices', () => {
    expect(() => assetAmountFor('1e3', '1', '1', 2)).toThrow(RangeError);
    expect(() => assetAmountFor('10', '0', '1', 2)).toThrow(RangeError);
    expect(() => assetAmountFor('10', '1', '0', 2)).toThrow(RangeError);
    expect(() => assetAmountFor('10', '-1', '1', 2)).toThrow(RangeError);
    expect(() => assetAmountFor('10', '1', '1', 1.5)).toThrow(RangeError);
  });
});

describe('the price of one asset unit in the shop currency', () => {
  it('is half-up to at most 8 places, canonical', () => {
    expect(priceInCurrency('3000', '1.25')).toBe('2400');
    expect(priceInCurrency('1', '3')).toBe('0.33333333');
    expect(priceInCurrency('2', '3')).toBe('0.66666667');
    expect(priceInCurrency('0.000000005', '1')).toBe('0.00000001');
    expect(priceInCurrency('0.0000000049999', '1')).toBe('0');
    fc.assert(
      fc.property(rateText, rateText, (usdPrice, usdPerUnit) => {
        const price = priceInCurrency(usdPrice, usdPerUnit);
        expect(price).toMatch(CANONICAL);
        expect((price.split('.')[1] ?? '').length).toBeLessThanOrEqual(8);
        // |price × usdPerUnit − usdPrice| ≤ half a unit at 8 places × usdPerUnit.
        const error = new B(price).times(usdPerUnit).minus(usdPrice).abs();
        expect(error.lte(ulp(8).div('2').times(usdPerUnit))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('a sale quoted in money', () => {
  const price = { asset: 'ETH', chainId: '1', usdPrice: '3000', source: 'provider', asOfMs: 5 };
  const cross = { currency: 'EUR', usdPerUnit: '1.25', source: 'fixed', asOfMs: 3 } as const;

  it('carries the amount, the fee in asset units and the pricing it records', () => {
    const quote = quoteSale({
      money: '12.50',
      currency: 'EUR',
      feePercent: '0',
      feeFixed: '0.30',
      price: { asset: 'USDT', chainId: null, usdPrice: '1', source: 'peg', asOfMs: 5 },
      cross,
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

  it('rounds the amount and the fee up on their own, with no fee as "0"', () => {
    const quote = quoteSale({
      money: '10',
      currency: 'EUR',
      feePercent: '1.5',
      feeFixed: '0',
      price: { ...price, source: 'provider', asOfMs: 2 },
      cross,
      decimals: 18,
    });
    expect(quote.amount).toBe('0.004166666666666667');
    expect(quote.pricing.feeMoney).toBe('0.15');
    expect(quote.feeValue).toBe('0.0000625');
    expect(quote.pricing.price).toBe('2400');
    expect(quote.pricing.asOfMs).toBe(2);
    const free = quoteSale({
      ...{ money: '10', currency: 'EUR', decimals: 18 },
      feePercent: '0',
      feeFixed: '0',
      price: { ...price, source: 'provider' },
      cross,
    });
    expect(free.feeValue).toBe('0');
    expect(free.pricing.feeMoney).toBe('0');
  });
});
