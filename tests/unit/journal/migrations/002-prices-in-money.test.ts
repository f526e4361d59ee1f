import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import {
  columnsOf,
  expectRowsKept,
  expectSchemaKeptBut,
  schemaOf,
  useTempJournal,
} from './journal-file';

const PRICING_COLUMNS = {
  money_currency: 'TEXT',
  money_amount: 'TEXT',
  fee_money: 'TEXT',
  price: 'TEXT',
  usd_price: 'TEXT',
  usd_per_unit: 'TEXT',
  price_source: 'TEXT',
  cross_source: 'TEXT',
  price_as_of_ms: 'INTEGER',
  price_rounding: 'TEXT',
  rate_difference_percent: 'TEXT',
};

/** Version 1: a paid QR order with its link and its three steps of history. */
function writeVersion1(db: DatabaseSync): void {
  expect(columnsOf(db, 'orders')).not.toHaveProperty('money_amount');
  db.exec(`
    INSERT INTO orders (order_id, reference, kind, state, amount, fee, asset, asset_decimal,
      chain_id, chain_name, currency, serial_number, created_at_ms, updated_at_ms, attempts,
      qr_url, rate_usd, expire_at_raw, expires_at_ms, expiry_known, link_amount, amount_matches)
    VALUES ('o-1', 'OLD-001', 'qr', 'paid-confirmed-by-cashier', '12.5', '0.1', 'USDT', 6, '1',
      'ETHEREUM', 'USD', 'POS-1', 1000, 3000, 1, 'https://x/qr-scan?&order_id=1', '1.0001',
      '22/11/2026 09:15:00', 5000, 1, '12.6', 1);
    INSERT INTO order_events (order_id, at_ms, from_state, to_state, reason_kind, detail) VALUES
      ('o-1', 1000, NULL, 'requesting', 'cashier', '{}'),
      ('o-1', 2000, 'requesting', 'awaiting-payment', 'service', '{}'),
      ('o-1', 3000, 'awaiting-payment', 'paid-confirmed-by-cashier', 'cashier', '{"note":"x"}');
  `);
}

describe('journal migration 2: prices in money', () => {
  const journal = useTempJournal();

  it('migrates a version-1 file: its order and history kept, the price columns added empty', () => {
    const { before, db: file } = journal.runMigration(2, writeVersion1);

    expectRowsKept(file, before, { orders: PRICING_COLUMNS });
    // Only the orders table changed: its indexes, the history and its triggers are as they were.
    expectSchemaKeptBut(file, before, 'orders');
    expect(schemaOf(file).orders).not.toEqual(before.schema.orders);
  });

  it('keeps a new order priced in euros beside the old one', () => {
    const file = journal.runMigration(2, writeVersion1).db;
    file.exec(`
      INSERT INTO orders (order_id, reference, kind, state, amount, fee, currency, serial_number,
        created_at_ms, updated_at_ms, money_currency, money_amount, fee_money, price_as_of_ms,
        rate_difference_percent)
      VALUES ('o-2', 'NEW-002', 'qr', 'requesting', '15.625', '0.375', 'USD', 'POS-1', 10000,
        10000, 'EUR', '12.50', '0.30', 900, '-0.02')`);
    expect(
      file
        .prepare(
          `SELECT order_id, money_amount, fee_money, price_as_of_ms, rate_difference_percent
           FROM orders ORDER BY order_id`,
        )
        .all()
        .map((row) => ({ ...row })),
    ).toEqual([
      {
        order_id: 'o-1',
        money_amount: null,
        fee_money: null,
        price_as_of_ms: null,
        rate_difference_percent: null,
      },
      {
        order_id: 'o-2',
        money_amount: '12.50',
        fee_money: '0.30',
        price_as_of_ms: 900,
        rate_difference_percent: '-0.02',
      },
    ]);
    // The history stays append-only through the migration.
    expect(() => file.exec('DELETE FROM order_events')).toThrow(/order_events is append-only/);
  });
});
