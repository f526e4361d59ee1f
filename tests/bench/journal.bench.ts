/**
 * The order journal (node:sqlite) with 1,000,000 orders: single inserts through the journal API,
 * the end-of-day report, search by reference, CSV export. `npm run bench -- journal`.
 * Goals: insert p99 < 1 ms, day report < 20 ms, search < 5 ms; CSV export beside a bare
 * SELECT of the same rows. Each of insert, report and search is also printed beside the same
 * SQL on a bare node:sqlite connection to the same file (same pragmas), measured in the same
 * loop, goal ratio <= 1.2: what the journal adds over SQLite itself (checks, the event's
 * JSON, mapping rows to records, rolling the totals up per asset, parsing what was typed).
 * The report's bare side runs the report's own statements, which give the same exact totals
 * as decimal text that the cashier sees (summed in SQL on the fixed-point columns).
 */
import { DatabaseSync } from 'node:sqlite';
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { prepareJournalStatements } from '../../electron/journal/journal-statements';
import { ORDER_COLUMNS } from '../../electron/journal/order-rows';
import { FIXED_POINT_COLUMNS, fixedPointParams } from '../../electron/journal/fixed-point-columns';
import { SqliteOrderJournal, type Durability } from '../../electron/journal/sqlite-order-journal';
import { SqliteReportReader } from '../../electron/journal/sqlite-report-reader';
import {
  BY_REFERENCE_SQL,
  MONEY_SQL,
  ORDERS_BETWEEN_SQL,
  TOTALS_SQL,
  VOIDED_SQL,
} from '../../electron/journal/report-sql';
import { transactionRunner } from '../../electron/journal/sqlite-transaction';
import { exportPeriodCsv } from '../../electron/reports/csv-export';
import { periodOfDays } from '../../electron/reports/report-period';
import { localDateOf } from '../../shared/time-zone';
import { searchOrders } from '../../electron/reports/order-search';
import { periodReport } from '../../electron/reports/period-report';
import type { SaleState } from '../../shared/sale/sale-states';
import { systemClock, type Clock } from '../../shared/clock';
import { newOrderId } from '../../shared/order-id';
import { newQrOrder } from '../support/order-fixtures';
import { goalLine, percentile, ratioLine, type BenchLine } from './bench-line';

/** `JOURNAL_BENCH_ORDERS=100000` for a quicker run: fewer days of the same ~2,740 orders a day. */
const ORDERS = Number(process.env.JOURNAL_BENCH_ORDERS ?? 1_000_000);
const DAYS = Math.max(1, Math.round((365 * ORDERS) / 1_000_000));
const DAY_MS = 86_400_000;
const START_MS = Date.UTC(2025, 10, 22);
const TIME_ZONE = 'Europe/Berlin';

const kinds: {
  chainId: string;
  chainName: string;
  asset: string;
  decimals: number;
  kind: 'qr' | 'nfc';
}[] = [
  { chainId: '1', chainName: 'ETHEREUM', asset: 'USDT', decimals: 6, kind: 'qr' },
  { chainId: '1', chainName: 'ETHEREUM', asset: 'ETH', decimals: 18, kind: 'qr' },
  { chainId: '56', chainName: 'BSC', asset: 'USDT', decimals: 18, kind: 'qr' },
  { chainId: '137', chainName: 'POLYGON', asset: 'USDC', decimals: 6, kind: 'qr' },
  { chainId: '728126428', chainName: 'TRON', asset: 'USDT', decimals: 6, kind: 'qr' },
  { chainId: '101', chainName: 'SUI', asset: 'SUI', decimals: 9, kind: 'nfc' },
];
const qrStates: SaleState[] = [
  'paid-confirmed-by-cashier',
  'paid-confirmed-by-cashier',
  'paid-confirmed-by-cashier',
  'cancelled',
  'expired',
  'refused',
  'voided',
];
const nfcStates: SaleState[] = [
  'accepted-by-service',
  'accepted-by-service',
  'refused',
  'voided',
  'cancelled',
];

/** A small fast deterministic PRNG (mulberry32), so every run seeds the same journal. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function amountText(random: () => number, decimals: number): string {
  const whole = Math.floor(random() * 500);
  const digits = Math.min(decimals, 1 + Math.floor(random() * 6));
  const fraction = String(Math.floor(random() * 10 ** digits)).padStart(digits, '0');
  return `${whole}.${fraction}`;
}

/** Bulk seed straight into the tables in one transaction: this is set-up, not what is measured. */
export function seed(journal: SqliteOrderJournal): { references: string[]; warmUp: string[] } {
  const db = journal.db;
  const random = prng(42);
  const bytes = (n: number) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = Math.floor(random() * 256);
    return out;
  };
  const insertOrder = db.prepare(
    // The 29 columns an order has without a money price, then the price's, cashier and shift,
    // then amount and fee as fixed point (no money price: those four stay null).
    `INSERT INTO orders (${ORDER_COLUMNS}, ${FIXED_POINT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?${', NULL'.repeat(13)}, ?, ?, ?, ?, NULL, NULL, NULL, NULL)`,
  );
  const insertEvent = db.prepare(
    `INSERT INTO order_events (order_id, at_ms, from_state, to_state, reason_kind, detail) VALUES (?, ?, 'requesting', ?, ?, '{}')`,
  );
  const sampleReferences: string[] = [];
  const warmUpReferences: string[] = [];
  db.exec('PRAGMA synchronous = OFF');
  db.exec('PRAGMA cache_size = -262144');
  transactionRunner(db)(() => {
    for (let i = 0; i < ORDERS; i++) {
      const createdAtMs = START_MS + Math.floor((i / ORDERS) * DAYS * DAY_MS);
      const { orderId, reference } = newOrderId(createdAtMs, bytes);
      const k = kinds[Math.floor(random() * kinds.length)] as (typeof kinds)[number];
      const states = k.kind === 'qr' ? qrStates : nfcStates;
      const state = states[Math.floor(random() * states.length)] as SaleState;
      const amount = amountText(random, k.decimals);
      const qr = k.kind === 'qr';
      const fee = qr ? '0.25' : '0';
      const fixed = fixedPointParams({ amount, fee, moneyAmount: null, feeMoney: null });
      insertOrder.run(
        orderId,
        reference,
        k.kind,
        state,
        amount,
        fee,
        k.asset,
        k.decimals,
        k.chainId,
        k.chainName,
        'USD',
        'POS-0001',
        createdAtMs,
        createdAtMs + 60_000,
        1,
        null,
        qr
          ? `https://pay.example/qr-scan?&order_id=${orderId}&transaction_amount=${amount}&act=DEPOSIT&chain_id=${k.chainId}`
          : null,
        qr ? '0.99985' : null,
        qr ? '22/11/2026 09:15:00' : null,
        qr ? createdAtMs + 900_000 : null,
        qr ? 1 : null,
        null,
        qr ? amount : null,
        qr ? 1 : null,
        state === 'refused' ? 'rejected' : null,
        state === 'refused' ? 'The service refused the order.' : null,
        state === 'refused' ? 'Insufficient balance, "try" again' : null,
        state === 'refused' ? 'E_BALANCE' : null,
        null,
        fixed.amount_e9,
        fixed.amount_e18,
        fixed.fee_e9,
        fixed.fee_e18,
      );
      insertEvent.run(
        orderId,
        createdAtMs + 60_000,
        state,
        state.startsWith('paid') || state === 'cancelled' || state === 'voided'
          ? 'cashier'
          : 'service',
      );
      // 1,000 lookups: a p99 of 200 was the second slowest sample, one stall's worth.
      if (i % 1000 === 0) sampleReferences.push(reference);
      else if (i % 25_000 === 500) warmUpReferences.push(reference);
    }
  });
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA cache_size = -2000');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.exec('PRAGMA optimize');
  return { references: sampleReferences, warmUp: warmUpReferences };
}

/** Single createOrder calls as the sale makes them, then the sale's end; ms per call. */
function insertSamples(
  path: string,
  clock: Clock,
  durability: Durability,
  count: number,
): {
  inserts: number[];
  bareInserts: number[];
  ends: number[];
  noise: number[];
  checkpointMs: number;
} {
  const journal = new SqliteOrderJournal({ path, clock, durability });
  const bare = bareInserter(path, durability);
  const bareInserts: number[] = [];
  const samples: number[] = [];
  const ends: number[] = [];
  const noise: number[] = [];
  const ping = journal.db.prepare('SELECT 1');
  const base = START_MS + DAYS * DAY_MS + (durability === 'full' ? DAY_MS : 0);
  for (let i = 0; i < count; i++) {
    const atMs = base + i * 1000;
    const id = newOrderId(atMs);
    const order = newQrOrder({
      orderId: id.orderId,
      reference: id.reference,
      serialNumber: 'POS-0001',
      createdAtMs: atMs,
      attempts: 1,
    });
    const t0 = performance.now();
    journal.createOrder(order, {
      atMs,
      reasonKind: 'cashier',
      detail: { action: 'start-qr-sale' },
    });
    samples.push(performance.now() - t0);
    // The same two rows by bare statements on their own connection, in their own transaction.
    const bareId = newOrderId(atMs);
    const tb = performance.now();
    bare.insert(bareId.orderId, bareId.reference, atMs);
    bareInserts.push(performance.now() - tb);
    // The same loop's cheapest possible call: what the machine itself adds (other processes, GC).
    const tp = performance.now();
    ping.get();
    noise.push(performance.now() - tp);
    // The sale ends, as every real one does.
    const t1 = performance.now();
    journal.transition({
      orderId: id.orderId,
      from: 'requesting',
      to: 'refused',
      atMs: atMs + 1,
      reasonKind: 'service',
    });
    ends.push(performance.now() - t1);
  }
  // What the till pays once it is quiet (idle checkpoint of whatever the forced ones left).
  const tc = performance.now();
  journal.checkpoint();
  const checkpointMs = performance.now() - tc;
  bare.close();
  journal.close();
  return { inserts: samples, bareInserts, ends, noise, checkpointMs };
}

/**
 * A bare node:sqlite connection with the journal's settings (WAL, the same synchronous, no
 * automatic checkpoint) inserting an order row and its event row as createOrder does: two
 * prepared INSERTs between BEGIN IMMEDIATE and COMMIT, nothing else.
 */
function bareInserter(path: string, durability: Durability) {
  const db = new DatabaseSync(path, { timeout: 5000, enableForeignKeyConstraints: true });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(`PRAGMA synchronous = ${durability === 'full' ? 'FULL' : 'NORMAL'}`);
  db.exec('PRAGMA wal_autocheckpoint = 0');
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  // The journal's own two INSERT statements, bound with values ready-made.
  const { insertOrder, insertEvent } = prepareJournalStatements(db);
  const detail = JSON.stringify({ action: 'start-qr-sale' });
  return {
    insert(orderId: string, reference: string, atMs: number) {
      begin.run();
      insertOrder.run({
        order_id: orderId,
        reference,
        kind: 'qr',
        state: 'requesting',
        amount: '12.5',
        fee: '0.25',
        asset: 'USDT',
        asset_decimal: 6,
        chain_id: '1',
        chain_name: 'ETHEREUM',
        currency: 'USD',
        serial_number: 'POS-0001',
        created_at_ms: atMs,
        updated_at_ms: atMs,
        attempts: 1,
        replaces_order_id: null,
        money_currency: null,
        money_amount: null,
        fee_money: null,
        price: null,
        usd_price: null,
        usd_per_unit: null,
        price_source: null,
        cross_source: null,
        price_as_of_ms: null,
        price_rounding: null,
        cashier_id: null,
        shift_id: null,
        amount_e9: 12_500_000_000n,
        amount_e18: 0,
        fee_e9: 250_000_000n,
        fee_e18: 0,
        money_amount_e9: null,
        money_amount_e18: null,
        fee_money_e9: null,
        fee_money_e18: null,
      });
      insertEvent.run(orderId, atMs, null, 'requesting', 'cashier', detail, null);
      commit.run();
    },
    close: () => db.close(),
  };
}

/**
 * The report's and the search's own SQL on a bare read-only connection: the floor of
 * periodReport and searchOrders. The report's statements give what the cashier sees, exact
 * totals as decimal text per chain, asset and state and per currency, and the voided
 * payments; periodReport adds mapping, the per-asset roll-up and sorting, searchOrders parsing
 * what was typed and mapping the rows to records.
 */
function bareReader(path: string) {
  const db = new DatabaseSync(path, { readOnly: true, timeout: 5000 });
  const totals = db.prepare(TOTALS_SQL);
  const money = db.prepare(MONEY_SQL);
  const voided = db.prepare(VOIDED_SQL);
  // Arrays, as the journal reads them (an object per row costs node:sqlite more).
  const byReference = db.prepare(BY_REFERENCE_SQL);
  byReference.setReturnArrays(true);
  return {
    report: (fromMs: number, toMs: number) => [
      totals.all(fromMs, toMs),
      money.all(fromMs, toMs),
      voided.all(fromMs, toMs),
    ],
    search: (reference: string) => byReference.all(reference, 50),
    close: () => db.close(),
  };
}

function timed<T>(fn: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
}

class NullSink extends Writable {
  bytes = 0;
  constructor() {
    super({ decodeStrings: false, highWaterMark: 1024 * 1024 });
  }
  override _write(chunk: string | Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.bytes += chunk.length;
    callback();
  }
}

export async function run(): Promise<BenchLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'journal-bench-'));
  const path = join(dir, 'journal.sqlite');
  const lines: BenchLine[] = [];
  try {
    const journal = new SqliteOrderJournal({ path, clock: systemClock });
    const seeding = timed(() => seed(journal));
    journal.close();
    // The seed leaves ~400 MB for the OS to write back; flush it now, or that write-back lands
    // in the insert timings (a till's journal is not a minute old).
    const fd = openSync(path, 'r+');
    fsyncSync(fd);
    closeSync(fd);
    const { references, warmUp } = seeding.value;
    lines.push({
      name: `seed ${ORDERS} orders (one transaction)`,
      value: seeding.ms / 1000,
      unit: 's',
      floorName: 'set-up, not a goal',
      floor: 0,
      goal: 'printed',
      pass: true,
    });

    const normal = insertSamples(path, systemClock, 'normal', 3000);
    lines.push(
      goalLine(
        'journal insert p50 (WAL, synchronous=NORMAL)',
        percentile(normal.inserts, 50),
        'ms',
        1,
      ),
    );
    lines.push(
      goalLine(
        'journal insert p99 (WAL, synchronous=NORMAL)',
        percentile(normal.inserts, 99),
        'ms',
        1,
      ),
    );
    for (const p of [50, 99])
      lines.push(
        ratioLine(
          `journal insert p${p} (createOrder)`,
          percentile(normal.inserts, p),
          `bare node:sqlite INSERT order + event p${p}`,
          percentile(normal.bareInserts, p),
          'ms',
          1.2,
        ),
      );
    lines.push({
      name: 'SELECT 1 p99 in the same loop (machine noise floor)',
      value: percentile(normal.noise, 99),
      unit: 'ms',
      floorName: 'no goal',
      floor: 0,
      goal: 'printed',
      pass: true,
    });
    const ends = percentile(normal.ends, 99);
    lines.push({
      name: 'sale-end transition p99',
      value: ends,
      unit: 'ms',
      floorName: 'no goal',
      floor: 0,
      goal: 'printed',
      pass: true,
    });
    lines.push({
      name: 'idle WAL checkpoint after the inserts',
      value: normal.checkpointMs,
      unit: 'ms',
      floorName: 'no goal',
      floor: 0,
      goal: 'printed (off the insert path)',
      pass: true,
    });
    const full = insertSamples(path, systemClock, 'full', 1000);
    const fullP99 = percentile(full.inserts, 99);
    lines.push({
      name: 'journal insert p99 (synchronous=FULL, not used)',
      value: fullP99,
      unit: 'ms',
      floorName: 'no goal',
      floor: 0,
      goal: 'printed',
      pass: true,
    });

    const reader = new SqliteReportReader(path);
    const day = localDateOf(START_MS + Math.min(200, Math.floor(DAYS / 2)) * DAY_MS, TIME_ZONE);
    const period = periodOfDays(day, day, TIME_ZONE);
    periodReport(reader, period); // warm the page cache, as a till that has been running would be
    const bareSql = bareReader(path);
    const reportTimes: number[] = [];
    const bareReportTimes: number[] = [];
    let dayOrders = 0;
    // Each side goes first every other time: the second reader of the same pages finds them
    // warm in the CPU's caches, which alone made the side that always went first ~20% slower.
    // 100 of each: a p95 of 30 samples was the second slowest, one stall's worth.
    for (let i = 0; i < 100; i++) {
      const bareFirst = i % 2 === 1;
      if (bareFirst)
        bareReportTimes.push(timed(() => bareSql.report(period.fromMs, period.toMs)).ms);
      const t = timed(() => periodReport(reader, periodOfDays(day, day, TIME_ZONE)));
      reportTimes.push(t.ms);
      dayOrders = t.value.orderCount;
      if (!bareFirst)
        bareReportTimes.push(timed(() => bareSql.report(period.fromMs, period.toMs)).ms);
    }
    lines.push(
      goalLine(
        `end-of-day report p50 (${dayOrders} orders, ${TIME_ZONE})`,
        percentile(reportTimes, 50),
        'ms',
        20,
      ),
    );
    lines.push(goalLine('end-of-day report p95', percentile(reportTimes, 95), 'ms', 20));
    for (const p of [50, 95])
      lines.push(
        ratioLine(
          `end-of-day report p${p}`,
          percentile(reportTimes, p),
          `bare node:sqlite report SELECTs p${p}`,
          percentile(bareReportTimes, p),
          'ms',
          1.2,
        ),
      );

    const searchTimes: number[] = [];
    const bareSearchTimes: number[] = [];
    // Both sides' code and statements are warmed on other orders' references first, as the
    // report's are: the search's first dozen calls ran in V8's interpreter (0.6 ms, then
    // 0.1-0.3 ms each), enough on their own to be the p99 of 1,000 lookups.
    for (const reference of warmUp) {
      searchOrders(reader, reference);
      bareSql.search(reference);
    }
    // A reference's rows are cold for whichever side looks it up first, and warm for the
    // other: which side goes first alternates, as in the report's loop.
    references.forEach((reference, i) => {
      const bareFirst = i % 2 === 1;
      if (bareFirst) bareSearchTimes.push(timed(() => bareSql.search(reference)).ms);
      const typed = reference.toLowerCase().replace('-', ' ');
      const t = timed(() => searchOrders(reader, typed));
      if (t.value.length === 0) throw new Error(`search found nothing for ${reference}`);
      searchTimes.push(t.ms);
      if (!bareFirst) bareSearchTimes.push(timed(() => bareSql.search(reference)).ms);
    });
    bareSql.close();
    lines.push(
      goalLine(
        `search by reference p50 (${references.length} lookups)`,
        percentile(searchTimes, 50),
        'ms',
        5,
      ),
    );
    lines.push(goalLine('search by reference p99', percentile(searchTimes, 99), 'ms', 5));
    for (const p of [50, 99])
      lines.push(
        ratioLine(
          `search by reference p${p}`,
          percentile(searchTimes, p),
          `bare node:sqlite SELECT by reference p${p}`,
          percentile(bareSearchTimes, p),
          'ms',
          1.2,
        ),
      );

    // CSV of every order vs a bare SELECT of the same rows and columns. The export writes its
    // local times in the shop's zone, as a shop's does (UTC, a fixed offset, never asked Intl
    // and hid ~9 µs a time, four times a row).
    const all = {
      fromMs: 0,
      toMs: Number.MAX_SAFE_INTEGER,
      fromDate: '1970-01-01',
      toDate: '9999-12-31',
      timeZone: TIME_ZONE,
    };
    const bare = timed(() => {
      let n = 0;
      const statement = reader.db.prepare(ORDERS_BETWEEN_SQL);
      statement.setReturnArrays(true);
      for (const _row of statement.iterate(all.fromMs, all.toMs)) n++;
      return n;
    });
    const sink = new NullSink();
    const t0 = performance.now();
    const rssBefore = process.memoryUsage().rss;
    const exported = await exportPeriodCsv(reader, all, sink);
    const exportMs = performance.now() - t0;
    const rssGrowthMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    reader.close();
    if (exported !== bare.value)
      throw new Error(`exported ${exported} rows, SELECT saw ${bare.value}`);
    const exportRate = exported / (exportMs / 1000);
    const bareRate = bare.value / (bare.ms / 1000);
    lines.push({
      name: `CSV export rate (${exported} rows, ${(sink.bytes / 1e6).toFixed(0)} MB)`,
      value: exportRate,
      unit: 'rows/s',
      floorName: 'bare SELECT of the same rows',
      floor: bareRate,
      goal: 'printed',
      pass: true,
    });
    lines.push(
      ratioLine('CSV export time', exportMs / 1000, 'bare SELECT time', bare.ms / 1000, 's', 5),
    );
    lines.push({
      name: 'RSS growth during CSV export',
      value: rssGrowthMb,
      unit: 'MB',
      floorName: 'goal',
      floor: 200,
      goal: '< 200 MB (streams)',
      pass: rssGrowthMb < 200,
    });
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
