/**
 * Exact sum of many non-negative decimal texts, for reports. Same result as shared/money's
 * sumAmounts (a property test checks it), about ten times faster on a day of orders: one
 * BigInt per value at a common scale instead of a big.js object per addition. That is the
 * difference between ~10 ms and ~1 ms of the 20 ms end-of-day report budget.
 */
const PLAIN = /^\d+(?:\.\d+)?$/;

export function sumDecimalTexts(values: readonly string[]): string {
  let scale = 0;
  for (const value of values) {
    if (!PLAIN.test(value))
      throw new RangeError(`not a plain decimal text: ${JSON.stringify(value.slice(0, 40))}`);
    const dot = value.indexOf('.');
    if (dot >= 0 && value.length - dot - 1 > scale) scale = value.length - dot - 1;
  }
  let total = 0n;
  for (const value of values) {
    const dot = value.indexOf('.');
    const digits =
      dot < 0
        ? value + '0'.repeat(scale)
        : value.slice(0, dot) + value.slice(dot + 1).padEnd(scale, '0');
    total += BigInt(digits);
  }
  const text = total.toString().padStart(scale + 1, '0');
  const whole = text.slice(0, text.length - scale);
  const fraction = text.slice(text.length - scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
