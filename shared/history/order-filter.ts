import type { OrderKind, SaleState } from '../sale/sale-states';

/**
 * What the history may be narrowed to, besides its dates: the cashier who started an order,
 * how it ended in a cashier's words, its asset and the payment way. Main applies it to the
 * journal (electron/journal's recentOrders), so a long range is cut after filtering, never
 * before; the same rules are here for the page and for tests.
 */

/** How an order ended, in the words the history's filter offers; every state is in one. */
export const orderOutcomes = [
  'paid',
  'paid-late',
  'cancelled',
  'expired',
  'voided',
  'refused',
  'unfinished',
] as const;
export type OrderOutcome = (typeof orderOutcomes)[number];

export const statesOfOutcome: Record<OrderOutcome, readonly SaleState[]> = {
  paid: ['paid-confirmed-by-cashier', 'accepted-by-service'],
  'paid-late': ['paid-after-all'],
  cancelled: ['cancelled'],
  expired: ['expired'],
  // Given up while in doubt, or a payment a manager voided afterwards.
  voided: ['voided'],
  refused: ['refused'],
  // Still open, or left in doubt (no answer, a failure, a refused retry).
  unfinished: [
    'requesting',
    'amount-differs',
    'awaiting-payment',
    'waiting-for-tap',
    'submitting',
    'outcome-unknown',
    'failed',
    'retry-refused',
  ],
};

/** The filter's choices in the cashier's words. */
export const outcomeWords: Record<OrderOutcome, string> = {
  paid: 'Paid',
  'paid-late': 'Paid late',
  cancelled: 'Cancelled',
  expired: 'Expired',
  voided: 'Voided',
  refused: 'Refused',
  unfinished: 'Not finished / in doubt',
};

/** A chain and asset as the journal keeps them (both null: an NFC order taken without one). */
export interface AssetChoice {
  chainId: string | null;
  asset: string | null;
}

export interface OrderFilter {
  /** A staff id, or null for orders nobody signed in for; absent: every cashier. */
  cashierId?: string | null;
  outcome?: OrderOutcome;
  asset?: AssetChoice;
  way?: OrderKind;
}

/** The fields of an order the filter looks at. */
export interface FilteredOrder {
  cashierId: string | null;
  state: SaleState;
  chainId: string | null;
  asset: string | null;
  kind: OrderKind;
}

export function outcomeOfState(state: SaleState): OrderOutcome {
  for (const outcome of orderOutcomes) if (statesOfOutcome[outcome].includes(state)) return outcome;
  return 'unfinished';
}

/** True when `order` is one the filter keeps. */
export function matchesFilter(order: FilteredOrder, filter: OrderFilter): boolean {
  if (filter.cashierId !== undefined && order.cashierId !== filter.cashierId) return false;
  if (filter.outcome !== undefined && outcomeOfState(order.state) !== filter.outcome) return false;
  if (
    filter.asset !== undefined &&
    (order.chainId !== filter.asset.chainId || order.asset !== filter.asset.asset)
  )
    return false;
  if (filter.way !== undefined && order.kind !== filter.way) return false;
  return true;
}
