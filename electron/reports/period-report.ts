import { sumDecimalTexts } from '../../shared/exact-sum';
import type { OrderReportSource, TotalsGroup } from '../journal/report-source';
import { paidStates, saleStates, type SaleState } from '../../shared/sale/sale-states';
import { periodOfDays, todayPeriod, type Period } from './report-period';
import { moneyOf } from './order-money';
import type {
  ChainAssetStateTotal,
  ChainAssetTotal,
  PeriodReport,
  VoidedPayment,
} from '../../shared/reports/report-types';

export type { PeriodReport };

/** States in which money was taken: by the service's word (NFC) or the cashier's (QR, late too). */
const takenStates = paidStates;

/**
 * The report of the orders created in `period`. Voided payments are in no "taken" figure (their
 * state is 'voided', not a paid one) and are listed one by one; `nameOf` names who voided them.
 */
export function periodReport(
  source: OrderReportSource,
  period: Period,
  nameOf: (staffId: string | null) => string | null = () => null,
): PeriodReport {
  const groups = source.totalsGroups(period.fromMs, period.toMs);
  const stateRank = (state: SaleState) => saleStates.indexOf(state);
  const keyOf = (g: { chainId: string | null; chainName: string | null; asset: string | null }) =>
    JSON.stringify([g.chainName, g.chainId, g.asset]);

  const byChainAssetState: ChainAssetStateTotal[] = groups.map((g) => ({
    chainId: g.chainId,
    chainName: g.chainName,
    asset: g.asset,
    state: g.state,
    count: g.count,
    amount: g.amount,
    fee: g.fee,
  }));

  const chainAssets = new Map<string, { first: TotalsGroup; all: ChainAssetStateTotal[] }>();
  groups.forEach((group, index) => {
    const key = keyOf(group);
    const entry = chainAssets.get(key) ?? { first: group, all: [] };
    entry.all.push(byChainAssetState[index] as ChainAssetStateTotal);
    chainAssets.set(key, entry);
  });
  const byChainAsset: ChainAssetTotal[] = [...chainAssets.values()].map(({ first, all }) => {
    const taken = all.filter((row) => takenStates.has(row.state));
    return {
      chainId: first.chainId,
      chainName: first.chainName,
      asset: first.asset,
      count: all.reduce((n, row) => n + row.count, 0),
      amount: sumDecimalTexts(all.map((row) => row.amount)),
      fee: sumDecimalTexts(all.map((row) => row.fee)),
      takenCount: taken.reduce((n, row) => n + row.count, 0),
      takenAmount: sumDecimalTexts(taken.map((row) => row.amount)),
      takenFee: sumDecimalTexts(taken.map((row) => row.fee)),
    };
  });

  const stateCounts = new Map<SaleState, number>();
  for (const group of groups)
    stateCounts.set(group.state, (stateCounts.get(group.state) ?? 0) + group.count);
  const byState = [...stateCounts]
    .map(([state, count]) => ({ state, count }))
    .sort((a, b) => stateRank(a.state) - stateRank(b.state));

  const byKey = (
    a: ChainAssetTotal | ChainAssetStateTotal,
    b: ChainAssetTotal | ChainAssetStateTotal,
  ) =>
    compareText(a.chainName, b.chainName) ||
    compareText(a.asset, b.asset) ||
    compareText(a.chainId, b.chainId);
  byChainAsset.sort(byKey);
  byChainAssetState.sort((a, b) => byKey(a, b) || stateRank(a.state) - stateRank(b.state));
  const money = new Map<string, { count: number; totals: string[] }>();
  let takenWithoutMoney = 0;
  for (const group of source.moneyGroups(period.fromMs, period.toMs)) {
    if (!takenStates.has(group.state)) continue;
    if (group.currency === null) {
      takenWithoutMoney += group.count;
      continue;
    }
    const entry = money.get(group.currency) ?? { count: 0, totals: [] };
    entry.count += group.count;
    entry.totals.push(group.total);
    money.set(group.currency, entry);
  }
  return {
    period,
    orderCount: byChainAsset.reduce((n, row) => n + row.count, 0),
    money: [...money]
      .sort(([a], [b]) => compareText(a, b))
      .map(([currency, entry]) => ({
        currency,
        takenCount: entry.count,
        takenTotal: sumDecimalTexts(entry.totals),
      })),
    takenWithoutMoney,
    byChainAsset,
    byState,
    byChainAssetState,
    voidedPayments: source
      .voidedPayments(period.fromMs, period.toMs)
      .map(({ order, voidedAtMs, paidState, actorId, detail }): VoidedPayment => ({
        orderId: order.orderId,
        reference: order.reference,
        kind: order.kind,
        createdAtMs: order.createdAtMs,
        voidedAtMs,
        paidState,
        amount: order.amount,
        fee: order.fee,
        asset: order.asset,
        chainName: order.chainName,
        money: moneyOf(order),
        voidedBy: { staffId: actorId, name: nameOf(actorId) },
        reason: detail.note ?? '',
      })),
  };
}

/** Plain code-unit order (stable across locales), orders without a chain or asset last. */
function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** Today in the shop's time zone, by the Clock's now. */
export function todayReport(
  source: OrderReportSource,
  nowMs: number,
  timeZone: string,
): PeriodReport {
  return periodReport(source, todayPeriod(nowMs, timeZone));
}

/** Local days fromDate..toDate ('YYYY-MM-DD', both inclusive). */
export function rangeReport(
  source: OrderReportSource,
  fromDate: string,
  toDate: string,
  timeZone: string,
): PeriodReport {
  return periodReport(source, periodOfDays(fromDate, toDate, timeZone));
}
