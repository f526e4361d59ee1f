import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { OrderFilter } from '../../shared/history/order-filter';
import { paidStates, type SaleState } from '../../shared/sale/sale-states';
import { openReadOnlyConnection } from './journal-connection';
import type { EventDetail, OrderEvent, OrderRecord } from './order-record';
import {
  eventFromRow,
  ORDER_COLUMNS,
  recordFromRow,
  type EventRow,
  type OrderRow,
} from './order-rows';
import { recentOrdersQuery } from './recent-orders-query';
import type { MoneyGroup, OrderReportSource, TotalsGroup, VoidedPaymentRow } from './report-source';
import { addAmounts } from '../../shared/money';

/** Every order created in [?, ?), oldest first: the CSV export's rows. */
export const ORDERS_BETWEEN_SQL = `SELECT ${ORDER_COLUMNS} FROM orders WHERE created_at_ms >= ? AND created_at_ms < ? ORDER BY created_at_ms, order_id`;

/** The paid states as an SQL list (constant names from the state table, never input). */
const PAID_STATES_SQL = `(${[...paidStates].map((state) => `'${state}'`).join(', ')})`;
const QUALIFIED_ORDER_COLUMNS = ORDER_COLUMNS.split(',')
  .map((column) => `orders.${column.trim()}`)
  .join(', ');

/**
 * Reports over the journal file through their own read-only connection. A CSV export streams
 * for seconds and waits on the output between rows; on its own connection it reads one
 * consistent snapshot (WAL) while the sale keeps writing, and its open read can never end up
 * inside one of the sale's transactions, nor a sale's BEGIN inside the export's.
 */
export class SqliteReportReader implements OrderReportSource {
  readonly db: DatabaseSync;
  private readonly statements;
  /** One prepared statement per filter shape (at most 2^4 of them). */
  private readonly recentStatements = new Map<string, StatementSync>();

  /** Open after the SqliteOrderJournal has created and migrated the file. */
  constructor(path: string) {
    this.db = openReadOnlyConnection(path);
    const db = this.db;
    this.statements = {
      totals: db.prepare(`SELECT chain_id, chain_name, asset, state, COUNT(*) AS n,
          group_concat(amount, ' ') AS amounts, group_concat(fee, ' ') AS fees
        FROM orders WHERE created_at_ms >= ? AND created_at_ms < ?
        GROUP BY chain_id, chain_name, asset, state`),
      money: db.prepare(`SELECT money_currency, state, COUNT(*) AS n,
          group_concat(money_amount || ' ' || COALESCE(fee_money, '0'), ' ') AS parts
        FROM orders WHERE created_at_ms >= ? AND created_at_ms < ?
        GROUP BY money_currency, state`),
      byId: db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = ?`),
      byReference: db.prepare(
        `SELECT ${ORDER_COLUMNS} FROM orders WHERE reference = ? ORDER BY created_at_ms DESC LIMIT ?`,
      ),
      events: db.prepare(
        'SELECT order_id, at_ms, from_state, to_state, reason_kind, detail, actor_id FROM order_events WHERE order_id = ? ORDER BY event_id',
      ),
      // Driven by the voided orders of the period (orders_created), then each one's events.
      voided: db.prepare(`SELECT ${QUALIFIED_ORDER_COLUMNS}, e.at_ms AS voided_at_ms,
          e.from_state AS paid_state, e.actor_id AS voided_by, e.detail AS void_detail
        FROM orders JOIN order_events e ON e.order_id = orders.order_id
        WHERE orders.created_at_ms >= ? AND orders.created_at_ms < ? AND orders.state = 'voided'
          AND e.to_state = 'voided' AND e.from_state IN ${PAID_STATES_SQL}
        ORDER BY e.at_ms, e.event_id`),
    };
  }

  totalsGroups(fromMs: number, toMs: number): TotalsGroup[] {
    const rows = this.statements.totals.all(fromMs, toMs) as {
      chain_id: string | null;
      chain_name: string | null;
      asset: string | null;
      state: SaleState;
      n: number;
      amounts: string;
      fees: string;
    }[];
    return rows.map((row) => ({
      chainId: row.chain_id,
      chainName: row.chain_name,
      asset: row.asset,
      state: row.state,
      count: row.n,
      // Decimal text never holds a space, so the concatenation splits back exactly; summing
      // happens in JS with big.js (SQLite would sum TEXT as floating point).
      amounts: row.amounts.split(' '),
      fees: row.fees.split(' '),
    }));
  }

  moneyGroups(fromMs: number, toMs: number): MoneyGroup[] {
    const rows = this.statements.money.all(fromMs, toMs) as {
      money_currency: string | null;
      state: SaleState;
      n: number;
      parts: string | null;
    }[];
    return rows.map((row) => {
      // "price fee price fee ...": each order's price plus its fee, summed exactly in JS.
      const parts = row.money_currency === null ? [] : (row.parts ?? '').split(' ');
      const totals: string[] = [];
      for (let i = 0; i + 1 < parts.length; i += 2)
        totals.push(addAmounts(parts[i] as string, parts[i + 1] as string));
      return { currency: row.money_currency, state: row.state, count: row.n, totals };
    });
  }

  /**
   * Each call prepares its own statement: node:sqlite restarts a statement that is iterated
   * again and invalidates the first iterator, so two exports sharing one would break each other.
   */
  *ordersBetween(fromMs: number, toMs: number): IterableIterator<OrderRecord> {
    const rows = this.db.prepare(ORDERS_BETWEEN_SQL).iterate(fromMs, toMs);
    for (const row of rows as IterableIterator<OrderRow>) yield recordFromRow(row);
  }

  findByOrderId(orderId: string): OrderRecord | null {
    const row = this.statements.byId.get(orderId) as OrderRow | undefined;
    return row ? recordFromRow(row) : null;
  }

  findByReference(reference: string, limit: number): OrderRecord[] {
    return (this.statements.byReference.all(reference, limit) as OrderRow[]).map(recordFromRow);
  }

  recentOrders(fromMs: number, toMs: number, filter: OrderFilter, limit: number): OrderRecord[] {
    const { sql, params } = recentOrdersQuery(filter);
    let statement = this.recentStatements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.recentStatements.set(sql, statement);
    }
    return (statement.all(fromMs, toMs, ...params, limit) as OrderRow[]).map(recordFromRow);
  }

  eventsOf(orderId: string): OrderEvent[] {
    return (this.statements.events.all(orderId) as EventRow[]).map(eventFromRow);
  }

  voidedPayments(fromMs: number, toMs: number): VoidedPaymentRow[] {
    const rows = this.statements.voided.all(fromMs, toMs) as (OrderRow & {
      voided_at_ms: number;
      paid_state: SaleState;
      voided_by: string | null;
      void_detail: string;
    })[];
    return rows.map((row) => ({
      order: recordFromRow(row),
      voidedAtMs: row.voided_at_ms,
      paidState: row.paid_state,
      actorId: row.voided_by,
      detail: JSON.parse(row.void_detail) as EventDetail,
    }));
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
