import type { SaleState } from '../../shared/sale/sale-states';
import type { OrderRecord } from './order-record';

/** Orders of one chain, asset and state in a period, with their decimal texts to be summed exactly. */
export interface TotalsGroup {
  chainId: string | null;
  chainName: string | null;
  asset: string | null;
  state: SaleState;
  count: number;
  amounts: string[];
  fees: string[];
}

/** Orders of one state in a period by the currency they were priced in (null: not in money). */
export interface MoneyGroup {
  currency: string | null;
  state: SaleState;
  count: number;
  /** Price plus fee of each order, in its currency (empty when currency is null). */
  totals: string[];
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
}
