import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, migrations } from '../../../electron/journal/migrations';
import type { NewOrder } from '../../../electron/journal/order-record';
import { SqliteOrderJournal } from '../../../electron/journal/sqlite-order-journal';
import { SqliteReportReader } from '../../../electron/journal/sqlite-report-reader';
import { ManualClock } from '../../support/manual-clock';
import { euroPricing } from '../../support/pricing-fixtures';

const OLD_ID = '019a8f00-0000-7000-8000-0000000000a1';

/**
 * A journal file as the app wrote it before prices in money: only the first migration ran,
 * then a paid order with its link and history was written with that schema's columns.
 */
function writeFirstSchemaJournal(path: string): void {
  const db = new DatabaseSync(path);
  migrate(db, 0, migrations.slice(0, 1));
  db.prepare(
    `INSERT INTO orders (order_id, reference, kind, state, amount, fee, asset, asset_decimal, chain_id,
      chain_name, currency, serial_number, created_at_ms, updated_at_ms, attempts, qr_url, rate_usd,
      expire_at_raw, expires_at_ms, expiry_known, link_amount, amount_matches)
     VALUES (?, 'OLD-0A1', 'qr', 'paid-confirmed-by-cashier', '12.5', '0.1', 'USDT', 6, '1', 'ETHEREUM',
      'USD', 'POS-1', 1000, 3000, 1, 'https://x/qr-scan?&order_id=1', '1.0001', '22/11/2026 09:15:00',
      5000, 1, '12.6', 1)`,
  ).run(OLD_ID);
  const event = db.prepare(
    "INSERT INTO order_events (order_id, at_ms, from_state, to_state, reason_kind, detail) VALUES (?, ?, ?, ?, ?, '{}')",
  );
  event.run(OLD_ID, 1000, null, 'requesting', 'cashier');
  event.run(OLD_ID, 2000, 'requesting', 'awaiting-payment', 'service');
  event.run(OLD_ID, 3000, 'awaiting-payment', 'paid-confirmed-by-cashier', 'cashier');
  db.close();
}

const newOrder = (overrides: Partial<NewOrder> = {}): NewOrder => ({
  orderId: '019a8f00-0000-7000-8000-0000000000b1',
  reference: 'NEW-0B1',
  kind: 'qr',
  state: 'requesting',
  amount: '15.625',
  fee: '0.375',
  asset: 'USDT',
  assetDecimals: 6,
  chainId: '1',
  chainName: 'ETHEREUM',
  currency: 'USD',
  serialNumber: 'POS-1',
  pricing: euroPricing(),
  createdAtMs: 10_000,
  replacesOrderId: null,
  ...overrides,
});

describe('journal: prices in money', () => {
  let dir: string;
  let path: string;
  const clock = new ManualClock();

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'counter-journal-pricing-'));
    path = join(dir, 'journal.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('opens a journal file of the previous schema: old orders read back intact, with no money amount', () => {
    writeFirstSchemaJournal(path);
    const journal = new SqliteOrderJournal({ path, clock });
    const versions = journal.db
      .prepare('SELECT version FROM schema_version ORDER BY version')
      .all();
    expect(versions.map((row) => row.version)).toEqual(migrations.map((m) => m.version));
    const old = journal.get(OLD_ID);
    expect(old).toEqual({
      orderId: OLD_ID,
      reference: 'OLD-0A1',
      kind: 'qr',
      state: 'paid-confirmed-by-cashier',
      amount: '12.5',
      fee: '0.1',
      asset: 'USDT',
      assetDecimals: 6,
      chainId: '1',
      chainName: 'ETHEREUM',
      currency: 'USD',
      serialNumber: 'POS-1',
      createdAtMs: 1000,
      updatedAtMs: 3000,
      attempts: 1,
      replacesOrderId: null,
      // From before staff profiles: nobody is named (the history says "Unknown").
      cashierId: null,
      shiftId: null,
      pricing: null,
      rateDifferencePercent: null,
      link: {
        qrUrl: 'https://x/qr-scan?&order_id=1',
        rateUsd: '1.0001',
        expireAtRaw: '22/11/2026 09:15:00',
        expiresAtMs: 5000,
        expiryKnown: true,
        expiryNote: null,
        linkAmount: '12.6',
        amountMatches: true,
      },
      lastFailure: null,
    });
    expect(journal.events(OLD_ID).map((e) => [e.toState, e.actorId])).toEqual([
      ['requesting', null],
      ['awaiting-payment', null],
      ['paid-confirmed-by-cashier', null],
    ]);
    // A new order in the migrated file keeps its pricing beside the old one's none.
    journal.createOrder(newOrder(), { atMs: 10_000, reasonKind: 'cashier' });
    journal.close();
    const reader = new SqliteReportReader(path);
    expect(reader.findByOrderId(OLD_ID)?.pricing).toBeNull();
    expect(reader.findByOrderId(newOrder().orderId)?.pricing).toEqual(euroPricing());
    reader.close();
  });

  it("records the service's rate difference with the link, and null until then", () => {
    const journal = new SqliteOrderJournal({ path, clock });
    const created = journal.createOrder(newOrder(), { atMs: 10_000, reasonKind: 'cashier' });
    expect(created.rateDifferencePercent).toBeNull();
    expect(journal.get(created.orderId)?.rateDifferencePercent).toBeNull();
    const link = {
      qrUrl: 'https://x/qr-scan?&order_id=2',
      rateUsd: '0.9998',
      expireAtRaw: '22/11/2026 09:15:00',
      expiresAtMs: 50_000,
      expiryKnown: true,
      expiryNote: null,
      linkAmount: '15.625',
      amountMatches: true,
    };
    const shown = journal.transition({
      orderId: created.orderId,
      from: 'requesting',
      to: 'awaiting-payment',
      atMs: 11_000,
      reasonKind: 'service',
      patch: { link, rateDifferencePercent: '-0.02' },
    });
    expect(shown).toMatchObject({ link, rateDifferencePercent: '-0.02', pricing: euroPricing() });
    journal.close();
    const again = new SqliteOrderJournal({ path, clock });
    expect(again.get(created.orderId)?.rateDifferencePercent).toBe('-0.02');
    again.close();
  });

  it('keeps an order typed in asset units without a money amount', () => {
    const journal = new SqliteOrderJournal({ path, clock });
    const created = journal.createOrder(newOrder({ pricing: null }), {
      atMs: 10_000,
      reasonKind: 'cashier',
    });
    expect(created.pricing).toBeNull();
    const row = journal.db
      .prepare('SELECT money_currency, money_amount, fee_money, price FROM orders')
      .get();
    expect(row).toEqual({ money_currency: null, money_amount: null, fee_money: null, price: null });
    expect(journal.get(created.orderId)?.pricing).toBeNull();
    journal.close();
  });
});
