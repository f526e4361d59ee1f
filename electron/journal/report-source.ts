import type { OrderFilter } from '../../shared/history/order-filter';
import type { SaleState } from '../../shared/sale/sale-states';
import type { EventDetail, OrderEvent, OrderRecord } from './order-record';

/** Orders of one chain, asset and state in a period, with their exact totals. */
export interface TotalsGroup {
  chainId: string | null;
  chainName: string | null;
  asset: string | null;
  state: SaleState;
  count: number;
  /** Exact sum of the orders' amounts (canonical decimal text). */
  amount: string;
  /** Exact sum of the orders' fees. */
  fee: string;
}

/** Orders of one state in a period by the currency they were priced in (null: not in money). */
export interface MoneyGroup {
  currency: string | null;
  state: SaleState;
  count: number;
  /** Exact sum of price plus fee of the orders, in that currency ("0" when currency is null). */
  total: string;
}

/** A paid order a manager voided afterwards, with the void's event. */
export interface VoidedPaymentRow {
  order: OrderRecord;
  voidedAtMs: number;
  /** The paid state it was voided from. */
  paidState: SaleState;
  actorId: string | null;
  detail: EventDetail;
}

/**
 * What electron/reports reads. Kept apart from OrderJournal so the sale lifecycle cannot reach
 * the reporting queries and a report can run over a read-only copy.
 */
export interface OrderReportSource {
  /** Orders created in [fromMs, toMs), grouped by chain, asset and state. */
  totalsGroups(fromMs: number, toMs: number): TotalsGroup[];
  /** Orders created in [fromMs, toMs), grouped by state and the currency they were priced in. */
  moneyGroups(fromMs: number, toMs: number): MoneyGroup[];
  /** Orders created in [fromMs, toMs), oldest first, streamed (a year holds a million rows). */
  ordersBetween(fromMs: number, toMs: number): Iterable<OrderRecord>;
  findByOrderId(orderId: string): OrderRecord | null;
  /** Newest first. */
  findByReference(reference: string, limit: number): OrderRecord[];
  /**
   * Orders created in [fromMs, toMs) that pass `filter`, newest first, at most `limit`: the
   * history's list, filtered in SQL so a long range stops reading once the list is full.
   */
  recentOrders(fromMs: number, toMs: number, filter: OrderFilter, limit: number): OrderRecord[];
  /** The order's history, oldest first (empty for an unknown order). */
  eventsOf(orderId: string): OrderEvent[];
  /** Orders created in [fromMs, toMs) whose payment was voided, oldest void first. */
  voidedPayments(fromMs: number, toMs: number): VoidedPaymentRow[];
}
