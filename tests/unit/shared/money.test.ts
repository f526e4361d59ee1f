import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  addAmounts,
  amountsEqual,
  canonical,
  checkAmount,
  checkFee,
  compareAmounts,
  formatAmount,
  isUsableRate,
  subtractAmounts,
  sumAmounts,
  usdValue,
} from '../../../shared/money';

/** A decimal as an exact scaled integer: value = units / 10^scale. */
interface Scaled {
  units: bigint;
  scale: number;
}

const digits = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...'0123456789'.split('')), { minLength: min, maxLength: max })
    .map((d) => d.join(''));

/** Plain unsigned decimal text, leading and trailing zeros included. */
const plainDecimal = fc
  .tuple(digits(1, 25), fc.option(digits(1, 20), { nil: undefined }))
  .map(([int, frac]) => (frac === undefined ? int : `${int}.${frac}`));

const signedDecimal = fc
  .tuple(fc.boolean(), plainDecimal)
  .map(([neg, text]) => (neg ? `-${text}` : text));

function toScaled(text: string): Scaled {
  const negative = text.startsWith('-');
  const [int = '0', frac = ''] = (negative ? text.slice(1) : text).split('.');
  const units = BigInt(int + frac);
  return { units: negative ? -units : units, scale: frac.length };
}

/** Canonical text of a scaled integer, computed with bigint only. */
function scaledToText({ units, scale }: Scaled): string {
  const negative = units < 0n;
  let text = (negative ? -units : units).toString().padStart(scale + 1, '0');
  let int = text.slice(0, text.length - scale);
  let frac = text.slice(text.length - scale);
  frac = frac.replace(/0+$/, '');
  int = int.replace(/^0+(?=\d)/, '');
  text = frac ? `${int}.${frac}` : int;
  return negative && text !== '0' ? `-${text}` : text;
}

function addScaled(a: Scaled, b: Scaled): Scaled {
  const scale = Math.max(a.scale, b.scale);
  return {
    units: a.units * 10n ** BigInt(scale - a.scale) + b.units * 10n ** BigInt(scale - b.scale),
    scale,
  };
}

const CANONICAL = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;

describe('checkAmount', () => {
  it('accepts plain positive decimals and returns the canonical value', () => {
    expect(checkAmount('12.5', 2)).toEqual({ ok: true, value: '12.5' });
    expect(checkAmount('0012.500', 2)).toEqual({ ok: true, value: '12.5' });
    expect(checkAmount('7', 0)).toEqual({ ok: true, value: '7' });
    expect(checkAmount('0.000000000000000001', 18)).toEqual({
      ok: true,
      value: '0.000000000000000001',
    });
    expect(checkAmount('123456789012345678901234567890.1', 18)).toEqual({
      ok: true,
      value: '123456789012345678901234567890.1',
    });
  });

  it('counts significant fraction digits: trailing zeros do not exceed decimals', () => {
    expect(checkAmount('1.50', 1)).toEqual({ ok: true, value: '1.5' });
    expect(checkAmount('5.000', 0)).toEqual({ ok: true, value: '5' });
    expect(checkAmount('1.25', 1).ok).toBe(false);
  });

  it.each([
    ['', 'empty'],
    ['0', 'more than zero'],
    ['0.00', 'more than zero'],
    ['-1', 'sign'],
    ['+1', 'sign'],
    ['1e3', 'exponent'],
    ['1E-2', 'exponent'],
    ['1,5', 'point'],
    ['.5', 'digit before'],
    ['5.', 'after the decimal point'],
    [' 5', 'spaces'],
    ['5 ', 'spaces'],
    ['1 000', 'spaces'],
    ['NaN', 'digits'],
    ['Infinity', 'digits'],
    ['0x10', 'digits'],
    ['１２', 'digits'],
    ['1.2.3', 'digits'],
    ['1.234', 'at most 2'],
  ])('refuses %j with a reason mentioning %s', (text, words) => {
    const result = checkAmount(text, 2);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(words);
  });

  it('refuses a fraction for a 0-decimal asset in plain words', () => {
    expect(checkAmount('1.5', 0)).toEqual({
      ok: false,
      reason: 'The amount must be a whole number for this asset.',
    });
  });

  it('refuses absurdly long input and invalid decimals without throwing', () => {
    expect(checkAmount('1'.repeat(81), 2).ok).toBe(false);
    expect(checkAmount('1', -1).ok).toBe(false);
    expect(checkAmount('1', 1.5).ok).toBe(false);
    expect(checkAmount('1', 37).ok).toBe(false);
    expect(checkAmount(12 as unknown as string, 2).ok).toBe(false);
  });

  it('property: the value of an accepted amount is canonical and equal to the input by value', () => {
    fc.assert(
      fc.property(plainDecimal, fc.integer({ min: 0, max: 36 }), (text, decimals) => {
        const result = checkAmount(text, decimals);
        if (!result.ok) return;
        expect(result.value).toMatch(CANONICAL);
        expect(result.value).toBe(scaledToText(toScaled(text)));
        expect(toScaled(result.value).units).toBeGreaterThan(0n);
      }),
    );
  });

  it('property: canonical round trip (checking a canonical value returns it unchanged)', () => {
    fc.assert(
      fc.property(plainDecimal, (text) => {
        const first = checkAmount(text, 36);
        fc.pre(first.ok);
        if (!first.ok) return;
        expect(checkAmount(first.value, 36)).toEqual(first);
        expect(canonical(first.value)).toBe(first.value);
      }),
    );
  });

  it('property: accepts exactly the positive plain decimals within decimals', () => {
    fc.assert(
      fc.property(plainDecimal, fc.integer({ min: 0, max: 20 }), (text, decimals) => {
        const scaledText = scaledToText(toScaled(text));
        const significant = scaledText.split('.')[1]?.length ?? 0;
        const expectedOk = scaledText !== '0' && significant <= decimals && text.length <= 80;
        expect(checkAmount(text, decimals).ok).toBe(expectedOk);
      }),
    );
  });

  it('property: never accepts an exponent, a sign, a comma or whitespace', () => {
    const polluted = fc
      .tuple(
        plainDecimal,
        fc.constantFrom('e5', 'E-3', 'e+2', '-', '+', ',', ' ', '\t', '\n', '\u00a0', '_'),
        fc.nat(),
      )
      .map(([text, junk, at]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + junk + text.slice(i);
      });
    fc.assert(
      fc.property(polluted, fc.integer({ min: 0, max: 36 }), (text, decimals) => {
        expect(checkAmount(text, decimals).ok).toBe(false);
        expect(checkFee(text, decimals).ok).toBe(false);
      }),
    );
  });

  it('property: never accepts more fraction digits than decimals', () => {
    fc.assert(
      fc.property(
        digits(1, 10),
        digits(1, 20),
        fc.integer({ min: 0, max: 19 }),
        (int, frac, decimals) => {
          const lastNonZero = frac.replace(/0+$/, '');
          fc.pre(lastNonZero.length > decimals);
          expect(checkAmount(`${int}.${frac}`, decimals).ok).toBe(false);
        },
      ),
    );
  });
});

describe('checkFee', () => {
  it('allows zero and canonicalises it', () => {
    expect(checkFee('0', 2)).toEqual({ ok: true, value: '0' });
    expect(checkFee('0.00', 2)).toEqual({ ok: true, value: '0' });
    expect(checkFee('0.25', 2)).toEqual({ ok: true, value: '0.25' });
  });

  it('refuses what checkAmount refuses, worded as a fee', () => {
    const result = checkFee('-1', 2);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/^The fee/);
    expect(checkFee('0.001', 2).ok).toBe(false);
  });
});

describe('arithmetic', () => {
  it('adds exactly where floats would not', () => {
    expect(addAmounts('0.1', '0.2')).toBe('0.3');
    expect(addAmounts('1.000000000000000001', '2')).toBe('3.000000000000000001');
    expect(addAmounts('99999999999999999999', '1')).toBe('100000000000000000000');
    expect(addAmounts('0', '0')).toBe('0');
    expect(subtractAmounts('1', '1.5')).toBe('-0.5');
    expect(subtractAmounts('1.5', '1.5')).toBe('0');
  });

  it('never prints exponent notation for tiny or huge values', () => {
    expect(addAmounts('0.0000001', '0')).toBe('0.0000001');
    expect(addAmounts('1000000000000000000000', '0')).toBe('1000000000000000000000');
  });

  it('throws RangeError for anything but plain decimal strings', () => {
    expect(() => addAmounts('1e3', '1')).toThrow(RangeError);
    expect(() => addAmounts('1', ' 1')).toThrow(RangeError);
    expect(() => sumAmounts(['1', 'abc'])).toThrow(RangeError);
    expect(() => compareAmounts('NaN', '1')).toThrow(RangeError);
    expect(() => addAmounts(1 as unknown as string, '1')).toThrow(RangeError);
  });

  it('sums to "0" for no values', () => {
    expect(sumAmounts([])).toBe('0');
  });

  it('compares by value', () => {
    expect(compareAmounts('1.50', '1.5')).toBe(0);
    expect(compareAmounts('2', '10')).toBe(-1);
    expect(compareAmounts('10', '9.999999999999999999')).toBe(1);
    expect(amountsEqual('0012.10', '12.1')).toBe(true);
  });

  it('property: addAmounts agrees with bigint arithmetic on scaled integers', () => {
    fc.assert(
      fc.property(signedDecimal, signedDecimal, (a, b) => {
        expect(addAmounts(a, b)).toBe(scaledToText(addScaled(toScaled(a), toScaled(b))));
      }),
    );
  });

  it('property: addition is commutative and subtraction undoes it', () => {
    fc.assert(
      fc.property(signedDecimal, signedDecimal, (a, b) => {
        expect(addAmounts(a, b)).toBe(addAmounts(b, a));
        expect(subtractAmounts(addAmounts(a, b), b)).toBe(canonical(a));
      }),
    );
  });

  it('property: sumAmounts is order independent and equals the bigint sum', () => {
    fc.assert(
      fc.property(fc.array(signedDecimal, { maxLength: 12 }), fc.nat(), (values, seed) => {
        const shuffled = [...values];
        for (let i = shuffled.length - 1, s = seed; i > 0; i--, s = Math.floor(s / 7) + 13 * i) {
          const j = s % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j] as string, shuffled[i] as string];
        }
        const expected = scaledToText(
          values.map(toScaled).reduce(addScaled, { units: 0n, scale: 0 }),
        );
        expect(sumAmounts(values)).toBe(expected);
        expect(sumAmounts(shuffled)).toBe(expected);
        expect(sumAmounts([...values].reverse())).toBe(expected);
      }),
    );
  });

  it('property: compareAmounts agrees with bigint comparison', () => {
    fc.assert(
      fc.property(signedDecimal, signedDecimal, (a, b) => {
        const x = toScaled(a);
        const y = toScaled(b);
        const scale = Math.max(x.scale, y.scale);
        const xu = x.units * 10n ** BigInt(scale - x.scale);
        const yu = y.units * 10n ** BigInt(scale - y.scale);
        expect(compareAmounts(a, b)).toBe(xu < yu ? -1 : xu > yu ? 1 : 0);
      }),
    );
  });
});

describe('formatAmount', () => {
  const NNBSP = '\u202f';

  it('keeps at least two fraction digits, trims the rest of the trailing zeros', () => {
    expect(formatAmount('12.5', 6)).toBe('12.50');
    expect(formatAmount('12', 6)).toBe('12.00');
    expect(formatAmount('12.123400', 6)).toBe('12.1234');
    expect(formatAmount('0.000001', 6)).toBe('0.000001');
  });

  it('uses fewer fraction digits only when the asset has fewer decimals', () => {
    expect(formatAmount('7', 0)).toBe('7');
    expect(formatAmount('7.5', 1)).toBe('7.5');
    expect(formatAmount('7', 1)).toBe('7.0');
  });

  it('never rounds away digits, even beyond the asset decimals', () => {
    expect(formatAmount('1.239', 2)).toBe('1.239');
  });

  it('groups the integer part from five digits on with a narrow no-break space', () => {
    expect(formatAmount('1234.5', 2)).toBe('1234.50');
    expect(formatAmount('12345.5', 2)).toBe(`12${NNBSP}345.50`);
    expect(formatAmount('1234567.123456', 6)).toBe(`1${NNBSP}234${NNBSP}567.123456`);
    expect(formatAmount('-12345', 2)).toBe(`-12${NNBSP}345.00`);
  });

  it('property: removing the grouping gives back the value', () => {
    fc.assert(
      fc.property(plainDecimal, fc.integer({ min: 0, max: 36 }), (text, decimals) => {
        const shown = formatAmount(text, decimals).replaceAll(NNBSP, '');
        expect(compareAmounts(shown, text)).toBe(0);
      }),
    );
  });
});

describe('usdValue', () => {
  it('multiplies exactly and rounds half-up to cents', () => {
    expect(usdValue('10', 1.5)).toBe('15.00');
    expect(usdValue('0.1', 0.3)).toBe('0.03');
    expect(usdValue('1.005', 1)).toBe('1.01');
    expect(usdValue('1.004999', 1)).toBe('1.00');
    expect(usdValue('2.5', 0.001)).toBe('0.00');
    expect(usdValue('1.123456789012345678', 3456.78)).toBe('3883.54');
  });

  it('reads a JSON number through its decimal text, not binary float maths', () => {
    // 0.1 * 3 in floats is 0.30000000000000004; 1.15 * 100 is 114.99999999999999.
    expect(usdValue('3', 0.1)).toBe('0.30');
    expect(usdValue('100', 1.15)).toBe('115.00');
    expect(usdValue('0.005', 1)).toBe('0.01');
    expect(usdValue('1', 1e-7)).toBe('0.00');
    expect(usdValue('50000000', 1e-7)).toBe('5.00');
    expect(usdValue('1', 1e21)).toBe('1000000000000000000000.00');
  });

  it('accepts a decimal string rate too', () => {
    expect(usdValue('2', '0.125')).toBe('0.25');
  });

  it('throws RangeError for unusable rates and malformed amounts', () => {
    expect(() => usdValue('1', Number.NaN)).toThrow(RangeError);
    expect(() => usdValue('1', Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => usdValue('1', 'abc')).toThrow(RangeError);
    expect(() => usdValue('1', '1e999999')).toThrow(RangeError);
    expect(() => usdValue('1e2', 1)).toThrow(RangeError);
  });

  it('tells a usable rate from an unusable one', () => {
    expect(isUsableRate(1.5)).toBe(true);
    expect(isUsableRate('2')).toBe(true);
    expect(isUsableRate(0)).toBe(false);
    expect(isUsableRate(-1)).toBe(false);
    expect(isUsableRate(Number.NaN)).toBe(false);
  });

  it('property: equals the bigint product rounded half-up to cents', () => {
    fc.assert(
      fc.property(
        plainDecimal,
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 6 }),
        (amount, rateUnits, rateScale) => {
          const rateText = scaledToText({ units: BigInt(rateUnits), scale: rateScale });
          const a = toScaled(amount);
          // product scaled by 10^(a.scale + rateScale); bring to cents with half-up rounding.
          const product = a.units * BigInt(rateUnits);
          const shift = a.scale + rateScale - 2;
          let cents: bigint;
          if (shift <= 0) cents = product * 10n ** BigInt(-shift);
          else {
            const divisor = 10n ** BigInt(shift);
            cents = product / divisor + ((product % divisor) * 2n >= divisor ? 1n : 0n);
          }
          const text = cents.toString().padStart(3, '0');
          const expected = `${text.slice(0, -2)}.${text.slice(-2)}`;
          expect(usdValue(amount, rateText)).toBe(expected);
          expect(usdValue(amount, Number(rateText))).toBe(expected);
        },
      ),
    );
  });
});
