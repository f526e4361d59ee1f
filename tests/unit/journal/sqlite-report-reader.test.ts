import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_COLUMNS, rowFromValues } from '../../../electron/journal/order-rows';
import { SqliteReportReader } from '../../../electron/journal/sqlite-report-reader';
import { ManualClock } from '../../support/manual-clock';
import { newQrOrder } from '../../support/order-fixtures';
import { tempJournal, type TempJournal } from '../../support/sale-fixtures';

describe('SqliteReportReader', () => {
  let temp: TempJournal;
  let reader: SqliteReportReader;

  beforeEach(() => {
    temp = tempJournal(new ManualClock());
    for (const [index, orderId] of ['a', 'b', 'c'].entries()) {
      temp.journal.createOrder(
        newQrOrder({
          orderId,
          reference: `AAA-00${index}`,
          amount: '1.5',
          fee: '0',
          createdAtMs: 1_000 + index,
        }),
        { atMs: 1_000 + index, reasonKind: 'cashier' },
      );
    }
    reader = new SqliteReportReader(temp.path);
  });
  afterEach(() => {
    reader.close();
    temp.cleanup();
  });

  it('two exports streaming at the same time each read every order', () => {
    const first = reader.ordersBetween(0, 10_000)[Symbol.iterator]();
    const second = reader.ordersBetween(0, 10_000)[Symbol.iterator]();
    const seen: Record<'first' | 'second', string[]> = { first: [], second: [] };
    for (let turn = 0; turn < 4; turn++) {
      const a = first.next();
      if (!a.done) seen.first.push(a.value.orderId);
      const b = second.next();
      if (!b.done) seen.second.push(b.value.orderId);
    }
    expect(seen).toEqual({ first: ['a', 'b', 'c'], second: ['a', 'b', 'c'] });
  });

  it('sees writes made after it opened, and cannot write itself', () => {
    temp.journal.transition({
      orderId: 'b',
      from: 'requesting',
      to: 'failed',
      atMs: 2_000,
      reasonKind: 'client',
    });
    expect(reader.findByOrderId('b')?.state).toBe('failed');
    expect(() => reader.db.exec("UPDATE orders SET state = 'voided'")).toThrow(/readonly/);
  });

  it('reads a row as an array into the same row as by name, column by column', () => {
    // Every column but kind (CHECKed), order_id and shift_id (foreign keys) gets a value of its own.
    const columns = ORDER_COLUMNS.split(',').map((column) => column.trim());
    const settable = columns.filter((column) => !['kind', 'order_id', 'shift_id'].includes(column));
    temp.journal.db
      .prepare(
        `UPDATE orders SET ${settable.map((column) => `${column} = 'value of ${column}'`).join(', ')} WHERE order_id = 'a'`,
      )
      .run();
    const select = `SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = 'a'`;
    const byName = { ...reader.db.prepare(select).get() };
    const arrays = reader.db.prepare(select);
    arrays.setReturnArrays(true);
    expect(rowFromValues(arrays.get() as unknown as unknown[])).toEqual(byName);
    expect(Object.keys(byName)).toHaveLength(columns.length);
  });
});
