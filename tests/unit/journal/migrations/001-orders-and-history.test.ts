import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { columnsOf, expectAt, namesOf, rowsOf, tablesOf, useTempJournal } from './journal-file';

describe('journal migration 1: orders and their append-only history', () => {
  const journal = useTempJournal();

  it('makes a new file: the orders and events tables, their indexes and triggers', () => {
    expect(existsSync(journal.path)).toBe(false);
    const opened = journal.openAt(1);
    const db = opened.db;
    expectAt(opened, 1);
    expect(existsSync(journal.path)).toBe(true);
    expect(tablesOf(db)).toEqual(['order_events', 'orders', 'schema_version']);
    expect(namesOf(db, 'index')).toEqual([
      'order_events_order',
      'orders_created',
      'orders_open',
      'orders_reference',
      'orders_replaces',
    ]);
    expect(namesOf(db, 'trigger')).toEqual(['order_events_no_delete', 'order_events_no_update']);
    const orders = columnsOf(db, 'orders');
    expect(Object.keys(orders)).toHaveLength(29);
    expect(orders.attempts).toEqual({ type: 'INTEGER', notNull: true, default: '0' });
    expect(orders.amount).toEqual({ type: 'TEXT', notNull: true, default: null });
    expect(orders.asset).toEqual({ type: 'TEXT', notNull: false, default: null });
    expect(Object.keys(columnsOf(db, 'order_events'))).toEqual([
      'event_id',
      'order_id',
      'at_ms',
      'from_state',
      'to_state',
      'reason_kind',
      'detail',
    ]);
  });

  it('keeps what the app writes, with money as exact text, and refuses what it must not', () => {
    const file = journal.openAt(1).db;
    file
      .prepare(
        `INSERT INTO orders (order_id, reference, kind, state, amount, fee, currency, serial_number,
        created_at_ms, updated_at_ms)
       VALUES ('o-1', 'AAA-001', 'qr', 'requesting', '0.000000000000000001', '1.10', 'USD', 'POS-1',
        1000, 1000)`,
      )
      .run();
    file
      .prepare(
        `INSERT INTO order_events (order_id, at_ms, from_state, to_state, reason_kind, detail)
       VALUES ('o-1', 1000, NULL, 'requesting', 'cashier', '{}')`,
      )
      .run();
    expect(rowsOf(file, 'orders')[0]).toMatchObject({
      amount: '0.000000000000000001',
      fee: '1.10',
      attempts: 0,
      asset: null,
      replaces_order_id: null,
    });
    expect(rowsOf(file, 'order_events')).toEqual([
      {
        event_id: 1,
        order_id: 'o-1',
        at_ms: 1000,
        from_state: null,
        to_state: 'requesting',
        reason_kind: 'cashier',
        detail: '{}',
      },
    ]);

    const order = (id: string, kind: string) =>
      file
        .prepare(
          `INSERT INTO orders (order_id, reference, kind, state, amount, fee, currency,
            serial_number, created_at_ms, updated_at_ms)
           VALUES (?, 'AAA-002', ?, 'requesting', '1', '0', 'USD', 'POS-1', 2000, 2000)`,
        )
        .run(id, kind);
    expect(() => order('o-2', 'cash')).toThrow(/CHECK constraint failed/);
    expect(() => order('o-1', 'nfc')).toThrow(/UNIQUE constraint failed: orders.order_id/);
    order('o-2', 'nfc');

    const event = (orderId: string, reasonKind: string) =>
      file
        .prepare(
          `INSERT INTO order_events (order_id, at_ms, to_state, reason_kind, detail)
           VALUES (?, 2000, 'awaiting-payment', ?, '{}')`,
        )
        .run(orderId, reasonKind);
    expect(() => event('o-1', 'robot')).toThrow(/CHECK constraint failed/);
    expect(() => event('no-such-order', 'service')).toThrow(/FOREIGN KEY constraint failed/);
    expect(() => file.exec("UPDATE order_events SET detail = 'x'")).toThrow(
      /order_events is append-only/,
    );
    expect(() => file.exec('DELETE FROM order_events')).toThrow(/order_events is append-only/);
    expect(rowsOf(file, 'order_events')).toHaveLength(1);
  });

  it('runs once: a file at version 1 opens without running it again', () => {
    journal.openAt(1).db.close();
    expectAt(journal.openAt(1), 1);
  });
});
