import Big from 'big.js';
import { checkAmount } from '../money';

/**
 * The shop's currency as Intl knows it: how many minor units (cents) it has, its symbol, and
 * money written the way people read it. Amounts stay decimal text: Intl formats a string
 * without turning it into a float first.
 */
export interface CurrencyFacts {
  code: string;
  minorUnits: number;
  symbol: string;
}

const facts = new Map<string, CurrencyFacts>();

/** A private big.js, only to write out a number given in exponent notation. */
const Dec = Big();
Dec.strict = true;
Dec.NE = -1_000_000;
Dec.PE = 1_000_000;

/** Plain decimal text, sign allowed (a difference may be negative). */
const PLAIN_SIGNED = /^-?\d+(?:\.\d+)?$/;
/**
 * The service's rate_usd is String(JSON number): "1e-7" below 1e-6. It is written out exactly
 * ("0.0000001") before Intl sees it, so its digits count. The exponent is capped at 3 digits.
 */
const EXPONENT = /^-?\d+(?:\.\d+)?[eE][+-]?\d{1,3}$/;

/** Plain decimal text, or undefined when the text is not a number at all. */
function plainText(amount: unknown): string | undefined {
  if (typeof amount !== 'string' || amount.length > 200) return undefined;
  if (PLAIN_SIGNED.test(amount)) return amount;
  return EXPONENT.test(amount) ? new Dec(amount).toFixed() : undefined;
}

/** Never throws: an unknown code is shown as itself, with 2 minor units. */
export function currencyFacts(code: string): CurrencyFacts {
  const known = facts.get(code);
  if (known) return known;
  let found: CurrencyFacts;
  try {
    const format = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    });
    const symbol = format.formatToParts(0).find((part) => part.type === 'currency')?.value ?? code;
    found = { code, minorUnits: format.resolvedOptions().maximumFractionDigits ?? 2, symbol };
  } catch {
    found = { code, minorUnits: 2, symbol: code };
  }
  // Bounded: a till uses one or two currencies; odd codes typed in settings must not pile up.
  if (facts.size < 64) facts.set(code, found);
  return found;
}

/**
 * "€12.50": the currency's minor units at least, more when the amount has them (a price per
 * asset unit may), nothing rounded away.
 */
export function formatMoney(amount: string, currency: string, locale = 'en'): string {
  const plain = plainText(amount);
  // Not a number (a bug upstream): shown as it is rather than as "€NaN" or "€0.00".
  if (plain === undefined) return `${String(amount)} ${currency}`;
  const { minorUnits } = currencyFacts(currency);
  const fraction = plain.split('.')[1]?.length ?? 0;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: minorUnits,
      // 100 is Intl's ceiling; no amount we make has more fraction digits than that.
      maximumFractionDigits: Math.min(100, Math.max(minorUnits, fraction)),
      // A numeric string keeps its precision (Intl.NumberFormat v3): no float on the way.
    }).format(plain as unknown as number);
  } catch {
    return `${plain} ${currency}`;
  }
}

/** Longest price we take: 12 digits before the point (a till, not a bank). */
const MAX_INTEGER_DIGITS = 12;

/** A price typed in the shop's currency: more than zero, at most the currency's minor units. */
export function checkMoney(
  text: string,
  currency: string,
): { ok: true; value: string } | { ok: false; reason: string } {
  const { minorUnits } = currencyFacts(currency);
  const checked = checkAmount(text, minorUnits);
  if (!checked.ok) {
    const tooPrecise = /too many decimals|whole number/.test(checked.reason);
    return {
      ok: false,
      reason: tooPrecise
        ? minorUnits === 0
          ? `${currency} prices are whole numbers.`
          : `${currency} amounts have at most ${minorUnits} decimals.`
        : checked.reason.replace(/^The amount/, 'The price'),
    };
  }
  if ((checked.value.split('.')[0] ?? '').length > MAX_INTEGER_DIGITS)
    return { ok: false, reason: 'The price is too large.' };
  return checked;
}
