import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewOrder, OrderRecord } from '../../../electron/journal/order-record';
import { SqliteReportReader } from '../../../electron/journal/sqlite-report-reader';
import { csvColumnsIn } from '../../../electron/reports/csv-columns';
import { exportPeriodCsv, writeOrdersCsv } from '../../../electron/reports/csv-export';
import { periodOfDays } from '../../../electron/reports/report-period';
import { searchOrders } from '../../../electron/reports/order-search';
import { rangeReport, todayReport } from '../../../electron/reports/period-report';
import type { SaleState } from '../../../shared/sale/sale-states';
import { newOrderId } from '../../../shared/order-id';
import { ManualClock } from '../../support/manual-clock';
import { euroPricing } from '../../support/pricing-fixtures';
import { tempJournal, type TempJournal } from '../../support/sale-fixtures';
import { outputClosedOnFirstWrite } from './support/closing-output';

const csvColumns = csvColumnsIn('UTC');
const DAY = Date.UTC(2026, 10, 22);
const HOUR = 3_600_000;

describe('reports', () => {
  let temp: TempJournal;
  let reader: SqliteReportReader;
  let n = 0;

  beforeEach(() => {
    temp = tempJournal(new ManualClock());
    reader = new SqliteReportReader(temp.path);
    n = 0;
  });
  afterEach(() => {
    reader.close();
    temp.cleanup();
  });

  /** Adds an order created at `atMs` and walks it to `state` through allowed transitions. */
  const add = (atMs: number, state: SaleState, overrides: Partial<NewOrder> = {}) => {
    const id = newOrderId(atMs, () => new Uint8Array(16).fill(++n));
    const base: NewOrder = {
      orderId: id.orderId,
      reference: id.reference,
      kind: 'qr',
      state: 'requesting',
      amount: '1',
      fee: '0',
      asset: 'USDC',
      assetDecimals: 6,
      chainId: '101',
      chainName: 'SUI',
      currency: 'USD',
      serialNumber: 'POS-1',
      pricing: null,
      createdAtMs: atMs,
      replacesOrderId: null,
      ...overrides,
    };
    const j = temp.journal;
    j.createOrder(base, { atMs, reasonKind: 'cashier' });
    const step = (from: SaleState, to: SaleState, reasonKind: 'service' | 'cashier' | 'client') =>
      j.transition({ orderId: base.orderId, from, to, atMs: atMs + 1, reasonKind });
    if (base.kind === 'nfc') {
      if (state !== 'waiting-for-tap') step('waiting-for-tap', 'submitting', 'client');
      if (state === 'accepted-by-service') step('submitting', 'accepted-by-service', 'service');
    } else if (state === 'paid-confirmed-by-cashier') {
      step('requesting', 'awaiting-payment', 'service');
      step('awaiting-payment', 'paid-confirmed-by-cashier', 'cashier');
    } else if (state === 'cancelled' || state === 'paid-after-all') {
      step('requesting', 'awaiting-payment', 'service');
      step('awaiting-payment', 'cancelled', 'cashier');
      if (state === 'paid-after-all') step('cancelled', 'paid-after-all', 'cashier');
    } else if (state === 'failed') {
      step('requesting', 'failed', 'client');
    }
    return base.orderId;
  };

  it('totals a day exactly, by chain and asset and by state, in the shop time zone', () => {
    add(DAY + 1 * HOUR, 'paid-confirmed-by-cashier', { amount: '0.1', fee: '0.000001' });
    add(DAY + 2 * HOUR, 'paid-confirmed-by-cashier', { amount: '0.2', fee: '0.000002' });
    add(DAY + 3 * HOUR, 'cancelled', { amount: '100' });
    add(DAY + 4 * HOUR, 'paid-confirmed-by-cashier', {
      amount: '5',
      asset: 'ETH',
      assetDecimals: 18,
      chainId: '1',
      chainName: 'ETHEREUM',
    });
    add(DAY + 5 * HOUR, 'accepted-by-service', {
      kind: 'nfc',
      state: 'waiting-for-tap',
      amount: '0.000000000000000003',
      asset: null,
      assetDecimals: null,
      chainId: null,
      chainName: null,
    });
    add(DAY + 5 * HOUR, 'failed', { amount: '7' });
    // Outside the day in Berlin (23:30 UTC is the next day there) and the day before.
    add(DAY + 23.5 * HOUR, 'paid-confirmed-by-cashier', { amount: '1000' });
    add(DAY - 1.5 * HOUR, 'paid-confirmed-by-cashier', { amount: '1000' });

    const report = rangeReport(reader, '2026-11-22', '2026-11-22', 'Europe/Berlin');
    expect(report.orderCount).toBe(6);
    expect(report.byChainAsset).toEqual([
      {
        chainId: '1',
        chainName: 'ETHEREUM',
        asset: 'ETH',
        count: 1,
        amount: '5',
        fee: '0',
        takenCount: 1,
        takenAmount: '5',
        takenFee: '0',
      },
      {
        chainId: '101',
        chainName: 'SUI',
        asset: 'USDC',
        count: 4,
        amount: '107.3',
        fee: '0.000003',
        takenCount: 2,
        takenAmount: '0.3',
        takenFee: '0.000003',
      },
      {
        chainId: null,
        chainName: null,
        asset: null,
        count: 1,
        amount: '0.000000000000000003',
        fee: '0',
        takenCount: 1,
        takenAmount: '0.000000000000000003',
        takenFee: '0',
      },
    ]);
    expect(report.byState).toEqual([
      { state: 'paid-confirmed-by-cashier', count: 3 },
      { state: 'cancelled', count: 1 },
      { state: 'accepted-by-service', count: 1 },
      { state: 'failed', count: 1 },
    ]);
    expect(
      report.byChainAssetState.find((r) => r.asset === 'USDC' && r.state === 'cancelled'),
    ).toMatchObject({ count: 1, amount: '100' });

    // The same orders by UTC days.
    expect(rangeReport(reader, '2026-11-22', '2026-11-22', 'UTC').orderCount).toBe(7);
    expect(todayReport(reader, DAY + 12 * HOUR, 'UTC').orderCount).toBe(7);
    expect(rangeReport(reader, '2026-11-21', '2026-11-23', 'UTC').orderCount).toBe(8);
    expect(rangeReport(reader, '2026-11-24', '2026-11-24', 'UTC')).toMatchObject({
      orderCount: 0,
      byChainAsset: [],
      byState: [],
    });
  });

  it('totals money per currency: paid orders only, each at its own price, none converted after the fact', () => {
    const eur = (moneyAmount: string, feeMoney: string) =>
      ({ pricing: euroPricing({ moneyAmount, feeMoney }) }) as const;
    // 0.1 + 0.2 (+ fees): floating point would say 0.30000000000000004.
    add(DAY + 1 * HOUR, 'paid-confirmed-by-cashier', eur('0.1', '0.01'));
    add(DAY + 2 * HOUR, 'paid-confirmed-by-cashier', eur('0.2', '0.02'));
    add(DAY + 2 * HOUR, 'accepted-by-service', {
      kind: 'nfc',
      state: 'waiting-for-tap',
      ...eur('99999999999999999.99', '0'),
    });
    add(DAY + 3 * HOUR, 'cancelled', eur('1000', '1'));
    add(DAY + 3 * HOUR, 'failed', eur('1000', '1'));
    add(DAY + 4 * HOUR, 'paid-confirmed-by-cashier', {
      pricing: euroPricing({ currency: 'USD', moneyAmount: '5', feeMoney: '0.25' }),
    });
    // Typed in asset units (or made before money prices): counted, never given a money value.
    add(DAY + 5 * HOUR, 'paid-confirmed-by-cashier', { amount: '7' });
    add(DAY + 5 * HOUR, 'paid-confirmed-by-cashier', { amount: '8' });
    add(DAY + 6 * HOUR, 'cancelled', { amount: '9' });

    const report = rangeReport(reader, '2026-11-22', '2026-11-22', 'UTC');
    expect(report.money).toEqual([
      { currency: 'EUR', takenCount: 3, takenTotal: '100000000000000000.32' },
      { currency: 'USD', takenCount: 1, takenTotal: '5.25' },
    ]);
    expect(report.takenWithoutMoney).toBe(2);
    expect(rangeReport(reader, '2026-11-23', '2026-11-23', 'UTC')).toMatchObject({
      money: [],
      takenWithoutMoney: 0,
    });
  });

  it('counts a payment recorded after all as taken, in asset and in money', () => {
    add(DAY + 1 * HOUR, 'paid-after-all', { amount: '2.5', pricing: euroPricing() });
    add(DAY + 2 * HOUR, 'cancelled', { amount: '9' });
    const report = rangeReport(reader, '2026-11-22', '2026-11-22', 'UTC');
    expect(report.byChainAsset[0]).toMatchObject({ count: 2, takenCount: 1, takenAmount: '2.5' });
    expect(report.byState).toEqual([
      { state: 'cancelled', count: 1 },
      { state: 'paid-after-all', count: 1 },
    ]);
    expect(report.money).toEqual([expect.objectContaining({ currency: 'EUR', takenCount: 1 })]);
  });

  it('finds an order by id or by its reference however typed', () => {
    const id = add(DAY, 'cancelled');
    const reference = temp.journal.get(id)?.reference as string;
    expect(searchOrders(reader, id)[0]?.orderId).toBe(id);
    expect(searchOrders(reader, ` ${id.toUpperCase()} `)[0]?.orderId).toBe(id);
    for (const typed of [
      reference,
      reference.toLowerCase(),
      reference.replace('-', ''),
      reference.replace('-', ' '),
    ]) {
      expect(
        searchOrders(reader, typed).map((o) => o.orderId),
        typed,
      ).toEqual([id]);
    }
    expect(searchOrders(reader, 'ZZZ-ZZZ')).toEqual([]);
    expect(searchOrders(reader, "'; DROP TABLE orders; --")).toEqual([]);
    expect(searchOrders(reader, '')).toEqual([]);
  });

  it('lists every order sharing a reference, newest first', () => {
    const older = add(DAY, 'cancelled', { reference: 'ABC-DEF' });
    const newer = add(DAY + HOUR, 'cancelled', { reference: 'ABC-DEF' });
    expect(searchOrders(reader, 'abcdef').map((o) => o.orderId)).toEqual([newer, older]);
  });

  it('exports a CSV that round-trips through a real parser, hostile text and decimals intact', async () => {
    const hostile = 'Order "X", refused;\r\nline two,\n"end"';
    const id = add(DAY + HOUR, 'failed', {
      amount: '0.000000000000000001',
      fee: '1.10',
      serialNumber: 'POS,"7"\n',
    });
    temp.journal.db
      .prepare('UPDATE orders SET failure_service_msg = ?, failure_kind = ? WHERE order_id = ?')
      .run(hostile, 'rejected', id);
    add(DAY + 2 * HOUR, 'paid-confirmed-by-cashier', { amount: '12345678901234567890.123456' });
    const out = new Collect();
    const count = await exportPeriodCsv(
      reader,
      periodOfDays('2026-11-22', '2026-11-22', 'UTC'),
      out,
    );
    expect(count).toBe(2);
    const text = out.text();
    expect(text.startsWith(`${csvColumns.map((c) => c.name).join(',')}\r\n`)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      order_id: id,
      amount: '0.000000000000000001',
      fee: '1.10',
      serial_number: 'POS,"7"\n',
      service_msg: hostile,
      state: 'failed',
      created_at_utc: new Date(DAY + HOUR).toISOString(),
    });
    expect(rows[1]?.amount).toBe('12345678901234567890.123456');
    expect(Object.keys(rows[0] ?? {})).toEqual(csvColumns.map((c) => c.name));
  });

  /** `count` copies of one journaled order, each with its own id: the CSV, not the journal, is under test. */
  const copiesOfOneOrder = (count: number) => {
    const journaled = temp.journal.get(add(DAY, 'cancelled')) as OrderRecord;
    return Array.from({ length: count }, (_, i) => ({
      ...journaled,
      orderId: `${journaled.orderId.slice(0, -4)}${String(i).padStart(4, '0')}`,
      createdAtMs: DAY + i,
    }));
  };

  it('streams with back-pressure: a slow output gets every row, in order', async () => {
    const orders = copiesOfOneOrder(3000);
    const out = new Collect(1024, true);
    expect(await writeOrdersCsv(orders, out)).toBe(3000);
    expect(out.maxBuffered).toBeLessThan(200 * 1024);
    const rows = parse(out.text(), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.order_id)).toEqual(orders.map((o) => o.orderId));
  });

  it('fails instead of hanging when the output closes mid-export', async () => {
    const orders = copiesOfOneOrder(2000);
    const { out, writes } = outputClosedOnFirstWrite();
    await expect(writeOrdersCsv(orders, out)).rejects.toThrow(/closed before the export finished/);
    expect(writes()).toBe(1);
    expect(out.destroyed).toBe(true);
  });

  it('reads while the journal writes (separate connection, WAL snapshot)', async () => {
    for (let i = 0; i < 50; i++) add(DAY + i, 'cancelled');
    const iterator = reader.ordersBetween(0, Number.MAX_SAFE_INTEGER)[Symbol.iterator]();
    iterator.next();
    add(DAY + 100, 'cancelled');
    let rest = 0;
    while (!iterator.next().done) rest++;
    expect(rest).toBe(49);
  });
});

/** A Writable that keeps what it gets; optionally slow, to exercise back-pressure. */
class Collect extends Writable {
  private readonly chunks: string[] = [];
  maxBuffered = 0;
  constructor(highWaterMark = 16 * 1024, slow = false) {
    super({
      highWaterMark,
      decodeStrings: false,
      write: (chunk: string | Buffer, _encoding, callback) => {
        this.chunks.push(chunk.toString());
        this.maxBuffered = Math.max(this.maxBuffered, this.writableLength);
        if (slow) setImmediate(callback);
        else callback();
      },
    });
  }
  text(): string {
    return this.chunks.join('');
  }
}
