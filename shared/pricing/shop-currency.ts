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
  facts.set(code, found);
  return found;
}

/**
 * "€12.50": the currency's minor units at least, more when the amount has them (a price per
 * asset unit may), nothing rounded away.
 */
export function formatMoney(amount: string, currency: string, locale = 'en'): string {
  const { minorUnits } = currencyFacts(currency);
  const fraction = amount.split('.')[1]?.length ?? 0;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: minorUnits,
      maximumFractionDigits: Math.min(20, Math.max(minorUnits, fraction)),
      // A numeric string keeps its precision (Intl.NumberFormat v3).
    }).format(amount as unknown as number);
  } catch {
    return `${amount} ${currency}`;
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
