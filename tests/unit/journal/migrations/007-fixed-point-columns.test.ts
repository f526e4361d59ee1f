import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../../../electron/journal/migrations';
import { SqliteOrderJournal } from '../../../../electron/journal/sqlite-order-journal';
import { SqliteReportReader } from '../../../../electron/journal/sqlite-report-reader';
import { periodReport } from '../../../../electron/reports/period-report';
import { ManualClock } from '../../../support/manual-clock';
import { newQrOrder } from '../../../support/order-fixtures';
import { euroPricing } from '../../../support/pricing-fixtures';
import {
  expectRowsKept,
  expectSchemaKeptBut,
  useTempJournal,
  writeJournalAt,
} from './journal-file';

const FIXED_POINT_COLUMNS = {
  amount_e9: 'INTEGER',
  amount_e18: 'INTEGER',
  fee_e9: 'INTEGER',
  fee_e18: 'INTEGER',
  money_amount_e9: 'INTEGER',
  money_amount_e18: 'INTEGER',
  fee_money_e9: 'INTEGER',
  fee_money_e18: 'INTEGER',
};

/**
 * What the app wrote before the fixed-point columns (schema 6): two paid orders, one priced in
 * euros, with amounts only a text sum keeps exact.
 */
function writeSchema6Orders(db: DatabaseSync): void {
  const insert = db.prepare(
    `INSERT INTO orders (order_id, reference, kind, state, amount, fee, asset, asset_decimal, chain_id,
      chain_name, currency, serial_number, created_at_ms, updated_at_ms, attempts, money_currency,
      money_amount, fee_money)
     VALUES (?, ?, 'qr', 'paid-confirmed-by-cashier', ?, ?, 'ETH', 18, '1', 'ETHEREUM', 'USD', 'POS-1',
      ?, ?, 1, ?, ?, ?)`,
  );
  insert.run(
    '019a8f00-0000-7000-8000-0000000000a1',
    'OLD-0A1',
    '0.1',
    '0.000000000000000001',
    1000,
    1000,
    'EUR',
    '0.1',
    '0.2',
  );
  insert.run(
    '019a8f00-0000-7000-8000-0000000000a2',
    'OLD-0A2',
    '12345678901.2',
    '0',
    2000,
    2000,
    null,
    null,
    null,
  );
}

describe('journal migration 7: fixed-point columns beside the money texts', () => {
  const temp = useTempJournal();
  const clock = new ManualClock();

  it('opens a schema-6 journal: old orders summed from their text, new ones in SQL, all exact', () => {
    writeJournalAt(temp.path, 6, writeSchema6Orders);
    const journal = new SqliteOrderJournal({ path: temp.path, clock });
    const reader = new SqliteReportReader(temp.path);
    try {
      // The journal runs every migration there is: 7 and those after it.
      expect(journal.schemaVersion).toBe(migrations.length);
      const order = newQrOrder({
        orderId: '019a8f00-0000-7000-8000-0000000000b1',
        reference: 'NEW-0B1',
        createdAtMs: 3000,
        amount: '0.2',
        fee: '0.000000000000000002',
        asset: 'ETH',
        assetDecimals: 18,
        pricing: euroPricing({ moneyAmount: '0.2', feeMoney: '0.05' }),
      });
      journal.createOrder(order, { atMs: 3000, reasonKind: 'cashier' });
      const columns = journal.db
        .prepare(
          'SELECT reference, amount_e9, fee_e18, money_amount_e9 FROM orders ORDER BY reference',
        )
        .all();
      expect(columns.map((row) => ({ ...row }))).toEqual([
        { reference: 'NEW-0B1', amount_e9: 200_000_000, fee_e18: 2, money_amount_e9: 200_000_000 },
        { reference: 'OLD-0A1', amount_e9: null, fee_e18: null, money_amount_e9: null },
        { reference: 'OLD-0A2', amount_e9: null, fee_e18: null, money_amount_e9: null },
      ]);

      expect(reader.totalsGroups(0, 10_000)).toEqual([
        {
          chainId: '1',
          chainName: 'ETHEREUM',
          asset: 'ETH',
          state: 'paid-confirmed-by-cashier',
          count: 2,
          amount: '12345678901.3',
          fee: '0.000000000000000001',
        },
        {
          chainId: '1',
          chainName: 'ETHEREUM',
          asset: 'ETH',
          state: 'requesting',
          count: 1,
          amount: '0.2',
          fee: '0.000000000000000002',
        },
      ]);
      const report = periodReport(reader, {
        fromMs: 0,
        toMs: 10_000,
        fromDate: '1970-01-01',
        toDate: '1970-01-01',
        timeZone: 'UTC',
      });
      expect(report.money).toEqual([{ currency: 'EUR', takenCount: 1, takenTotal: '0.3' }]);
      expect(report.byChainAsset[0]).toMatchObject({ count: 3, amount: '12345678901.5' });
    } finally {
      reader.close();
      journal.close();
    }
  });
});

describe('journal migration 7, by the runner: a version-6 file', () => {
  const journal = useTempJournal();

  it('keeps every row, adds the integer columns empty, and does not fill them in for old orders', () => {
    const { before, db: file } = journal.runMigration(7, (file) => {
      file.exec(`
        INSERT INTO shifts (opened_at_ms, opened_by, serial_number) VALUES (500, NULL, 'POS-1');
        INSERT INTO orders (order_id, reference, kind, state, amount, fee, asset, asset_decimal,
          chain_id, chain_name, currency, serial_number, created_at_ms, updated_at_ms, attempts,
          shift_id, money_currency, money_amount, fee_money, price_rounding)
        VALUES
          ('o-1', 'OLD-001', 'qr', 'paid-confirmed-by-cashier', '0.1', '0.000000000000000001',
            'ETH', 18, '1', 'ETHEREUM', 'USD', 'POS-1', 1000, 1000, 1, 1, 'EUR', '0.1', '0.2',
            'up-to-asset-decimals'),
          ('o-2', 'OLD-002', 'nfc', 'accepted-by-service', '12345678901.2', '0', 'USDT', 6, '1',
            'ETHEREUM', 'USD', 'POS-1', 2000, 2000, 1, 1, NULL, NULL, NULL, NULL);
        INSERT INTO order_events (order_id, at_ms, from_state, to_state, reason_kind, detail)
          VALUES ('o-1', 1000, NULL, 'requesting', 'cashier', '{}');
        INSERT INTO catalogue_lists VALUES ('demo', 'chains', '[{"id":"1"}]', 900);
      `);
    });

    // '0.1' and '0.2' fit the columns, yet stay null: rows written before are not rewritten.
    expect(before.rows('orders').map((row) => row.money_amount)).toContain('0.1');
    expectRowsKept(file, before, { orders: FIXED_POINT_COLUMNS });
    expectSchemaKeptBut(file, before, 'orders');

    // Up to 10^18 - 1 billionths, kept exactly (read back as bigint: above 2^53).
    file
      .prepare(
        `INSERT INTO orders (order_id, reference, kind, state, amount, fee, currency, serial_number,
          created_at_ms, updated_at_ms, amount_e9, amount_e18)
         VALUES ('o-big', 'BIG-001', 'qr', 'requesting', '999999999.999999999999999999', '0', 'USD',
          'POS-1', 5000, 5000, ?, ?)`,
      )
      .run(999_999_999_999_999_999n, 999_999_999);
    const read = file.prepare("SELECT amount_e9, amount_e18 FROM orders WHERE order_id = 'o-big'");
    read.setReadBigInts(true);
    expect({ ...read.get() }).toEqual({
      amount_e9: 999_999_999_999_999_999n,
      amount_e18: 999_999_999n,
    });
  });
});
