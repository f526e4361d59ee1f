import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { OPEN_STATES_SQL, ORDER_COLUMNS, type OrderRow } from './order-rows';
import type { InsertPricingParams } from './pricing-columns';
import { FIXED_POINT_COLUMNS, type FixedPointParams } from './fixed-point-columns';

/**
 * Named parameters of the writes, typed from the row. node:sqlite binds a named parameter
 * missing from the object as NULL without a word, so the compiler checks every key is given.
 * Keys are bare (`order_id` for `@order_id`): node:sqlite allows that by default.
 */
export type InsertOrderParams = Pick<
  OrderRow,
  | 'order_id'
  | 'reference'
  | 'kind'
  | 'state'
  | 'amount'
  | 'fee'
  | 'asset'
  | 'asset_decimal'
  | 'chain_id'
  | 'chain_name'
  | 'currency'
  | 'serial_number'
  | 'created_at_ms'
  | 'updated_at_ms'
  | 'attempts'
  | 'replaces_order_id'
  | 'cashier_id'
  | 'shift_id'
> &
  InsertPricingParams &
  FixedPointParams;
export type UpdateLinkParams = Pick<
  OrderRow,
  | 'order_id'
  | 'qr_url'
  | 'rate_usd'
  | 'expire_at_raw'
  | 'expires_at_ms'
  | 'expiry_known'
  | 'expiry_note'
  | 'link_amount'
  | 'amount_matches'
>;
export type UpdateFailureParams = Pick<
  OrderRow,
  | 'order_id'
  | 'failure_kind'
  | 'failure_message'
  | 'failure_service_msg'
  | 'failure_service_code'
  | 'failure_http_status'
>;

/** The writer's statements, prepared once per connection. */
export interface JournalStatements {
  insertOrder: StatementSync;
  insertEvent: StatementSync;
  getOrder: StatementSync;
  updateState: StatementSync;
  updateLink: StatementSync;
  updateRateDifference: StatementSync;
  updateFailure: StatementSync;
  events: StatementSync;
  openOrders: StatementSync;
  checkpointPassive: StatementSync;
}

export function prepareJournalStatements(db: DatabaseSync): JournalStatements {
  return {
    insertOrder: db.prepare(`INSERT INTO orders (${ORDER_COLUMNS}, ${FIXED_POINT_COLUMNS}) VALUES (
        @order_id, @reference, @kind, @state, @amount, @fee, @asset, @asset_decimal, @chain_id, @chain_name,
        @currency, @serial_number, @created_at_ms, @updated_at_ms, @attempts, @replaces_order_id, NULL, NULL,
        NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
        @money_currency, @money_amount, @fee_money, @price, @usd_price, @usd_per_unit, @price_source,
        @cross_source, @price_as_of_ms, @price_rounding, NULL, @cashier_id, @shift_id,
        @amount_e9, @amount_e18, @fee_e9, @fee_e18, @money_amount_e9, @money_amount_e18,
        @fee_money_e9, @fee_money_e18)`),
    insertEvent: db.prepare(
      'INSERT INTO order_events (order_id, at_ms, from_state, to_state, reason_kind, detail, actor_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    getOrder: db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = ?`),
    updateState: db.prepare(
      'UPDATE orders SET state = ?, updated_at_ms = ?, attempts = attempts + ? WHERE order_id = ?',
    ),
    updateLink:
      db.prepare(`UPDATE orders SET qr_url = @qr_url, rate_usd = @rate_usd, expire_at_raw = @expire_at_raw,
        expires_at_ms = @expires_at_ms, expiry_known = @expiry_known, expiry_note = @expiry_note,
        link_amount = @link_amount, amount_matches = @amount_matches WHERE order_id = @order_id`),
    updateRateDifference: db.prepare(
      'UPDATE orders SET rate_difference_percent = ? WHERE order_id = ?',
    ),
    updateFailure:
      db.prepare(`UPDATE orders SET failure_kind = @failure_kind, failure_message = @failure_message,
        failure_service_msg = @failure_service_msg, failure_service_code = @failure_service_code,
        failure_http_status = @failure_http_status WHERE order_id = @order_id`),
    events: db.prepare(
      'SELECT order_id, at_ms, from_state, to_state, reason_kind, detail, actor_id FROM order_events WHERE order_id = ? ORDER BY event_id',
    ),
    openOrders: db.prepare(
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE state IN ${OPEN_STATES_SQL} ORDER BY created_at_ms DESC`,
    ),
    checkpointPassive: db.prepare('PRAGMA wal_checkpoint(PASSIVE)'),
  };
}
