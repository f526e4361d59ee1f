import type { OrderRecord } from '../journal/order-record';
import { sumDecimalTexts } from '../../shared/exact-sum';
import type { AssetTotal, CurrencyTotal, Totals } from '../../shared/shifts/shift-report-types';

interface AssetGroup {
  chainId: string | null;
  chainName: string | null;
  asset: string | null;
  amounts: string[];
  fees: string[];
}

interface CurrencyGroup {
  count: number;
  amounts: string[];
  fees: string[];
}

/**
 * Counts and exact sums of `orders` by chain and asset and by shop currency. The texts of a
 * group are summed at once (one BigInt scale per group) rather than added pairwise.
 */
export function totalsOf(orders: readonly OrderRecord[]): Totals {
  const assets = new Map<string, AssetGroup>();
  const currencies = new Map<string, CurrencyGroup>();
  let withoutCurrency = 0;
  for (const order of orders) {
    const key = JSON.stringify([order.chainName, order.chainId, order.asset]);
    const group = assets.get(key) ?? {
      chainId: order.chainId,
      chainName: order.chainName,
      asset: order.asset,
      amounts: [],
      fees: [],
    };
    group.amounts.push(order.amount);
    group.fees.push(order.fee);
    assets.set(key, group);
    if (order.pricing === null) {
      withoutCurrency++;
      continue;
    }
    const money = currencies.get(order.pricing.currency) ?? { count: 0, amounts: [], fees: [] };
    money.count++;
    money.amounts.push(order.pricing.moneyAmount);
    money.fees.push(order.pricing.feeMoney);
    currencies.set(order.pricing.currency, money);
  }
  const byAsset: AssetTotal[] = [...assets.values()]
    .map((group) => ({
      chainId: group.chainId,
      chainName: group.chainName,
      asset: group.asset,
      count: group.amounts.length,
      amount: sumDecimalTexts(group.amounts),
      fee: sumDecimalTexts(group.fees),
    }))
    .sort(
      (a, b) =>
        compareText(a.chainName, b.chainName) ||
        compareText(a.asset, b.asset) ||
        compareText(a.chainId, b.chainId),
    );
  const byCurrency: CurrencyTotal[] = [...currencies]
    .sort(([a], [b]) => compareText(a, b))
    .map(([currency, group]) => ({
      currency,
      count: group.count,
      amount: sumDecimalTexts(group.amounts),
      fee: sumDecimalTexts(group.fees),
      total: sumDecimalTexts([...group.amounts, ...group.fees]),
    }));
  return { count: orders.length, byAsset, byCurrency, withoutCurrency };
}

/** Plain code-unit order (the same in every locale), nulls last. */
export function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
