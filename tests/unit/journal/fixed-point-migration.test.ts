import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, migrations } from '../../../electron/journal/migrations';
import { SqliteOrderJournal } from '../../../electron/journal/sqlite-order-journal';
import { SqliteReportReader } from '../../../electron/journal/sqlite-report-reader';
import { periodReport } from '../../../electron/reports/period-report';
import { ManualClock } from '../../support/manual-clock';
import { newQrOrder } from '../../support/order-fixtures';
import { euroPricing } from '../../support/pricing-fixtures';

/**
 * A journal file as the app wrote it before the fixed-point columns (schema 6): two paid
 * orders, one priced in euros, with amounts only a text sum keeps exact.
 */
function writeSchema6Journal(path: string): void {
  const db = new DatabaseSync(path);
  migrate(db, 0, migrations.slice(0, 6));
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
  db.close();
}

describe('journal migration 7: fixed-point columns beside the money texts', () => {
  let dir: string;
  let path: string;
  const clock = new ManualClock();

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'counter-fixed-point-'));
    path = join(dir, 'journal.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('opens a schema-6 journal: old orders summed from their text, new ones in SQL, all exact', () => {
    writeSchema6Journal(path);
    const journal = new SqliteOrderJournal({ path, clock });
    const reader = new SqliteReportReader(path);
    try {
      expect(journal.schemaVersion).toBe(7);
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
