import * as fs from 'node:fs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../electron/journal/order-record';
import { csvColumnsIn } from '../../../electron/reports/csv-columns';
import { CsvExportError, writeOrdersCsv } from '../../../electron/reports/csv-export';
import { csvText } from '../../../electron/reports/csv-format';
import { newQrOrder } from '../../support/order-fixtures';
import { euroPricing } from '../../support/pricing-fixtures';
import { outputClosedOnFirstWrite } from './support/closing-output';

/** Orders made up in memory: these tests are about the CSV and its stream, not the journal. */
function order(n: number, overrides: Partial<OrderRecord> = {}): OrderRecord {
  return {
    ...newQrOrder({
      orderId: `0190b7a4-8c1d-7f00-9a3e-${String(n).padStart(12, '0')}`,
      reference: 'K7M-Q4X',
      state: 'cancelled',
      createdAtMs: Date.UTC(2026, 10, 22, 9) + n,
    }),
    cashierId: null,
    shiftId: null,
    updatedAtMs: Date.UTC(2026, 10, 22, 9) + n + 1,
    attempts: 1,
    rateDifferencePercent: null,
    link: null,
    lastFailure: null,
    ...overrides,
  };
}
const csvColumns = csvColumnsIn('UTC');
const orders = (count: number) => Array.from({ length: count }, (_, i) => order(i));

/** The hand-written RFC 4180 writer the export used before csv-stringify: the output must not change. */
function referenceRecord(fields: readonly string[]): string {
  const field = (value: string) =>
    /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  return `${fields.map(field).join(',')}\r\n`;
}

/** A Writable that keeps what it gets, and records whether and when it closed. */
class Collect extends Writable {
  private readonly chunks: string[] = [];
  constructor(private readonly failAfterBytes = Infinity) {
    super({
      highWaterMark: 256,
      decodeStrings: false,
      write: (chunk: string | Buffer, _encoding, callback) => {
        const text = chunk.toString();
        if (this.text().length + text.length > this.failAfterBytes)
          return callback(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
        this.chunks.push(text);
        callback();
      },
    });
  }
  text(): string {
    return this.chunks.join('');
  }
}

/** Runs the export and notes whether `out` had closed by the time the promise settled. */
async function exportTo(out: Writable, rows: Iterable<OrderRecord>): Promise<unknown> {
  let closed = false;
  out.once('close', () => (closed = true));
  const outcome = await writeOrdersCsv(rows, out).then(
    (count) => ({ count }),
    (error: unknown) => error,
  );
  return { outcome, closedWhenSettled: closed };
}

describe('CSV format (csv-stringify, RFC 4180)', () => {
  it('quotes only fields with a comma, quote, CR or LF; doubles quotes; ends every record with CRLF', () => {
    const header = ['a', 'b,c'];
    const rows = [
      ['plain 1.5', 'a,b'],
      ['say "hi"', 'line\nbreak'],
      ['cr\r', ''],
      ['=1+1', '-2'],
    ];
    expect(csvText(header, [], true) + csvText(header, rows, false)).toBe(
      'a,"b,c"\r\n' +
        'plain 1.5,"a,b"\r\n' +
        '"say ""hi""","line\nbreak"\r\n' +
        '"cr\r",\r\n' +
        // No formula guard: values are written exactly as journaled.
        '=1+1,-2\r\n',
    );
  });

  it('property: the export is byte for byte what the hand-written writer made', async () => {
    const text = fc.string({
      unit: fc.constantFrom('a', '1', '.', ',', '"', '\r', '\n', ' ', '='),
    });
    // The money columns and local times joined the old ones: the same writer must quote them
    // the same way, in any shop zone, for orders with and without a price in money.
    const pricing = fc.option(
      fc.record({ currency: text, moneyAmount: text, feeMoney: text, price: text }),
      { nil: null },
    );
    const zone = fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata');
    const row = fc.tuple(text, text, text, pricing);
    await fc.assert(
      fc.asyncProperty(zone, fc.array(row, { maxLength: 5 }), async (timeZone, values) => {
        const rows = values.map(([serialNumber, fee, chainName, money], i) =>
          order(i, {
            serialNumber,
            fee,
            chainName,
            pricing: money ? euroPricing(money) : null,
          }),
        );
        const out = new Collect();
        expect(await writeOrdersCsv(rows, out, timeZone)).toBe(rows.length);
        const columns = csvColumnsIn(timeZone);
        const expected =
          referenceRecord(columns.map((column) => column.name)) +
          rows.map((r) => referenceRecord(columns.map((column) => column.value(r)))).join('');
        expect(out.text()).toBe(expected);
        expect(parse(out.text(), { columns: true })).toHaveLength(rows.length);
      }),
      { numRuns: 200 },
    );
  });

  it('writes the header alone when there are no orders, and ends the output', async () => {
    const out = new Collect();
    expect(await writeOrdersCsv([], out)).toBe(0);
    expect(out.text()).toBe(`${csvColumns.map((column) => column.name).join(',')}\r\n`);
    expect(out.writableFinished).toBe(true);
  });
});

describe('CSV export failures: a clear error, and the output closed', () => {
  it('an output that fails after some bytes rejects with its reason, closed first', async () => {
    const out = new Collect(5_000);
    const { outcome, closedWhenSettled } = (await exportTo(out, orders(1000))) as {
      outcome: unknown;
      closedWhenSettled: boolean;
    };
    expect(outcome).toBeInstanceOf(CsvExportError);
    expect((outcome as Error).message).toMatch(
      /^The CSV export failed after \d+ orders: no space left on device$/,
    );
    expect(((outcome as Error).cause as { code?: string }).code).toBe('ENOSPC');
    expect(out.destroyed).toBe(true);
    expect(closedWhenSettled).toBe(true);
    expect(out.text().length).toBeLessThanOrEqual(5_000);
  });

  it('an output closed mid-export rejects instead of hanging', async () => {
    const { out, writes } = outputClosedOnFirstWrite();
    await expect(writeOrdersCsv(orders(2000), out)).rejects.toThrow(
      /output was closed before the export finished/,
    );
    expect(writes()).toBe(1);
  });

  it('the journal failing mid-read closes the output too', async () => {
    function* failing(): Generator<OrderRecord> {
      yield order(1);
      yield order(2);
      throw new Error('database disk image is malformed');
    }
    const out = new Collect();
    const { outcome, closedWhenSettled } = (await exportTo(out, failing())) as {
      outcome: unknown;
      closedWhenSettled: boolean;
    };
    expect((outcome as Error).message).toBe(
      'The CSV export failed after 2 orders: database disk image is malformed',
    );
    expect(out.destroyed).toBe(true);
    expect(closedWhenSettled).toBe(true);
  });
});

describe('CSV export to a real file that fails', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'csv-export-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A write stream on the real fs whose close calls are counted, so a leaked fd shows. */
  function countedStream(path: string, flags = 'w') {
    const closedFds: number[] = [];
    const out = fs.createWriteStream(path, {
      flags,
      fs: {
        open: fs.open,
        write: fs.write,
        close: (fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
          closedFds.push(fd);
          fs.close(fd, callback);
        },
      },
    } as Parameters<typeof fs.createWriteStream>[1]);
    const opened = new Promise<number>((resolve) => out.once('open', resolve));
    return { out, closedFds, opened };
  }

  const isLinux = process.platform === 'linux' && fs.existsSync('/dev/full');
  if (!isLinux)
    console.log('CSV export to /dev/full NOT RUN: this machine has no /dev/full (Linux only)');
  it.skipIf(!isLinux)(
    'a full disk (/dev/full) rejects with ENOSPC and closes the file',
    async () => {
      const { out, closedFds, opened } = countedStream('/dev/full');
      const fd = await opened;
      await expect(writeOrdersCsv(orders(5000), out)).rejects.toThrow(
        /^The CSV export failed after \d+ orders: ENOSPC/,
      );
      expect(closedFds).toEqual([fd]);
      expect(out.closed).toBe(true);
    },
  );

  it('a file descriptor that refuses writes (opened read-only) rejects with EBADF and is closed', async () => {
    const path = join(dir, 'orders.csv');
    fs.writeFileSync(path, '');
    const { out, closedFds, opened } = countedStream(path, 'r');
    const fd = await opened;
    await expect(writeOrdersCsv(orders(5000), out)).rejects.toThrow(
      /^The CSV export failed after \d+ orders: EBADF/,
    );
    expect(closedFds).toEqual([fd]);
    expect(out.closed).toBe(true);
  });

  it('a healthy file gets every row, is ended and closed once', async () => {
    const path = join(dir, 'orders.csv');
    const { out, closedFds, opened } = countedStream(path);
    const fd = await opened;
    expect(await writeOrdersCsv(orders(3000), out)).toBe(3000);
    expect(out.writableFinished).toBe(true);
    // What the app's save handlers do next must stay harmless.
    out.end();
    await finished(out);
    expect(closedFds).toEqual([fd]);
    const rows = parse(readFileSync(path, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.order_id)).toEqual(orders(3000).map((o) => o.orderId));
  });
});
