import { existsSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, migrations } from '../../../electron/journal/migrations';
import { JournalConflictError } from '../../../electron/journal/order-journal';
import { BUSY_TIMEOUT_MS } from '../../../electron/journal/journal-connection';
import type { NewOrder } from '../../../electron/journal/order-record';
import { OPEN_STATES_SQL } from '../../../electron/journal/order-rows';
import {
  BUSY_QUIET_MS,
  BUSY_WRITES_BEFORE_CHECKPOINT,
  MAX_WRITES_BETWEEN_CHECKPOINTS,
  SqliteOrderJournal,
} from '../../../electron/journal/sqlite-order-journal';
import { ORDER_COLUMNS, recordFromRow, type OrderRow } from '../../../electron/journal/order-rows';
import { pragmaValue } from '../../../electron/journal/sqlite-pragma';
import { SqliteReportReader } from '../../../electron/journal/sqlite-report-reader';
import { ManualClock } from '../../support/manual-clock';
import { tempJournal, type TempJournal } from '../../support/sale-fixtures';

const order = (overrides: Partial<NewOrder> = {}): NewOrder => ({
  orderId: '019a8f00-0000-7000-8000-000000000001',
  reference: 'AAA-001',
  kind: 'qr',
  state: 'requesting',
  amount: '0.000000000000000001',
  fee: '1.10',
  asset: 'ETH',
  assetDecimals: 18,
  chainId: '1',
  chainName: 'ETHEREUM',
  currency: 'USD',
  serialNumber: 'POS-1',
  pricing: null,
  createdAtMs: 1_000,
  replacesOrderId: null,
  attempts: 1,
  ...overrides,
});

describe('SqliteOrderJournal', () => {
  let clock: ManualClock;
  let temp: TempJournal;

  beforeEach(() => {
    clock = new ManualClock();
    temp = tempJournal(clock);
  });
  afterEach(() => temp.cleanup());

  it('opens in WAL mode with synchronous NORMAL by default, FULL on request', () => {
    expect(pragmaValue(temp.journal.db, 'journal_mode')).toBe('wal');
    expect(pragmaValue(temp.journal.db, 'synchronous')).toBe(1);
    const full = new SqliteOrderJournal({
      path: `${temp.dir}/full.sqlite`,
      clock,
      durability: 'full',
    });
    expect(pragmaValue(full.db, 'synchronous')).toBe(2);
    full.close();
  });

  it('records its schema version and migrates once', () => {
    expect(temp.journal.schemaVersion).toBe(migrations.length);
    temp.journal.close();
    const again = new SqliteOrderJournal({ path: temp.path, clock });
    const rows = again.db.prepare('SELECT version, applied_at_ms FROM schema_version').all();
    expect(rows).toEqual(
      migrations.map((migration) => ({ version: migration.version, applied_at_ms: clock.now() })),
    );
    again.close();
  });

  it('opens a journal of the first schema: its orders read back with no money amount', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db, 0, migrations.slice(0, 1));
    db.prepare(
      `INSERT INTO orders (order_id, reference, kind, state, amount, fee, asset, asset_decimal, chain_id,
        chain_name, currency, serial_number, created_at_ms, updated_at_ms)
       VALUES ('old-1', 'OLD-001', 'qr', 'paid-confirmed-by-cashier', '12.5', '0', 'USDT', 6, '1',
        'ETHEREUM', 'USD', 'POS-1', 1000, 2000)`,
    ).run();
    expect(migrate(db, 5, migrations)).toBe(migrations.length);
    const row = db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders`).get() as OrderRow;
    const record = recordFromRow(row);
    expect(record).toMatchObject({
      orderId: 'old-1',
      amount: '12.5',
      state: 'paid-confirmed-by-cashier',
      pricing: null,
      rateDifferencePercent: null,
    });
    db.close();
  });

  it('keeps the pricing of an order priced in money', () => {
    const pricing = {
      currency: 'EUR',
      moneyAmount: '12.5',
      feeMoney: '0.3',
      price: '2916.7',
      usdPrice: '3150.42',
      usdPerUnit: '1.08',
      source: 'provider',
      crossSource: 'provider',
      asOfMs: 900,
      rounding: 'up-to-asset-decimals',
    } as const;
    const created = temp.journal.createOrder(order({ pricing }), {
      atMs: 1_000,
      reasonKind: 'cashier',
    });
    expect(created.pricing).toEqual(pricing);
    const reread = temp.journal.db
      .prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = ?`)
      .get(created.orderId) as OrderRow;
    expect(recordFromRow(reread).pricing).toEqual(pricing);
  });

  it('refuses a file written by a newer schema', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db, 0);
    db.prepare('INSERT INTO schema_version VALUES (99, 0, ?)').run('future');
    expect(() => migrate(db, 0)).toThrow(/newer/);
    db.close();
  });

  it('a failing migration leaves no trace of itself', () => {
    const db = new DatabaseSync(':memory:');
    const last = migrations.length;
    const broken = [
      ...migrations,
      { version: last + 1, description: 'broken', sql: 'CREATE TABLE t (x); THIS IS NOT SQL;' },
    ];
    expect(() => migrate(db, 0, broken)).toThrow();
    expect(db.prepare('SELECT MAX(version) AS v FROM schema_version').get()).toEqual({ v: last });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 't'").get()).toBeUndefined();
    db.close();
  });

  it('keeps decimal text exactly as given', () => {
    temp.journal.createOrder(
      order({ amount: '123456789012345678901234567890.123456789012345678', fee: '1.10' }),
      {
        atMs: 1_000,
        reasonKind: 'cashier',
      },
    );
    const row = temp.journal.db
      .prepare('SELECT amount, fee, typeof(amount) AS t FROM orders')
      .get();
    expect(row).toEqual({
      amount: '123456789012345678901234567890.123456789012345678',
      fee: '1.10',
      t: 'text',
    });
  });

  it('stores and reads back the link and the failure', () => {
    temp.journal.createOrder(order(), { atMs: 1_000, reasonKind: 'cashier' });
    const link = {
      qrUrl: 'https://x/qr-scan?&order_id=1',
      rateUsd: '0.1',
      expireAtRaw: '22/11/2026 09:15:00',
      expiresAtMs: 5_000,
      expiryKnown: true,
      expiryNote: null,
      linkAmount: '1.1',
      amountMatches: false,
    };
    const shown = temp.journal.transition({
      orderId: order().orderId,
      from: 'requesting',
      to: 'amount-differs',
      atMs: 2_000,
      reasonKind: 'service',
      patch: { link },
    });
    expect(shown).toMatchObject({
      state: 'amount-differs',
      updatedAtMs: 2_000,
      link,
      lastFailure: null,
    });
    const failure = {
      kind: 'rejected' as const,
      message: 'no',
      serviceMessage: 'a "quoted", msg\nline',
      serviceCode: 'E1',
      httpStatus: 409,
    };
    temp.journal.createOrder(order({ orderId: '019a8f00-0000-7000-8000-000000000002' }), {
      atMs: 1_000,
      reasonKind: 'cashier',
    });
    const refused = temp.journal.transition({
      orderId: '019a8f00-0000-7000-8000-000000000002',
      from: 'requesting',
      to: 'refused',
      atMs: 3_000,
      reasonKind: 'service',
      detail: { serviceMessage: failure.serviceMessage },
      patch: { lastFailure: failure },
    });
    expect(refused.lastFailure).toEqual(failure);
    expect(temp.journal.events(refused.orderId).at(-1)?.detail).toEqual({
      serviceMessage: failure.serviceMessage,
    });
  });

  it('moves an order only from the state the caller names (compare-and-set)', () => {
    temp.journal.createOrder(order(), { atMs: 1_000, reasonKind: 'cashier' });
    const change = {
      orderId: order().orderId,
      to: 'outcome-unknown' as const,
      atMs: 2_000,
      reasonKind: 'client' as const,
    };
    expect(() => temp.journal.transition({ ...change, from: 'submitting' })).toThrow(
      JournalConflictError,
    );
    temp.journal.transition({ ...change, from: 'requesting' });
    expect(() => temp.journal.transition({ ...change, from: 'requesting' })).toThrow(
      JournalConflictError,
    );
    expect(temp.journal.events(order().orderId)).toHaveLength(2);
  });

  it('refuses transitions that are not in the table, and unknown orders', () => {
    temp.journal.createOrder(order(), { atMs: 1_000, reasonKind: 'cashier' });
    const base = { orderId: order().orderId, from: 'requesting' as const, atMs: 2_000 };
    expect(() =>
      temp.journal.transition({ ...base, to: 'paid-confirmed-by-cashier', reasonKind: 'cashier' }),
    ).toThrow(/cannot go/);
    expect(() =>
      temp.journal.transition({ ...base, to: 'awaiting-payment', reasonKind: 'cashier' }),
    ).toThrow(/cannot go/);
    expect(() =>
      temp.journal.transition({ ...base, to: 'accepted-by-service', reasonKind: 'service' }),
    ).toThrow(/cannot go/);
    expect(() =>
      temp.journal.transition({ ...base, orderId: 'nope', to: 'failed', reasonKind: 'client' }),
    ).toThrow(/no order/);
    expect(() =>
      temp.journal.createOrder(order({ orderId: 'o2', state: 'awaiting-payment' }), {
        atMs: 0,
        reasonKind: 'cashier',
      }),
    ).toThrow(/cannot start/);
    expect(temp.journal.get(order().orderId)?.state).toBe('requesting');
  });

  it('counts attempts when asked', () => {
    temp.journal.createOrder(order(), { atMs: 1_000, reasonKind: 'cashier' });
    const id = order().orderId;
    temp.journal.transition({
      orderId: id,
      from: 'requesting',
      to: 'failed',
      atMs: 2,
      reasonKind: 'client',
    });
    const again = temp.journal.transition({
      orderId: id,
      from: 'failed',
      to: 'requesting',
      atMs: 3,
      reasonKind: 'cashier',
      patch: { countAttempt: true },
    });
    expect(again.attempts).toBe(2);
  });

  it('the history is append-only, enforced by the database', () => {
    temp.journal.createOrder(order(), { atMs: 1_000, reasonKind: 'cashier' });
    expect(() =>
      temp.journal.db.prepare("UPDATE order_events SET reason_kind = 'service'").run(),
    ).toThrow(/append-only/);
    expect(() => temp.journal.db.prepare('DELETE FROM order_events').run()).toThrow(/append-only/);
    expect(temp.journal.events(order().orderId)).toEqual([
      {
        orderId: order().orderId,
        atMs: 1_000,
        fromState: null,
        toState: 'requesting',
        reasonKind: 'cashier',
        detail: {},
        actorId: null,
      },
    ]);
  });

  it('checkpoints the WAL once the till has been quiet, not on the write path', () => {
    temp.journal.createOrder(order(), { atMs: clock.now(), reasonKind: 'cashier' });
    clock.advance(20_000);
    temp.journal.transition({
      orderId: order().orderId,
      from: 'requesting',
      to: 'failed',
      atMs: clock.now(),
      reasonKind: 'client',
    });
    expect(temp.journal.checkpoints).toBe(0);
    clock.advance(29_999);
    expect(temp.journal.checkpoints).toBe(0);
    clock.advance(1);
    expect(temp.journal.checkpoints).toBe(1);
    clock.advance(60_000);
    expect(temp.journal.checkpoints).toBe(1);
    expect(pragmaValue(temp.journal.db, 'wal_autocheckpoint')).toBe(0);
  });

  it('a busy till checkpoints at its next second without a write, not inside one', () => {
    // A sale every 20 s: never the idle wait's 30 s of quiet.
    for (let i = 0; i < BUSY_WRITES_BEFORE_CHECKPOINT - 1; i++) {
      temp.journal.createOrder(order({ orderId: `o${i}` }), {
        atMs: clock.now(),
        reasonKind: 'cashier',
      });
      clock.advance(i % 3 === 2 ? 18_000 : 500);
    }
    expect(temp.journal.checkpoints).toBe(0);
    temp.journal.createOrder(order({ orderId: 'busy' }), {
      atMs: clock.now(),
      reasonKind: 'cashier',
    });
    expect(temp.journal.checkpoints).toBe(0);
    clock.advance(BUSY_QUIET_MS - 1);
    expect(temp.journal.checkpoints).toBe(0);
    clock.advance(1);
    expect(temp.journal.checkpoints).toBe(1);
    // Then the idle wait again, until the till is busy again.
    temp.journal.createOrder(order({ orderId: 'calm' }), {
      atMs: clock.now(),
      reasonKind: 'cashier',
    });
    clock.advance(BUSY_QUIET_MS);
    expect(temp.journal.checkpoints).toBe(1);
  });

  it('a till that never rests still checkpoints every MAX_WRITES_BETWEEN_CHECKPOINTS writes', () => {
    for (let i = 0; i < MAX_WRITES_BETWEEN_CHECKPOINTS; i++) {
      temp.journal.createOrder(order({ orderId: `o${i}` }), { atMs: i, reasonKind: 'cashier' });
    }
    expect(temp.journal.checkpoints).toBe(1);
  });

  it('lists open orders newest first, through the partial index', () => {
    temp.journal.createOrder(order({ orderId: 'a', createdAtMs: 1 }), {
      atMs: 1,
      reasonKind: 'cashier',
    });
    temp.journal.createOrder(
      order({ orderId: 'b', createdAtMs: 2, kind: 'nfc', state: 'waiting-for-tap' }),
      { atMs: 2, reasonKind: 'cashier' },
    );
    temp.journal.createOrder(order({ orderId: 'c', createdAtMs: 3 }), {
      atMs: 3,
      reasonKind: 'cashier',
    });
    temp.journal.transition({
      orderId: 'c',
      from: 'requesting',
      to: 'refused',
      atMs: 4,
      reasonKind: 'service',
    });
    expect(temp.journal.openOrders().map((o) => o.orderId)).toEqual(['b', 'a']);
    const plan = temp.journal.db
      .prepare(`EXPLAIN QUERY PLAN SELECT * FROM orders WHERE state IN ${OPEN_STATES_SQL}`)
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/orders_open/);
  });

  it('a write that fails half-way leaves nothing behind, and the next one goes through', () => {
    // JSON.stringify throws on a BigInt: after the order row is in, before the event row.
    const detail = { httpStatus: 1n as unknown as number };
    expect(() =>
      temp.journal.createOrder(order(), { atMs: 1_000, reasonKind: 'cashier', detail }),
    ).toThrow(/BigInt/);
    expect(temp.journal.get(order().orderId)).toBeNull();
    expect(temp.journal.db.isTransaction).toBe(false);
    temp.journal.createOrder(order(), { atMs: 1_000, reasonKind: 'cashier' });
    expect(temp.journal.events(order().orderId)).toHaveLength(1);
  });

  it('refuses to run without WAL (a file system without shared memory)', () => {
    // SQLite's unix-none VFS has no shared memory, so journal_mode = WAL answers 'delete'.
    const path = `file:${temp.dir}/no-wal.sqlite?vfs=unix-none`;
    expect(() => new SqliteOrderJournal({ path, clock })).toThrow(/could not switch to WAL/);
  });

  it('close() checkpoints the WAL: every write is in the database file, the WAL is empty', () => {
    temp.journal.createOrder(order(), { atMs: 1_000, reasonKind: 'cashier' });
    // A report reader still open keeps the WAL file alive: it must be empty all the same.
    const reader = new SqliteReportReader(temp.path);
    expect(statSync(`${temp.path}-wal`).size).toBeGreaterThan(0);
    temp.journal.close();
    expect(statSync(`${temp.path}-wal`).size).toBe(0);
    expect(reader.findByOrderId(order().orderId)?.state).toBe('requesting');
    reader.close();

    // Closed last, the journal leaves its database file alone.
    const again = new SqliteOrderJournal({ path: temp.path, clock });
    again.createOrder(order({ orderId: 'o2' }), { atMs: 2_000, reasonKind: 'cashier' });
    again.close();
    expect(existsSync(`${temp.path}-wal`)).toBe(false);
    expect(existsSync(`${temp.path}-shm`)).toBe(false);
    const file = new DatabaseSync(temp.path, { readOnly: true });
    expect(file.prepare('SELECT COUNT(*) AS n FROM orders').get()).toEqual({ n: 2 });
    file.close();
  });

  it('close() does not wait for an export still reading, and loses nothing', () => {
    temp.journal.createOrder(order(), { atMs: 1_000, reasonKind: 'cashier' });
    const reader = new SqliteReportReader(temp.path);
    const exporting = reader.ordersBetween(0, 10_000)[Symbol.iterator]();
    expect(exporting.next().done).toBe(false);
    const startedMs = performance.now();
    temp.journal.close();
    // Waiting would take the whole busy timeout (5 s); not waiting takes well under one.
    expect(performance.now() - startedMs).toBeLessThan(BUSY_TIMEOUT_MS / 5);
    reader.close();
    const again = new SqliteOrderJournal({ path: temp.path, clock });
    expect(again.get(order().orderId)?.state).toBe('requesting');
    again.close();
  });
});
