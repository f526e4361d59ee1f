import { statesOfOutcome, type OrderFilter } from '../../shared/history/order-filter';
import { ORDER_COLUMNS } from './order-rows';

/**
 * The history's list as one SQL statement: the period (by orders_created, read newest first),
 * each part of the filter as a condition with bound values, and a LIMIT, so SQLite stops once
 * the list is full however long the range. Parameters after the two period bounds, before the
 * limit, in the order of `params`. The SQL text depends only on which parts are set.
 */
export function recentOrdersQuery(filter: OrderFilter): {
  sql: string;
  params: (string | null)[];
} {
  const where = ['created_at_ms >= ?', 'created_at_ms < ?'];
  const params: (string | null)[] = [];
  if (filter.cashierId !== undefined) {
    // IS compares NULL with NULL as equal: "nobody signed in" is a choice of its own.
    where.push('cashier_id IS ?');
    params.push(filter.cashierId);
  }
  if (filter.outcome !== undefined) {
    const states = statesOfOutcome[filter.outcome];
    where.push(`state IN (${states.map(() => '?').join(', ')})`);
    params.push(...states);
  }
  if (filter.asset !== undefined) {
    where.push('chain_id IS ?', 'asset IS ?');
    params.push(filter.asset.chainId, filter.asset.asset);
  }
  if (filter.way !== undefined) {
    where.push('kind = ?');
    params.push(filter.way);
  }
  return {
    sql: `SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where.join(' AND ')}
      ORDER BY created_at_ms DESC, order_id DESC LIMIT ?`,
    params,
  };
}
