import { formatAmount } from '../../shared/money';

/**
 * An amount as the screens show it: shared/money formatAmount ('.' decimal point, at least two
 * fraction digits, thousands grouped with U+202F from five digits on, never rounded).
 * `decimals` is the asset's decimals when the page knows them; the customer view doesn't
 * carry them, and since formatAmount never drops digits, 2 only pads "12.5" to "12.50".
 * Text that is not a plain decimal (it should never reach a page) is shown as it came
 * rather than breaking the screen.
 */
export function displayAmount(value: string, decimals = 2): string {
  try {
    return formatAmount(value, decimals);
  } catch {
    return value;
  }
}

/** "12.50 USDT"; just the amount when the asset is unknown. */
export function amountWithAsset(value: string, asset: string | null, decimals = 2): string {
  const amount = displayAmount(value, decimals);
  return asset ? `${amount} ${asset}` : amount;
}
