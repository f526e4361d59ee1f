import type { Writable } from 'node:stream';
import type { OrderRecord } from '../journal/order-record';
import type { OrderReportSource } from '../journal/report-source';
import { csvColumnsIn } from './csv-columns';
import { writeCsvRows } from './csv-stream';
import type { Period } from './report-period';

/** Why an export stopped; `cause` is the stream's or the journal's own error. */
export class CsvExportError extends Error {
  override readonly name = 'CsvExportError';
}

/**
 * Writes a header and one record per order to `out`, encoded by csv-stringify, so back-pressure
 * is the streams' own and a year of orders streams in constant memory. Ends `out` and
 * resolves with the number of orders once it has taken every byte ('finish'; a caller's own
 * later `end()` is harmless). On any failure (the output erroring or closing early, a full
 * disk, the journal failing mid-read) `out` is destroyed and the promise rejects only once
 * it has closed, so a file's handle is never left open.
 */
export async function writeOrdersCsv(
  orders: Iterable<OrderRecord>,
  out: Writable,
  timeZone = 'UTC',
): Promise<number> {
  const written = { count: 0 };
  try {
    return await writeCsvRows(orders, csvColumnsIn(timeZone), out, written);
  } catch (error) {
    throw new CsvExportError(
      `The CSV export failed after ${written.count} orders: ${reasonOf(error)}`,
      { cause: error },
    );
  }
}

/** Orders created in the period, oldest first. */
export function exportPeriodCsv(
  source: OrderReportSource,
  period: Period,
  out: Writable,
): Promise<number> {
  return writeOrdersCsv(source.ordersBetween(period.fromMs, period.toMs), out, period.timeZone);
}

function reasonOf(error: unknown): string {
  if ((error as { code?: unknown } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE')
    return 'the output was closed before the export finished';
  return error instanceof Error ? error.message : String(error);
}
