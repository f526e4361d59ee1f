import type { ReasonKind } from '../../shared/sale/sale-states';
import type { EventDetail, NewOrder, OrderEvent, OrderRecord, StateChange } from './order-record';

/**
 * The port the sale lifecycle writes through. Every method is synchronous and durable on
 * return: the sale calls it before a request leaves, so "written before sent" holds by order
 * of statements, with no await in between.
 */
export interface OrderJournal {
  /** Inserts the order and its creation event in one transaction. */
  createOrder(
    order: NewOrder,
    event: { atMs: number; reasonKind: ReasonKind; detail?: EventDetail },
  ): OrderRecord;
  /**
   * Moves an order from `change.from` to `change.to`, with its patch and history line, in one
   * transaction. Throws JournalConflictError if the order is not in `from` or the transition
   * is not in the table.
   */
  transition(change: StateChange): OrderRecord;
  get(orderId: string): OrderRecord | null;
  events(orderId: string): OrderEvent[];
  /** Orders not in a terminal state, newest first (normally at most one). */
  openOrders(): OrderRecord[];
  close(): void;
}

export class JournalConflictError extends Error {
  override readonly name = 'JournalConflictError';
}
