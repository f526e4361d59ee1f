import type { Settings } from '../settings';

/**
 * Whether the till sells only while a shift is open (`shiftRequired`): always, never, or where
 * staff PINs are on (the default: where people sign in, they also open and close shifts). Main
 * refuses a sale by it; the sale screen offers to open a shift by it.
 */
export function shiftRequiredToSell(
  settings: Pick<Settings, 'shiftRequired' | 'staffPinsRequired'>,
): boolean {
  if (settings.shiftRequired === 'always') return true;
  if (settings.shiftRequired === 'never') return false;
  return settings.staffPinsRequired;
}
