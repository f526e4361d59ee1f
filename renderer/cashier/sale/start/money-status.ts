import { checkMoney, currencyFacts } from '../../../../shared/pricing/shop-currency';
import type { AmountStatus } from './amount-status';

/**
 * The amount field's state for a price in the shop's currency: the same steps as an asset
 * amount ("12." is on its way), checked with the currency's minor units (main checks the same).
 */
export function moneyStatus(text: string, currency: string): AmountStatus {
  if (text === '') return { kind: 'empty' };
  if (text.endsWith('.')) {
    const before = moneyStatus(text.slice(0, -1), currency);
    if (before.kind === 'invalid') return before;
    if (currencyFacts(currency).minorUnits === 0)
      return { kind: 'invalid', reason: `${currency} prices are whole numbers.` };
    return { kind: 'incomplete', hint: 'Type the digits after the point.' };
  }
  const check = checkMoney(text, currency);
  if (!check.ok) return { kind: 'invalid', reason: check.reason };
  return { kind: 'ready', value: check.value };
}
