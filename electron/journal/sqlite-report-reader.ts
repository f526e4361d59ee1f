import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { OrderFilter } from '../../shared/history/order-filter';
import type { SaleState } from '../../shared/sale/sale-states';
import { openReadOnlyConnection } from './journal-connection';
import type { EventDetail, OrderEvent, OrderRecord } from './order-record';
import {
  eventFromRow,
  ORDER_COLUMNS,
  recordFromRow,
  rowFromValues,
  type EventRow,
  type OrderRow,
} from './order-rows';
import { recentOrdersQuery } from './recent-orders-query';
import type { MoneyGroup, OrderReportSource, TotalsGroup, VoidedPaymentRow } from './report-source';
import { sumDecimalTexts } from '../../shared/exact-sum';
import {
  BY_REFERENCE_SQL,
  MONEY_SQL,
  MONEY_TEXT_SQL,
  ORDERS_BETWEEN_SQL,
  TOTALS_SQL,
  TOTALS_TEXT_SQL,
  VOIDED_SQL,
} from './report-sql';

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
      totals: db.prepare(TOTALS_SQL),
      money: db.prepare(MONEY_SQL),
      totalsText: db.prepare(TOTALS_TEXT_SQL),
      moneyText: db.prepare(MONEY_TEXT_SQL),
      byId: db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = ?`),
      byReference: arraysOf(db.prepare(BY_REFERENCE_SQL)),
      events: db.prepare(
        'SELECT order_id, at_ms, from_state, to_state, reason_kind, detail, actor_id FROM order_events WHERE order_id = ? ORDER BY event_id',
      ),
      voided: db.prepare(VOIDED_SQL),
    };
  }

  totalsGroups(fromMs: number, toMs: number): TotalsGroup[] {
    const rows = allOrOverflow(this.statements.totals, fromMs, toMs) as
      | {
          chain_id: string | null;
          chain_name: string | null;
          asset: string | null;
          state: SaleState;
          n: number;
          amount: string | null;
          amount_rest: string | null;
          fee: string | null;
          fee_rest: string | null;
        }[]
      | null;
    if (rows === null || rows.some((row) => row.amount === null || row.fee === null))
      return this.totalsFromTexts(fromMs, toMs);
    return rows.map((row) =>
      totalsGroup(
        row,
        withRest(row.amount as string, row.amount_rest),
        withRest(row.fee as string, row.fee_rest),
      ),
    );
  }

  moneyGroups(fromMs: number, toMs: number): MoneyGroup[] {
    const rows = allOrOverflow(this.statements.money, fromMs, toMs) as
      | {
          money_currency: string | null;
          state: SaleState;
          n: number;
          total: string | null;
          money_amount_rest: string | null;
          fee_money_rest: string | null;
        }[]
      | null;
    if (rows === null || rows.some((row) => row.total === null))
      return this.moneyFromTexts(fromMs, toMs);
    return rows.map((row) => ({
      currency: row.money_currency,
      state: row.state,
      count: row.n,
      total: withRest(withRest(row.total as string, row.money_amount_rest), row.fee_money_rest),
    }));
  }

  /** Every text to JS and summed there: for a group whose INTEGER sum would overflow. */
  private totalsFromTexts(fromMs: number, toMs: number): TotalsGroup[] {
    const rows = this.statements.totalsText.all(fromMs, toMs) as {
      chain_id: string | null;
      chain_name: string | null;
      asset: string | null;
      state: SaleState;
      n: number;
      amounts: string;
      fees: string;
    }[];
    return rows.map((row) =>
      totalsGroup(
        row,
        sumDecimalTexts(row.amounts.split(' ')),
        sumDecimalTexts(row.fees.split(' ')),
      ),
    );
  }

  private moneyFromTexts(fromMs: number, toMs: number): MoneyGroup[] {
    const rows = this.statements.moneyText.all(fromMs, toMs) as {
      money_currency: string | null;
      state: SaleState;
      n: number;
      money_amounts: string | null;
      fees_money: string | null;
    }[];
    return rows.map((row) => ({
      currency: row.money_currency,
      state: row.state,
      count: row.n,
      total: withRest(withRest('0', row.money_amounts), row.fees_money),
    }));
  }

  /**
   * Each call prepares its own statement: node:sqlite restarts a statement that is iterated
   * again and invalidates the first iterator, so two exports sharing one would break each other.
   */
  *ordersBetween(fromMs: number, toMs: number): IterableIterator<OrderRecord> {
    const statement = this.db.prepare(ORDERS_BETWEEN_SQL);
    // Arrays, then one fixed-shape row each (rowFromValues): a year of orders streams here.
    statement.setReturnArrays(true);
    for (const values of statement.iterate(fromMs, toMs) as IterableIterator<unknown[]>)
      yield recordFromRow(rowFromValues(values));
  }

  findByOrderId(orderId: string): OrderRecord | null {
    const row = this.statements.byId.get(orderId) as OrderRow | undefined;
    return row ? recordFromRow(row) : null;
  }

  findByReference(reference: string, limit: number): OrderRecord[] {
    const rows = this.statements.byReference.all(reference, limit) as unknown as unknown[][];
    return rows.map((values) => recordFromRow(rowFromValues(values)));
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

/**
 * The statement's rows, or null when SQLite's SUM overflowed 64 bits (then the caller sums
 * the texts). Any other failure is thrown as it is.
 */
function allOrOverflow(statement: StatementSync, fromMs: number, toMs: number): unknown[] | null {
  try {
    return statement.all(fromMs, toMs);
  } catch (error) {
    if (error instanceof Error && /integer overflow/.test(error.message)) return null;
    throw error;
  }
}

/**
 * `total` plus the ' '-joined texts the fixed-point columns did not hold, exactly (decimal
 * text never holds a space, so the join splits back as it was).
 */
function withRest(total: string, rest: string | null): string {
  return rest === null ? total : sumDecimalTexts([total, ...rest.split(' ')]);
}

/** The statement set to give rows as arrays, for rowFromValues (fixed shape, cheaper to read). */
function arraysOf(statement: StatementSync): StatementSync {
  statement.setReturnArrays(true);
  return statement;
}

/** A report group of chain, asset and outcome, with its summed amount and fee. */
function totalsGroup(
  row: {
    chain_id: string | null;
    chain_name: string | null;
    asset: string | null;
    state: SaleState;
    n: number;
  },
  amount: string,
  fee: string,
): TotalsGroup {
  return {
    chainId: row.chain_id,
    chainName: row.chain_name,
    asset: row.asset,
    state: row.state,
    count: row.n,
    amount,
    fee,
  };
}
