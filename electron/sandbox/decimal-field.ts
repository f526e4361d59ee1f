import { bad, type Checked } from './field-checks';

/**
 * `amount` and `fee_value` as plain decimal text (docs/payment-service.md: amount units):
 * digits and one optional ".", no sign, exponent, spaces or ",". The value is kept as
 * canonical text, never a Number, so no digit is lost.
 */

const plainDecimal = /^(\d+)(?:\.(\d+))?$/;
const MAX_INTEGER_DIGITS = 30;

/** Integer digits without leading zeros, fraction without trailing zeros. */
function canonical(integer: string, fraction: string): string {
  const whole = integer.replace(/^0+(?=\d)/, '');
  const frac = fraction.replace(/0+$/, '');
  return frac === '' ? whole : `${whole}.${frac}`;
}

interface DecimalRule {
  field: 'amount' | 'fee_value';
  code: string;
  allowZero: boolean;
  maxDecimals: number;
  /** Names the asset in the "too many decimal places" message. */
  assetLabel?: string;
}

export function checkDecimal(text: string, rule: DecimalRule): Checked<string> {
  const match = plainDecimal.exec(text);
  if (!match) {
    return bad(
      rule.code,
      `${rule.field} must be a plain decimal number such as 12.50 (digits and one optional ".", no sign, spaces or exponent).`,
      rule.field,
    );
  }
  const integer = match[1] ?? '';
  const fraction = match[2] ?? '';
  const value = canonical(integer, fraction);
  const wholeDigits = value.split('.')[0] ?? '';
  if (wholeDigits.length > MAX_INTEGER_DIGITS)
    return bad(rule.code, `${rule.field} is too large.`, rule.field);
  const places = fraction.replace(/0+$/, '').length;
  if (places > rule.maxDecimals) {
    const where = rule.assetLabel === undefined ? '' : ` for ${rule.assetLabel}`;
    return bad(
      rule.code,
      `${rule.field} has ${places} decimal places but at most ${rule.maxDecimals} are allowed${where}.`,
      rule.field,
    );
  }
  if (!rule.allowZero && /^[0.]+$/.test(value))
    return bad(rule.code, `${rule.field} must be greater than zero.`, rule.field);
  return { ok: true, value };
}
