import type { Settings } from '../../shared/settings';

/** How a sale's amount was given: a price in the shop's currency, or asset units. */
export type AmountGiven = 'money' | 'asset';

/**
 * Whether the till's amount entry (`amountEntry`, which IT may lock) allows a sale given this
 * way, checked in main whatever the page offered: a sale in asset units where the shop prices in
 * money would skip the price, its second opinion and the money totals. Null when allowed, else
 * the cashier's words.
 */
export function amountEntryRefusal(
  settings: Pick<Settings, 'amountEntry' | 'currency'>,
  given: AmountGiven,
): string | null {
  if (settings.amountEntry === 'money' && given === 'asset')
    return `This till takes prices in ${settings.currency}: type the price in ${settings.currency}.`;
  if (settings.amountEntry === 'asset' && given === 'money')
    return 'This till takes amounts in units of the asset: type the amount of the asset.';
  return null;
}
