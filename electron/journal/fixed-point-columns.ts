/**
 * Each money text of an order (amount, fee, money amount, fee in money) beside two exact
 * INTEGER columns (migration 7), so a report sums in SQL instead of handing every text to JS:
 *
 * - `<name>_e9`: the value times 10^9, cut after the 9th decimal ("12.5" -> 12500000000);
 * - `<name>_e18`: its decimals 10 to 18 as a whole number ("0.0000000001" -> 100000000).
 *
 * value = e9 / 10^9 + e18 / 10^18, exactly. Both are null for a value that does not fit (more
 * than 9 whole digits or more than 18 decimals) and for every order written before migration
 * 7: those are summed from their text, exactly, in JS. e9 < 10^18 and e18 < 10^9, so SQLite's
 * 64-bit SUM can add e18 over billions of rows, and e9 up to 9.2 billion units per group (past
 * that SUM refuses with "integer overflow" and the report sums the texts instead).
 */
export const FIXED_POINT_COLUMNS = `amount_e9, amount_e18, fee_e9, fee_e18, money_amount_e9,
  money_amount_e18, fee_money_e9, fee_money_e18`;

export interface FixedPoint {
  /** Up to 10^18 - 1: above 2^53, so a bigint (node:sqlite binds it as a 64-bit INTEGER). */
  e9: bigint;
  e18: number;
}

/** Digits, at most 9 of them whole, and at most 18 decimals. */
const FITS = /^(\d{1,9})(?:\.(\d{1,18}))?$/;

/** The value's two integer columns, or null when it does not fit them (summed from the text). */
export function fixedPointOf(text: string | null): FixedPoint | null {
  if (text === null) return null;
  const parts = FITS.exec(text);
  if (!parts) return null;
  const decimals = (parts[2] ?? '').padEnd(18, '0');
  return {
    e9: BigInt((parts[1] as string) + decimals.slice(0, 9)),
    e18: Number(decimals.slice(9)),
  };
}

export type FixedPointParams = {
  amount_e9: bigint | null;
  amount_e18: number | null;
  fee_e9: bigint | null;
  fee_e18: number | null;
  money_amount_e9: bigint | null;
  money_amount_e18: number | null;
  fee_money_e9: bigint | null;
  fee_money_e18: number | null;
};

/** The insert's eight integer parameters, from the order's four money texts. */
export function fixedPointParams(texts: {
  amount: string;
  fee: string;
  moneyAmount: string | null;
  feeMoney: string | null;
}): FixedPointParams {
  const amount = fixedPointOf(texts.amount);
  const fee = fixedPointOf(texts.fee);
  const moneyAmount = fixedPointOf(texts.moneyAmount);
  const feeMoney = fixedPointOf(texts.feeMoney);
  return {
    amount_e9: amount?.e9 ?? null,
    amount_e18: amount?.e18 ?? null,
    fee_e9: fee?.e9 ?? null,
    fee_e18: fee?.e18 ?? null,
    money_amount_e9: moneyAmount?.e9 ?? null,
    money_amount_e18: moneyAmount?.e18 ?? null,
    fee_money_e9: feeMoney?.e9 ?? null,
    fee_money_e18: feeMoney?.e18 ?? null,
  };
}
