import Big from 'big.js';
import fc from 'fast-check';

/**
 * Inputs for the pricing properties, and an independent big.js for checking them: the checks
 * only multiply (exact), so they do not share the code under test's division and rounding.
 */
export const B = Big();
B.strict = true;
B.NE = -1_000_000;
B.PE = 1_000_000;

/** One unit in the last place of `places` fraction digits ("0.01" for 2). */
export const ulp = (places: number) => new B('1').div(new B('10').pow(places));

/** Canonical decimal text: no leading zeros, no trailing fraction zeros, no sign, no exponent. */
export const CANONICAL = /^(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;

/** Decimal text with up to `intDigits` integer and exactly `fracDigits` fraction digits. */
export const decimalText = (intDigits: number, fracDigits: number, allowZero = false) =>
  fc
    .tuple(
      fc.bigInt({ min: 0n, max: 10n ** BigInt(intDigits) - 1n }),
      fc.bigInt({ min: 0n, max: 10n ** BigInt(fracDigits) - 1n }),
    )
    .filter(([whole, fraction]) => allowZero || whole > 0n || fraction > 0n)
    .map(([whole, fraction]) =>
      fracDigits === 0 ? `${whole}` : `${whole}.${fraction.toString().padStart(fracDigits, '0')}`,
    );

const LOWEST_RATE = new B('0.000000000001');
const HIGHEST_RATE = new B('1000000000000');

/** Rates from 1e-12 to 1e12 as decimal text, with up to 9 significant digits, the ends included. */
export const rateText = fc.oneof(
  fc.constantFrom('0.000000000001', '1000000000000', '1', '3', '0.07'),
  fc
    .tuple(fc.integer({ min: -20, max: 12 }), fc.integer({ min: 1, max: 999_999_999 }))
    .map(([exponent, digits]) => new B(String(digits)).times(new B('10').pow(exponent)))
    .filter((rate) => rate.gte(LOWEST_RATE) && rate.lte(HIGHEST_RATE))
    .map((rate) => rate.toFixed()),
);

/** A currency with its minor units, and a typed price in it of up to 12 integer digits. */
export const moneyIn = fc
  .constantFrom(['EUR', 2] as const, ['JPY', 0] as const, ['KWD', 3] as const)
  .chain(([currency, minorUnits]) =>
    decimalText(12, minorUnits).map((money) => ({ currency, minorUnits, money })),
  );
