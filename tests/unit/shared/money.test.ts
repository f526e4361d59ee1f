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

/** What `run` throws, as "Class: message", so one assertion holds both. */
function thrownBy(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error);
  }
  return 'nothing thrown';
}

// The private big.js is set up for safety against code not written yet; nothing here shows it:
// Equivalent mutant: BooleanLiteral `false` in `Dec.strict = true;`: Dec.strict only refuses a number handed to big.js, valueOf() and a lossy toNumber(); money.ts hands big.js only text (parse and readRate see to it) and calls neither.
// Equivalent mutant: UnaryOperator `+1_000_000` in `Dec.NE = -1_000_000;`: Dec.NE only sets when toString() turns exponential; money.ts prints every Big with toFixed(), which never does.

/** The refusals in the words the cashier reads, one for each check. */
const SPACES = 'The amount must not contain spaces.';
const SIGN = 'The amount must be written without a sign.';
const EXPONENT = 'The amount must be written out in digits, without an exponent.';
const COMMA = 'Use a point (.) as the decimal separator, not a comma.';
const POINT_FIRST = 'Write a digit before the decimal point (for example 0.5).';
const POINT_LAST = 'Write at least one digit after the decimal point, or leave the point out.';
const NOT_DIGITS = 'The amount must be a number written with digits and an optional decimal point.';
const TOO_LONG = 'The amount is too long.';
const EMPTY = 'The amount is empty.';
const ZERO = 'The amount must be more than zero.';

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

  // Equivalent mutant: ConditionalExpression `false` in `if (!read.ok) return read;`: checkAmount's early return of a refusal; without it the refusal has no value, so value === '0' is false and the same refusal is returned next.

  it.each([
    // Each form has its own words; junk before or after a form is not that form.
    [' 5', SPACES],
    ['5 ', SPACES],
    ['1 000', SPACES],
    ['1\t5', SPACES],
    ['- 1', SPACES],
    ['-1', SIGN],
    ['+1', SIGN],
    ['-1e5', SIGN],
    ['-1,5', SIGN],
    ['1-2', NOT_DIGITS],
    ['1+', NOT_DIGITS],
    ['1e3', EXPONENT],
    ['1E-2', EXPONENT],
    ['1e+5', EXPONENT],
    ['1e10', EXPONENT],
    ['1e', EXPONENT],
    ['e5', EXPONENT],
    ['1.5e3', EXPONENT],
    ['12.25E3', EXPONENT],
    ['1.e3', EXPONENT],
    ['.5e3', EXPONENT],
    ['x1e5', NOT_DIGITS],
    ['1e5x', NOT_DIGITS],
    ['1e5.5', NOT_DIGITS],
    ['1,5', COMMA],
    ['12,25', COMMA],
    ['x1,5', NOT_DIGITS],
    ['1,5x', NOT_DIGITS],
    ['a,5', NOT_DIGITS],
    ['1,a', NOT_DIGITS],
    ['1,5,0', NOT_DIGITS],
    ['.5', POINT_FIRST],
    ['.25', POINT_FIRST],
    ['x.5', NOT_DIGITS],
    ['.5x', NOT_DIGITS],
    ['5.', POINT_LAST],
    ['12.', POINT_LAST],
    ['x5.', NOT_DIGITS],
    ['1.2.', NOT_DIGITS],
    ['5.x', NOT_DIGITS],
    ['x1', NOT_DIGITS],
    ['1x', NOT_DIGITS],
    ['NaN', NOT_DIGITS],
    ['Infinity', NOT_DIGITS],
    ['0x10', NOT_DIGITS],
    ['１２', NOT_DIGITS],
    ['1.2.3', NOT_DIGITS],
    ['.', NOT_DIGITS],
    ['', EMPTY],
    ['0', ZERO],
    ['000', ZERO],
    ['0.00', ZERO],
  ])('refuses %j in exactly these words', (text, reason) => {
    expect(checkAmount(text, 2)).toEqual({ ok: false, reason });
  });

  it('reads at most 80 characters, and refuses longer text before looking at it', () => {
    const ones = (length: number) => '1'.repeat(length);
    expect(checkAmount(ones(79), 2)).toEqual({ ok: true, value: ones(79) });
    expect(checkAmount(ones(80), 2)).toEqual({ ok: true, value: ones(80) });
    expect(checkAmount(ones(81), 2)).toEqual({ ok: false, reason: TOO_LONG });
    // What the later checks would refuse in other words is refused for its length first.
    expect(checkAmount(' '.repeat(81), 2)).toEqual({ ok: false, reason: TOO_LONG });
    expect(checkAmount(`0.${ones(79)}`, 2)).toEqual({ ok: false, reason: TOO_LONG });
    expect(checkAmount('0'.repeat(81), 2)).toEqual({ ok: false, reason: TOO_LONG });
    // ...and at 80 characters the later checks have their say.
    expect(checkAmount(' '.repeat(80), 2)).toEqual({ ok: false, reason: SPACES });
    expect(checkAmount('0'.repeat(80), 2)).toEqual({ ok: false, reason: ZERO });
  });

  it('takes an asset with 0 to 36 decimals, and checks the decimals before the text', () => {
    const invalid = (decimals: string) => ({
      ok: false,
      reason: `The asset's number of decimals (${decimals}) is not valid.`,
    });
    const tiny = (places: number) => `0.${'0'.repeat(places - 1)}1`;
    expect(checkAmount('1', -1)).toEqual(invalid('-1'));
    expect(checkAmount('7', 0)).toEqual({ ok: true, value: '7' });
    expect(checkAmount('0.1', 1)).toEqual({ ok: true, value: '0.1' });
    expect(checkAmount(tiny(36), 35)).toEqual({
      ok: false,
      reason: 'The amount has too many decimals: this asset allows at most 35.',
    });
    expect(checkAmount(tiny(35), 35)).toEqual({ ok: true, value: tiny(35) });
    expect(checkAmount(tiny(36), 36)).toEqual({ ok: true, value: tiny(36) });
    expect(checkAmount(tiny(37), 36)).toEqual({
      ok: false,
      reason: 'The amount has too many decimals: this asset allows at most 36.',
    });
    expect(checkAmount('1', 37)).toEqual(invalid('37'));
    expect(checkAmount('1', 1.5)).toEqual(invalid('1.5'));
    expect(checkAmount('1', Number.NaN)).toEqual(invalid('NaN'));
    // Bad decimals are the first thing said, whatever else is wrong.
    expect(checkAmount('', -1)).toEqual(invalid('-1'));
    expect(checkAmount('abc', 37)).toEqual(invalid('37'));
    expect(checkAmount('0', -2)).toEqual(invalid('-2'));
    // Text that is not a string at all reads as no amount.
    expect(checkAmount(12 as unknown as string, 2)).toEqual({ ok: false, reason: EMPTY });
  });

  it('counts fraction digits at the asset decimals: N fit, N + 1 do not', () => {
    expect(checkAmount('1.25', 1)).toEqual({
      ok: false,
      reason: 'The amount has too many decimals: this asset allows at most 1.',
    });
    expect(checkAmount('1.25', 2)).toEqual({ ok: true, value: '1.25' });
    expect(checkAmount('1.25', 3)).toEqual({ ok: true, value: '1.25' });
    expect(checkAmount('1.5', 0)).toEqual({
      ok: false,
      reason: 'The amount must be a whole number for this asset.',
    });
    // Zero is refused as zero, not for its trailing zeros.
    expect(checkAmount('0.000', 0)).toEqual({ ok: false, reason: ZERO });
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

  // Equivalent mutant: Regex `/The amount/` in `if (!read.ok) return { ok: false, reason: read.reason.replace(/^The amount/, 'The fee') };`: every reason that says "The amount" says it first, so the first "The amount" anywhere is the one at the start.

  it.each([
    ['', 2, 'The fee is empty.'],
    ['1'.repeat(81), 2, 'The fee is too long.'],
    ['1 5', 2, 'The fee must not contain spaces.'],
    ['-1', 2, 'The fee must be written without a sign.'],
    ['1e3', 2, 'The fee must be written out in digits, without an exponent.'],
    ['abc', 2, 'The fee must be a number written with digits and an optional decimal point.'],
    ['0.001', 2, 'The fee has too many decimals: this asset allows at most 2.'],
    ['0.5', 0, 'The fee must be a whole number for this asset.'],
    // Reasons that do not start with "The amount" are the same for a fee.
    ['1,5', 2, COMMA],
    ['.5', 2, POINT_FIRST],
    ['5.', 2, POINT_LAST],
    ['1', -1, "The asset's number of decimals (-1) is not valid."],
    ['1', 37, "The asset's number of decimals (37) is not valid."],
  ])('refuses %j (decimals %d) in exactly these words', (text, decimals, reason) => {
    expect(checkFee(text, decimals)).toEqual({ ok: false, reason });
  });

  it('takes 80 characters and 36 decimals, as an amount does', () => {
    expect(checkFee('1'.repeat(80), 2)).toEqual({ ok: true, value: '1'.repeat(80) });
    expect(checkFee('0'.repeat(80), 2)).toEqual({ ok: true, value: '0' });
    expect(checkFee(`0.${'0'.repeat(35)}1`, 36)).toEqual({
      ok: true,
      value: `0.${'0'.repeat(35)}1`,
    });
    expect(checkFee('0', 0)).toEqual({ ok: true, value: '0' });
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

  it('reads up to 1000 characters, and names the function and the text it refuses', () => {
    const ones = (length: number) => '1'.repeat(length);
    expect(canonical(ones(999))).toBe(ones(999));
    expect(canonical(ones(1000))).toBe(ones(1000));
    // Only the first 40 characters of what was refused are repeated.
    expect(thrownBy(() => canonical(ones(1001)))).toBe(
      `RangeError: canonical: not a plain decimal string: "${ones(40)}"`,
    );
    expect(thrownBy(() => canonical(`${'x'.repeat(40)}y`))).toBe(
      `RangeError: canonical: not a plain decimal string: "${'x'.repeat(40)}"`,
    );
    expect(thrownBy(() => canonical('"1"'))).toBe(
      'RangeError: canonical: not a plain decimal string: "\\"1\\""',
    );
    const refusal = (what: string, text: string) =>
      `RangeError: ${what}: not a plain decimal string: "${text}"`;
    expect(thrownBy(() => addAmounts('x', '1'))).toBe(refusal('addAmounts', 'x'));
    expect(thrownBy(() => addAmounts('1', 'y'))).toBe(refusal('addAmounts', 'y'));
    expect(thrownBy(() => addAmounts(12 as unknown as string, '1'))).toBe(
      refusal('addAmounts', '12'),
    );
    expect(thrownBy(() => subtractAmounts('x', '1'))).toBe(refusal('subtractAmounts', 'x'));
    expect(thrownBy(() => subtractAmounts('1', 'y'))).toBe(refusal('subtractAmounts', 'y'));
    expect(thrownBy(() => sumAmounts(['1', '2', 'z']))).toBe(refusal('sumAmounts', 'z'));
    expect(thrownBy(() => compareAmounts('x', '1'))).toBe(refusal('compareAmounts', 'x'));
    expect(thrownBy(() => compareAmounts('1', 'y'))).toBe(refusal('compareAmounts', 'y'));
    expect(thrownBy(() => amountsEqual('1', 'y'))).toBe(refusal('compareAmounts', 'y'));
    expect(thrownBy(() => formatAmount('1,5', 2))).toBe(refusal('canonical', '1,5'));
    expect(thrownBy(() => usdValue('1e2', 1))).toBe(refusal('usdValue', '1e2'));
  });

  it.each(['x1', '1x', '--1', '-', '+1', '1.', '.1', '1 ', ''])(
    'refuses %j in arithmetic, junk before or after included',
    (text) => {
      expect(thrownBy(() => canonical(text))).toBe(
        `RangeError: canonical: not a plain decimal string: ${JSON.stringify(text)}`,
      );
    },
  );

  it('never writes minus zero', () => {
    expect(canonical('-0')).toBe('0');
    expect(canonical('-0.000')).toBe('0');
    expect(canonical('-00.0')).toBe('0');
    expect(canonical('-0.50')).toBe('-0.5');
    expect(subtractAmounts('0.5', '0.5')).toBe('0');
    expect(addAmounts('-1.5', '1.5')).toBe('0');
    expect(addAmounts('-0', '-0')).toBe('0');
    expect(sumAmounts(['-0', '-0.0'])).toBe('0');
    expect(formatAmount('-0.00', 2)).toBe('0.00');
  });

  it('sums to "0" for no values', () => {
    expect(sumAmounts([])).toBe('0');
  });

  it('compares by value', () => {
    expect(compareAmounts('1.50', '1.5')).toBe(0);
    expect(compareAmounts('2', '10')).toBe(-1);
    expect(compareAmounts('10', '9.999999999999999999')).toBe(1);
    expect(amountsEqual('0012.10', '12.1')).toBe(true);
    expect(amountsEqual('1', '2')).toBe(false);
    expect(amountsEqual('2', '1')).toBe(false);
    expect(amountsEqual('-1', '1')).toBe(false);
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

  it.each([
    ['1234', '1234.00'],
    ['12345', `12${NNBSP}345.00`],
    ['123456', `123${NNBSP}456.00`],
    ['1234567', `1${NNBSP}234${NNBSP}567.00`],
    ['12345678', `12${NNBSP}345${NNBSP}678.00`],
    ['123456789', `123${NNBSP}456${NNBSP}789.00`],
    ['98765.4321', `98${NNBSP}765.4321`],
    ['-1234', '-1234.00'],
    ['-12345', `-12${NNBSP}345.00`],
    ['-123456', `-123${NNBSP}456.00`],
    ['-123456789.5', `-123${NNBSP}456${NNBSP}789.50`],
  ])('shows %j as %j: groups of three, none empty, the sign outside them', (value, shown) => {
    expect(formatAmount(value, 2)).toBe(shown);
  });

  it('keeps two fraction digits when the decimals make no sense, none below zero', () => {
    expect(formatAmount('7', 1.5)).toBe('7.00');
    expect(formatAmount('7', -1)).toBe('7');
    expect(formatAmount('7.5', -1)).toBe('7.5');
  });

  it('property: integer parts of five digits and more in groups of three, one to three in front', () => {
    const integer = fc
      .tuple(fc.constantFrom(...'123456789'.split('')), digits(0, 24))
      .map(([first, rest]) => first + rest);
    fc.assert(
      fc.property(fc.boolean(), integer, (negative, int) => {
        const shown = formatAmount(`${negative ? '-' : ''}${int}`, 0);
        const body = negative ? shown.slice(1) : shown;
        expect(shown.startsWith('-')).toBe(negative);
        expect(body.replaceAll(NNBSP, '')).toBe(int);
        if (int.length >= 5) expect(body).toMatch(/^\d{1,3}(?:\u202f\d{3})+$/);
        else expect(body).toBe(int);
      }),
    );
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
    expect(isUsableRate('0.000')).toBe(false);
    expect(isUsableRate('-0')).toBe(false);
    expect(isUsableRate('0.0000001')).toBe(true);
    expect(isUsableRate(5e-324)).toBe(true);
  });

  it('refuses a rate that is not a finite number, saying which', () => {
    for (const rate of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(isUsableRate(rate)).toBe(false);
      expect(thrownBy(() => usdValue('1', rate))).toBe(
        `RangeError: usdValue: unusable rate "${String(rate)}"`,
      );
    }
  });

  it('reads rate text of up to 100 characters', () => {
    // 1e-98 written out: 100 characters.
    const rateOf = (length: number) => `0.${'0'.repeat(length - 3)}1`;
    expect(rateOf(100)).toHaveLength(100);
    expect(isUsableRate(rateOf(99))).toBe(true);
    expect(isUsableRate(rateOf(100))).toBe(true);
    expect(usdValue(`1${'0'.repeat(98)}`, rateOf(100))).toBe('1.00');
    expect(isUsableRate(rateOf(101))).toBe(false);
    expect(thrownBy(() => usdValue('1', rateOf(101)))).toBe(
      `RangeError: usdValue: unusable rate "${rateOf(101)}"`,
    );
    // Counted after the white space around it is trimmed.
    expect(isUsableRate(` ${rateOf(100)}\n`)).toBe(true);
  });

  it('trims the rate text and takes one plus sign in front of it', () => {
    expect(usdValue('2', ' 0.5 ')).toBe('1.00');
    expect(usdValue('2', '\t0.5\n')).toBe('1.00');
    expect(usdValue('2', '+0.5')).toBe('1.00');
    expect(usdValue('2', ' +0.5 ')).toBe('1.00');
    expect(isUsableRate('+2')).toBe(true);
    expect(isUsableRate('++2')).toBe(false);
    expect(isUsableRate('1+2')).toBe(false);
    expect(isUsableRate('2+')).toBe(false);
    expect(isUsableRate('+ 2')).toBe(false);
  });

  it('reads every form String(number) writes, and a three-digit exponent at most', () => {
    expect(usdValue('4', '.25')).toBe('1.00');
    expect(usdValue('2', '5.')).toBe('10.00');
    expect(usdValue('1', '2e2')).toBe('200.00');
    expect(usdValue('1', '2E2')).toBe('200.00');
    expect(usdValue('1', '2e+2')).toBe('200.00');
    expect(usdValue('100', '1e-2')).toBe('1.00');
    expect(usdValue('1', '1.5e1')).toBe('15.00');
    expect(usdValue('1', '.5e1')).toBe('5.00');
    expect(usdValue('2', '-.5')).toBe('-1.00');
    expect(isUsableRate('1e99')).toBe(true);
    expect(isUsableRate('1e999')).toBe(true);
    expect(isUsableRate('1e1000')).toBe(false);
    expect(isUsableRate('1e-999')).toBe(true);
    expect(isUsableRate('1e-1000')).toBe(false);
  });

  it.each(['', ' ', '-', '.', '+', 'e5', '1e', '1e+', 'x1', '1x', '$1', '1 USD', '1.5.2', '1,5'])(
    'refuses the rate text %j, junk before or after included',
    (rate) => {
      expect(isUsableRate(rate)).toBe(false);
      expect(thrownBy(() => usdValue('1', rate))).toBe(
        `RangeError: usdValue: unusable rate ${JSON.stringify(rate)}`,
      );
    },
  );

  it('never writes minus zero cents, and rounds a negative value half away from zero', () => {
    expect(usdValue('-0.004', 1)).toBe('0.00');
    expect(usdValue('0.004', '-1')).toBe('0.00');
    expect(usdValue('-0', 1)).toBe('0.00');
    expect(usdValue('-0.005', 1)).toBe('-0.01');
    expect(usdValue('-2', '0.5')).toBe('-1.00');
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
