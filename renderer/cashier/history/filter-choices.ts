import {
  orderOutcomes,
  outcomeWords,
  type AssetChoice,
  type OrderFilter,
  type OrderOutcome,
} from '../../../shared/history/order-filter';
import type { OrderSummary } from '../../../shared/ipc/views';
import type { PeriodReport } from '../../../shared/reports/report-types';

/** A choice of a filter's list: `value` is what the Select holds. */
export interface Choice {
  value: string;
  label: string;
}

export const ALL = 'all';
/** The cashier choice for orders nobody signed in for (before staff profiles, or PINs off). */
const NOBODY = 'unknown';

/** Cashiers named by orders seen so far (id to name; null name: removed since). */
export type KnownCashiers = ReadonlyMap<string, string | null>;

/** The cashiers `orders` name, added to those already known. */
export function withCashiersOf(
  known: KnownCashiers,
  orders: readonly OrderSummary[],
): KnownCashiers {
  let next: Map<string, string | null> | null = null;
  for (const order of orders) {
    if (order.cashierId === null || known.get(order.cashierId) === order.cashierName) continue;
    next ??= new Map(known);
    next.set(order.cashierId, order.cashierName);
  }
  return next ?? known;
}

/** "Cashier": everyone named so far, and "Unknown cashier"; none while no order names one. */
export function cashierChoices(known: KnownCashiers): Choice[] {
  if (known.size === 0) return [];
  return [
    { value: ALL, label: 'All cashiers' },
    ...[...known]
      .map(([value, name]) => ({ value, label: name ?? 'Removed staff member' }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    { value: NOBODY, label: 'Unknown cashier' },
  ];
}

export const outcomeChoices: Choice[] = [
  { value: ALL, label: 'All states' },
  ...orderOutcomes.map((outcome) => ({ value: outcome, label: outcomeWords[outcome] })),
];

export const wayChoices: Choice[] = [
  { value: ALL, label: 'All ways' },
  { value: 'qr', label: 'QR code' },
  { value: 'nfc', label: 'Tap to pay (NFC)' },
];

const assetValue = (choice: AssetChoice) => JSON.stringify([choice.chainId, choice.asset]);

/** "USDT on ETHEREUM" for each chain and asset the range's report holds. */
export function assetChoices(
  report: PeriodReport | null,
  chosen: AssetChoice | undefined,
): Choice[] {
  const rows = report?.byChainAsset ?? [];
  const choices = rows.map((row) => ({
    value: assetValue(row),
    label: `${row.asset ?? 'No asset (NFC)'}${row.chainName ? ` on ${row.chainName}` : ''}`,
  }));
  // The chosen one stays offered even when the range no longer holds it.
  if (chosen && !choices.some((choice) => choice.value === assetValue(chosen)))
    choices.push({ value: assetValue(chosen), label: chosen.asset ?? 'No asset (NFC)' });
  return [{ value: ALL, label: 'All assets' }, ...choices];
}

/** The Select values of a filter. */
export function selectValues(filter: OrderFilter) {
  return {
    cashier:
      filter.cashierId === undefined ? ALL : filter.cashierId === null ? NOBODY : filter.cashierId,
    outcome: filter.outcome ?? ALL,
    asset: filter.asset ? assetValue(filter.asset) : ALL,
    way: filter.way ?? ALL,
  };
}

/** The filter with one Select changed to `value`. */
export function withChoice(
  filter: OrderFilter,
  part: 'cashier' | 'outcome' | 'asset' | 'way',
  value: string,
): OrderFilter {
  const next: OrderFilter = { ...filter };
  if (part === 'cashier') {
    delete next.cashierId;
    if (value !== ALL) next.cashierId = value === NOBODY ? null : value;
  } else if (part === 'outcome') {
    delete next.outcome;
    if ((orderOutcomes as readonly string[]).includes(value)) next.outcome = value as OrderOutcome;
  } else if (part === 'asset') {
    delete next.asset;
    if (value !== ALL) {
      const [chainId, asset] = JSON.parse(value) as [string | null, string | null];
      next.asset = { chainId, asset };
    }
  } else {
    delete next.way;
    if (value === 'qr' || value === 'nfc') next.way = value;
  }
  return next;
}
