import type { DatabaseSync } from 'node:sqlite';
import type { SaleState } from '../../shared/sale/sale-states';
import { openReadOnlyConnection } from './journal-connection';
import type { OrderRecord } from './order-record';
import { ORDER_COLUMNS, recordFromRow, type OrderRow } from './order-rows';
import type { MoneyGroup, OrderReportSource, TotalsGroup } from './report-source';
import { addAmounts } from '../../shared/money';

/** Every order created in [?, ?), oldest first: the CSV export's rows. */
export const ORDERS_BETWEEN_SQL = `SELECT ${ORDER_COLUMNS} FROM orders WHERE created_at_ms >= ? AND created_at_ms < ? ORDER BY created_at_ms, order_id`;

/**
 * Reports over the journal file through their own read-only connection. A CSV export streams
 * for seconds and waits on the output between rows; on its own connection it reads one
 * consistent snapshot (WAL) while the sale keeps writing, and its open read can never end up
 * inside one of the sale's transactions, nor a sale's BEGIN inside the export's.
 */
export class SqliteReportReader implements OrderReportSource {
  readonly db: DatabaseSync;
  private readonly statements;

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

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
