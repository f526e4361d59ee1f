import { useState } from 'react';
import type { AmountEntry } from '../../../../shared/settings';

/** What the cashier types: a price in the shop's currency, or an amount of the asset. */
export type EntryMode = 'money' | 'asset';

/**
 * The entry mode IT's `amountEntry` allows: fixed for "money" or "asset"; for
 * "money-or-asset" money first, with a switch on the amount panel.
 */
export function useEntryMode(allowed: AmountEntry | undefined): {
  mode: EntryMode;
  switchable: boolean;
  toggle: () => void;
} {
  const [chosen, setChosen] = useState<EntryMode>('money');
  const setting = allowed ?? 'money-or-asset';
  const switchable = setting === 'money-or-asset';
  const mode: EntryMode = switchable ? chosen : setting;
  return {
    mode,
    switchable,
    toggle: () => setChosen((current) => (current === 'money' ? 'asset' : 'money')),
  };
}
