import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assetAmountFor, priceInCurrency, quoteSale } from '../../../../shared/pricing/conversion';
import type { AssetPrice, CrossRate } from '../../../../shared/pricing/pricing-types';
import { B, CANONICAL, decimalText, moneyIn, rateText, ulp } from './pricing-arbitraries';

const decimals = fc.integer({ min: 0, max: 18 });

/** What `run` throws, as "Class: message", so one assertion holds both. */
function thrownBy(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error);
  }
  return 'nothing thrown';
}

const notPlain = (what: string, text: string) =>
  `RangeError: ${what}: not plain decimal text: ${JSON.stringify(text)}`;

// The private big.js is set up for safety against code not written yet; nothing here shows it:
// Equivalent mutant: BooleanLiteral `false` in `Dec.strict = true;`: Dec.strict only refuses a number handed to big.js, valueOf() and a lossy toNumber(); read() lets only text through, every other operand is text or a Big, and neither is called.
// Equivalent mutant: UnaryOperator `+1_000_000` in `Dec.NE = -1_000_000;`: Dec.NE only sets when toString() turns exponential; every Big here is printed with toFixed(), which never does.

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

describe('what the conversion refuses', () => {
  const ones = (length: number) => '1'.repeat(length);

  it('reads decimal text of up to 200 characters', () => {
    expect(assetAmountFor(ones(199), '1', '1', 0)).toBe(ones(199));
    expect(assetAmountFor(ones(200), '1', '1', 0)).toBe(ones(200));
    expect(assetAmountFor('1', ones(200), ones(200), 0)).toBe('1');
    // Only the first 40 characters of what was refused are repeated.
    expect(thrownBy(() => assetAmountFor(ones(201), '1', '1', 0))).toBe(
      notPlain('money', ones(40)),
    );
    expect(thrownBy(() => assetAmountFor('1', ones(201), '1', 0))).toBe(
      notPlain('usdPrice', ones(40)),
    );
    expect(thrownBy(() => assetAmountFor('1', '1', ones(201), 0))).toBe(
      notPlain('usdPerUnit', ones(40)),
    );
    expect(thrownBy(() => assetAmountFor(`${'x'.repeat(40)}y`, '1', '1', 0))).toBe(
      notPlain('money', 'x'.repeat(40)),
    );
  });

  it.each(['x1', '1x', '-1', '+1', '1e3', '.5', '5.', ' 1', '1 ', '1,5', '', 'NaN'])(
    'refuses %j, junk before or after included, naming the input',
    (text) => {
      expect(thrownBy(() => assetAmountFor(text, '1', '1', 2))).toBe(notPlain('money', text));
      expect(thrownBy(() => assetAmountFor('1', text, '1', 2))).toBe(notPlain('usdPrice', text));
      expect(thrownBy(() => assetAmountFor('1', '1', text, 2))).toBe(notPlain('usdPerUnit', text));
      expect(thrownBy(() => priceInCurrency(text, '1'))).toBe(notPlain('usdPrice', text));
      expect(thrownBy(() => priceInCurrency('1', text))).toBe(notPlain('usdPerUnit', text));
    },
  );

  it('refuses text that is not a string as malformed, not with a big.js error', () => {
    const five = 5 as unknown as string;
    expect(thrownBy(() => assetAmountFor(five, '1', '1', 2))).toBe(notPlain('money', '5'));
    expect(thrownBy(() => priceInCurrency('1', five))).toBe(notPlain('usdPerUnit', '5'));
  });

  it('takes zero money and a zero price to show, but never divides by zero', () => {
    expect(assetAmountFor('0', '3000', '1.25', 6)).toBe('0');
    expect(assetAmountFor('0.00', '3000', '1.25', 6)).toBe('0');
    expect(priceInCurrency('0', '1.25')).toBe('0');
    expect(thrownBy(() => assetAmountFor('10', '0', '1', 2))).toBe(
      'RangeError: usdPrice: must be more than zero',
    );
    expect(thrownBy(() => assetAmountFor('10', '1', '0.000', 2))).toBe(
      'RangeError: usdPerUnit: must be more than zero',
    );
    expect(thrownBy(() => priceInCurrency('1', '0'))).toBe(
      'RangeError: usdPerUnit: must be more than zero',
    );
    // Malformed is said before zero: "-0" is not a zero rate but no number at all.
    expect(thrownBy(() => assetAmountFor('10', '-0', '1', 2))).toBe(notPlain('usdPrice', '-0'));
  });

  it('rounds to 0 to 36 asset decimals, and checks the decimals first', () => {
    const invalid = (decimals: string) =>
      `RangeError: decimals: not an integer from 0 to 36: ${decimals}`;
    // 1/3 rounded up at 35 and 36 places.
    expect(assetAmountFor('1', '3', '1', 35)).toBe(`0.${'3'.repeat(34)}4`);
    expect(assetAmountFor('1', '3', '1', 36)).toBe(`0.${'3'.repeat(35)}4`);
    expect(thrownBy(() => assetAmountFor('1', '3', '1', 37))).toBe(invalid('37'));
    expect(assetAmountFor('1', '3', '1', 0)).toBe('1');
    expect(assetAmountFor('1', '3', '1', 1)).toBe('0.4');
    expect(thrownBy(() => assetAmountFor('1', '3', '1', -1))).toBe(invalid('-1'));
    expect(thrownBy(() => assetAmountFor('1', '3', '1', 1.5))).toBe(invalid('1.5'));
    expect(thrownBy(() => assetAmountFor('1', '3', '1', Number.NaN))).toBe(invalid('NaN'));
    // Bad decimals are the first thing said, whatever else is wrong.
    expect(thrownBy(() => assetAmountFor('x', '0', '0', 37))).toBe(invalid('37'));
  });
});

describe('the price of one asset unit in the shop currency', () => {
  it('keeps 8 fraction places: 7 and 8 as they are, the 9th rounded half-up', () => {
    expect(priceInCurrency('0.1234567', '1')).toBe('0.1234567');
    expect(priceInCurrency('0.12345678', '1')).toBe('0.12345678');
    expect(priceInCurrency('0.123456785', '1')).toBe('0.12345679');
    expect(priceInCurrency('0.123456784999', '1')).toBe('0.12345678');
  });

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
  const price: AssetPrice = {
    asset: 'ETH',
    chainId: '1',
    usdPrice: '3000',
    source: 'provider',
    asOfMs: 5,
  };
  const cross: CrossRate = { currency: 'EUR', usdPerUnit: '1.25', source: 'fixed', asOfMs: 3 };

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
        rounding: 'total-up-to-asset-decimals',
      },
      roundingPercent: '0',
    });
  });

  it('rounds the total once: the amount up, the fee what is left of the rounded total; no fee is "0"', () => {
    const quote = quoteSale({
      money: '10',
      currency: 'EUR',
      feePercent: '1.5',
      feeFixed: '0',
      price: { ...price, source: 'provider', asOfMs: 2 },
      cross,
      decimals: 18,
    });
    // €10.15 × 1.25 ÷ 3000 = 0.0042291666… rounds up to 0.004229166666666667 in all; €10 alone
    // to 0.004166666666666667; the fee is the rest, 0.0000625.
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

  it('never asks a unit more than the whole rounded once, and never less than is owed', () => {
    fc.assert(
      fc.property(
        moneyIn,
        fc.constantFrom('0', '1.5', '99.99'),
        rateText,
        rateText,
        decimals,
        ({ money }, feePercent, usdPrice, usdPerUnit, d) => {
          const quote = quoteSale({
            money,
            currency: 'EUR',
            feePercent,
            feeFixed: '0.3',
            price: { ...price, usdPrice },
            cross: { ...cross, usdPerUnit },
            decimals: d,
          });
          const owed = new B(money).plus(quote.pricing.feeMoney);
          const total = new B(quote.amount).plus(quote.feeValue);
          expect(total.toFixed()).toBe(
            new B(assetAmountFor(owed.toFixed(), usdPrice, usdPerUnit, d)).toFixed(),
          );
          expect(new B(quote.amount).toFixed()).toBe(
            new B(assetAmountFor(money, usdPrice, usdPerUnit, d)).toFixed(),
          );
          expect(new B(quote.feeValue).gte('0')).toBe(true);
          expect(quote.feeValue).toMatch(CANONICAL);
          // What the rounding added, as the cashier is told it, never below zero.
          expect(new B(quote.roundingPercent).gte('0')).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('says how much a coarse asset rounds up: one whole unit for €10 is 23,900 % more', () => {
    const coarse = quoteSale({
      money: '10',
      currency: 'EUR',
      feePercent: '0',
      feeFixed: '0',
      price,
      cross,
      decimals: 0,
    });
    // One unit at €2,400 for €10 owed: (2400 − 10) ÷ 10 × 100.
    expect([coarse.amount, coarse.feeValue, coarse.roundingPercent]).toEqual(['1', '0', '23900']);
    // A unit worth a price with a long fraction: €3,000 ÷ 1.3 = €2,307.6923… for €10 owed.
    const uneven = quoteSale({
      ...{ money: '10', currency: 'EUR', feePercent: '0', feeFixed: '0', price, decimals: 0 },
      cross: { ...cross, usdPerUnit: '1.3' },
    });
    expect(uneven.roundingPercent).toBe('22976.92');
    // A fee that fits in the unit already asked for costs the customer nothing more.
    const withFee = quoteSale({
      ...{ money: '10', currency: 'EUR', decimals: 0, price, cross },
      feePercent: '0',
      feeFixed: '5',
    });
    expect([withFee.amount, withFee.feeValue]).toEqual(['1', '0']);
    // Just over 1 %, and just under: half-up to 2 places of a percent.
    const fine = quoteSale({
      money: '100',
      currency: 'EUR',
      feePercent: '0',
      feeFixed: '0',
      price: { ...price, usdPrice: '1' },
      cross: { ...cross, usdPerUnit: '1.0101' },
      decimals: 0,
    });
    // 101.01 → 102 units worth 102 ÷ 1.0101 = €100.98010… : 0.98 % added.
    expect([fine.amount, fine.roundingPercent]).toEqual(['102', '0.98']);
  });

  it('turns nothing into "0" asset units without dividing by the price, even a price of zero', () => {
    const quote = quoteSale({
      money: '0',
      currency: 'EUR',
      feePercent: '0',
      feeFixed: '0',
      price: { ...price, source: 'provider', usdPrice: '0' },
      cross,
      decimals: 18,
    });
    expect(quote.amount).toBe('0');
    expect(quote.feeValue).toBe('0');
    expect(quote.pricing.price).toBe('0');
    expect(quote.roundingPercent).toBe('0');
  });
});
