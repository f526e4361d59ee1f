import Big from 'big.js';

/**
 * Money rules (docs/payment-service.md: Types on the wire; docs/architecture.md: Money and time).
 *
 * Amounts are decimal strings end to end. Arithmetic goes through big.js, never Number, so
 * a sum of asset amounts with 18 decimals is exact. Every function here returns canonical
 * strings: no sign for non-negative values, no leading zeros, no trailing fraction zeros,
 * no exponent ("0012.500" -> "12.5", "0.000" -> "0").
 */

/** A private big.js constructor: its settings cannot be changed by other code importing big.js. */
const Dec = Big();
// Strict: Big(number) and lossy toNumber() throw, so a float cannot sneak onto the money path.
Dec.strict = true;
// Never print exponent notation (big.js switches to it at 1e21 and 1e-7 by default).
Dec.NE = -1_000_000;
Dec.PE = 1_000_000;
Dec.RM = Dec.roundHalfUp;

/** The most fractional digits an asset may have (mirrors shared/wire/asset.ts MAX_ASSET_DECIMALS). */
export const MAX_DECIMALS = 36;
/** Longest amount text we read: long enough for any real amount, short enough to refuse junk. */
export const MAX_AMOUNT_LENGTH = 80;

export type AmountCheck = { ok: true; value: string } | { ok: false; reason: string };

/** Unsigned plain decimal: digits, optionally '.' and more digits. */
const PLAIN_UNSIGNED = /^\d+(?:\.\d+)?$/;
/** Signed plain decimal, accepted by the arithmetic helpers (a difference may be negative). */
const PLAIN_SIGNED = /^-?\d+(?:\.\d+)?$/;

/**
 * Checks an amount typed by the cashier or sent by the service: greater than zero, digits
 * with an optional '.' and fraction, no sign, no exponent, no spaces, at most `decimals`
 * significant fraction digits. Trailing fraction zeros do not count ("1.50" is fine for an
 * asset with 1 decimal: it is exactly 1.5). Never throws.
 */
export function checkAmount(text: string, decimals: number): AmountCheck {
  const read = readUnsigned(text, decimals);
  if (!read.ok) return read;
  if (read.value === '0') return { ok: false, reason: 'The amount must be more than zero.' };
  return read;
}

/** Like checkAmount, but zero is allowed (a fee may be "0"). Never throws. */
export function checkFee(text: string, decimals: number): AmountCheck {
  const read = readUnsigned(text, decimals);
  if (!read.ok) return { ok: false, reason: read.reason.replace(/^The amount/, 'The fee') };
  return read;
}

function readUnsigned(text: unknown, decimals: number): AmountCheck {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    return {
      ok: false,
      reason: `The asset's number of decimals (${String(decimals)}) is not valid.`,
    };
  }
  if (typeof text !== 'string' || text.length === 0)
    return { ok: false, reason: 'The amount is empty.' };
  if (text.length > MAX_AMOUNT_LENGTH) return { ok: false, reason: 'The amount is too long.' };
  if (!PLAIN_UNSIGNED.test(text)) return { ok: false, reason: describeBadAmount(text) };
  const value = canonical(text);
  const fraction = value.split('.')[1] ?? '';
  if (fraction.length > decimals) {
    return {
      ok: false,
      reason:
        decimals === 0
          ? 'The amount must be a whole number for this asset.'
          : `The amount has too many decimals: this asset allows at most ${decimals}.`,
    };
  }
  return { ok: true, value };
}

/** Says in plain words why a text is not a plain positive decimal. */
function describeBadAmount(text: string): string {
  if (/\s/.test(text)) return 'The amount must not contain spaces.';
  if (/^[+-]/.test(text)) return 'The amount must be written without a sign.';
  if (/^\d*\.?\d*[eE][+-]?\d*$/.test(text))
    return 'The amount must be written out in digits, without an exponent.';
  if (/^\d+,\d+$/.test(text)) return 'Use a point (.) as the decimal separator, not a comma.';
  if (/^\.\d+$/.test(text)) return 'Write a digit before the decimal point (for example 0.5).';
  if (/^\d+\.$/.test(text))
    return 'Write at least one digit after the decimal point, or leave the point out.';
  return 'The amount must be a number written with digits and an optional decimal point.';
}

/** Parses a plain decimal string (sign allowed) or throws RangeError: a programming error, not user input. */
function parse(value: string, what: string): Big {
  if (typeof value !== 'string' || value.length > 1000 || !PLAIN_SIGNED.test(value)) {
    throw new RangeError(
      `${what}: not a plain decimal string: ${JSON.stringify(String(value).slice(0, 40))}`,
    );
  }
  return new Dec(value);
}

/**
 * The canonical text of a Big: plain notation, minimal digits, and never "-0" (big.js's toFixed
 * signs only a non-zero value; the tests pin that down).
 */
function show(value: Big): string {
  return value.toFixed();
}

/** Canonical form of a plain decimal string ("007.50" -> "7.5"). Throws RangeError if not plain decimal. */
export function canonical(value: string): string {
  return show(parse(value, 'canonical'));
}

/** Exact a + b. Inputs are plain decimal strings (a sign is allowed); throws RangeError otherwise. */
export function addAmounts(a: string, b: string): string {
  return show(parse(a, 'addAmounts').plus(parse(b, 'addAmounts')));
}

/** Exact a - b (may be negative). */
export function subtractAmounts(a: string, b: string): string {
  return show(parse(a, 'subtractAmounts').minus(parse(b, 'subtractAmounts')));
}

/** Exact sum; "0" for no values. */
export function sumAmounts(values: readonly string[]): string {
  let total = new Dec('0');
  for (const value of values) total = total.plus(parse(value, 'sumAmounts'));
  return show(total);
}

/** Compares by value: "1.50" and "1.5" are equal. */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  return parse(a, 'compareAmounts').cmp(parse(b, 'compareAmounts'));
}

/** Equal by value. */
export function amountsEqual(a: string, b: string): boolean {
  return compareAmounts(a, b) === 0;
}

/** Narrow no-break space: groups thousands without letting a line break split the number. */
const GROUP_SEPARATOR = '\u202f';

/**
 * Text for display (decision, see shared/README.md):
 * - '.' as decimal separator, as on the wire, so what the cashier reads matches the wallet;
 * - trailing fraction zeros trimmed, but at least min(2, decimals) fraction digits kept
 *   ("12.5" -> "12.50" for a 6-decimal asset; "7" -> "7" for a 0-decimal asset);
 * - never rounds: every significant digit is shown, even beyond `decimals`, because
 *   hiding digits of money would show a different amount than the wallet asks for;
 * - integer part grouped in threes with a narrow no-break space (U+202F) from five
 *   digits on ("1234.50" stays, "12 345.50"), SI style; the fraction is not grouped.
 * Throws RangeError if value is not a plain decimal string (callers pass checked amounts).
 */
export function formatAmount(value: string, decimals: number): string {
  const text = canonical(value);
  const negative = text.startsWith('-');
  // split gives at least one part, whatever the text.
  const [integerPart, fractionPart = ''] = (negative ? text.slice(1) : text).split('.') as [
    string,
    string?,
  ];
  const minimumFraction = Math.max(0, Math.min(2, Number.isInteger(decimals) ? decimals : 2));
  const fraction = fractionPart.padEnd(minimumFraction, '0');
  const grouped = integerPart.length >= 5 ? groupThousands(integerPart) : integerPart;
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

function groupThousands(digits: string): string {
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3)
    groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join(GROUP_SEPARATOR);
}

/**
 * amount * rate in USD, rounded half-up to cents, always two fraction digits ("12.35").
 * The rate comes from JSON as a number; it enters big.js through String(rate), so it is
 * exactly the decimal the JSON held (shortest round-trip text), never binary float maths.
 * Throws RangeError for a malformed amount or a non-finite/malformed rate; see isUsableRate.
 */
export function usdValue(amount: string, rateUsd: number | string): string {
  const rate = readRate(rateUsd);
  if (rate === undefined)
    throw new RangeError(`usdValue: unusable rate ${JSON.stringify(String(rateUsd))}`);
  // Rounded before toFixed: a product that rounds to zero is unsigned, "0.00", never "-0.00".
  return parse(amount, 'usdValue').times(rate).round(2, Dec.roundHalfUp).toFixed(2);
}

/** A rate worth showing a USD value for: finite and greater than zero. */
export function isUsableRate(rateUsd: number | string): boolean {
  const rate = readRate(rateUsd);
  return rate !== undefined && rate.gt('0');
}

function readRate(rateUsd: number | string): Big | undefined {
  // NaN and ±Infinity fail the pattern below as text ("NaN", "Infinity").
  const text = String(rateUsd).trim().replace(/^\+/, '');
  // String(number) may use exponent notation (1e-7); big.js reads that exactly. Exponents are
  // capped at three digits, which covers every JSON double and refuses "1e999999" blow-ups.
  if (text.length > 100 || !/^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,3})?$/.test(text))
    return undefined;
  // Every text the pattern lets through is one big.js reads: this does not throw.
  return new Dec(text);
}
