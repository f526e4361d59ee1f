import { checkAmount, formatAmount, addAmounts, checkFee } from '../../../../shared/money';

/**
 * What the amount field says as the cashier types: nothing yet, "keep typing" for a text that
 * is on its way to an amount ("12."), the reason it cannot be sent, or ready (with the
 * canonical value that goes to the till). The rules are shared/money's checkAmount, with the
 * chosen asset's decimals: the same check main makes, so a ready amount is never refused for
 * its form.
 */
export type AmountStatus =
  | { kind: 'empty' }
  | { kind: 'incomplete'; hint: string }
  | { kind: 'invalid'; reason: string }
  | { kind: 'ready'; value: string };

export function amountStatus(text: string, decimals: number | null): AmountStatus {
  if (text === '') return { kind: 'empty' };
  if (text.endsWith('.')) {
    const before = amountStatus(text.slice(0, -1), decimals);
    if (before.kind === 'invalid') return before;
    if (decimals === 0) {
      return { kind: 'invalid', reason: 'The amount must be a whole number for this asset.' };
    }
    return { kind: 'incomplete', hint: 'Type the digits after the point.' };
  }
  // Without an asset, only the form is checked; the decimals are checked once one is chosen.
  const check = checkAmount(text, decimals ?? 36);
  if (!check.ok) return { kind: 'invalid', reason: check.reason };
  return { kind: 'ready', value: check.value };
}

/** "12.50 USDT + fee 0.25 = 12.75 USDT" parts, or null when the fee does not fit the asset. */
export function totalWithFee(
  amount: string,
  fee: string,
  decimals: number,
): { total: string; fee: string } | { problem: string } {
  const feeCheck = checkFee(fee, decimals);
  if (!feeCheck.ok) return { problem: feeCheck.reason };
  return {
    total: formatAmount(addAmounts(amount, feeCheck.value), decimals),
    fee: formatAmount(feeCheck.value, decimals),
  };
}

/** The line under the amount field: what is wrong, what is missing, or a no-break space. */
export function amountStatusLine(status: AmountStatus, assetChosen: boolean): string {
  switch (status.kind) {
    case 'invalid':
      return status.reason;
    case 'incomplete':
      return status.hint;
    case 'empty':
      return 'Type the amount or use the keys.';
    case 'ready':
      return assetChosen ? '\u00a0' : 'Choose the asset to check the decimals.';
  }
}
