import type { OrderSummary } from '../ipc/views';

/** The history's orders of a range, newest first, cut at `limit` (then `truncated` is true). */
export interface OrderList {
  orders: OrderSummary[];
  truncated: boolean;
  limit: number;
}
