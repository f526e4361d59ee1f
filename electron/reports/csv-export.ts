import { Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { OrderRecord } from '../journal/order-record';
import type { OrderReportSource } from '../journal/report-source';
import { csvColumns } from './csv-columns';
import { createCsvStringifier } from './csv-format';
import type { Period } from './report-period';

/** Why an export stopped; `cause` is the stream's or the journal's own error. */
export class CsvExportError extends Error {
  override readonly name = 'CsvExportError';
}

/**
 * Writes a header and one record per order to `out` through csv-stringify, so back-pressure
 * is the streams' own and a year of orders streams in constant memory. Ends `out` and
 * resolves with the number of orders once it has taken every byte ('finish'; a caller's own
 * later `end()` is harmless). On any failure (the output erroring or closing early, a full
 * disk, the journal failing mid-read) `out` is destroyed and the promise rejects only once
 * it has closed, so a file's handle is never left open.
 */
export async function writeOrdersCsv(
  orders: Iterable<OrderRecord>,
  out: Writable,
): Promise<number> {
  let count = 0;
  function* records(): Generator<string[]> {
    for (const order of orders) {
      const fields = csvColumns.map((column) => column.value(order));
      count++;
      yield fields;
    }
  }
  const names = csvColumns.map((column) => column.name);
  try {
    await pipeline(Readable.from(records()), createCsvStringifier(names), out);
  } catch (error) {
    // pipeline destroys every stream when any of them fails, so this destroy is a no-op
    // then; waiting for 'close' means the caller hears of the failure only once the file's
    // descriptor is closed.
    out.destroy();
    await finished(out).catch(() => undefined);
    throw new CsvExportError(`The CSV export failed after ${count} orders: ${reasonOf(error)}`, {
      cause: error,
    });
  }
  return count;
}

/** Orders created in the period, oldest first. */
export function exportPeriodCsv(
  source: OrderReportSource,
  period: Period,
  out: Writable,
): Promise<number> {
  return writeOrdersCsv(source.ordersBetween(period.fromMs, period.toMs), out);
}

function reasonOf(error: unknown): string {
  if ((error as { code?: unknown } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE')
    return 'the output was closed before the export finished';
  return error instanceof Error ? error.message : String(error);
}
