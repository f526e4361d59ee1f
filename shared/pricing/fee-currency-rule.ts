import type { Settings } from '../settings';
import { currencyFacts } from './shop-currency';

/** "0", "0.00", "000": no fixed fee in any currency. */
const NOTHING = /^0+(?:\.0+)?$/;

/**
 * What is wrong with the fixed fee once `change` is made to `before`, in words; none when it
 * fits. A fixed fee is an amount of the shop's currency: when the currency changes, the fee's
 * number means nothing in the new one (¥500 are not €500), so a fee that is not 0 is given
 * again in the same change (the same number too, if the manager means it); and it never has
 * more decimals than the currency has (¥0.0001 would round up to a whole yen).
 */
export function fixedFeeProblems(
  before: Pick<Settings, 'currency' | 'feeFixed'>,
  change: Partial<Pick<Settings, 'currency' | 'feeFixed'>>,
): string[] {
  const after = { ...before, ...change };
  if (NOTHING.test(after.feeFixed)) return [];
  if (after.currency !== before.currency && change.feeFixed === undefined)
    return [
      `The fixed fee ${before.feeFixed} was set in ${before.currency}: give it again in ${after.currency} (or 0) in the same change.`,
    ];
  const places = after.feeFixed.split('.')[1]?.length ?? 0;
  const minorUnits = currencyFacts(after.currency).minorUnits;
  if (places > minorUnits)
    return [
      minorUnits === 0
        ? `The fixed fee cannot have decimals: ${after.currency} has none.`
        : `The fixed fee has more decimals than ${after.currency} has: at most ${minorUnits}.`,
    ];
  return [];
}
