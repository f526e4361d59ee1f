import type { Writable } from 'node:stream';
import type { OrderRecord } from '../journal/order-record';
import type { OrderReportSource } from '../journal/report-source';
import { csvColumns } from './csv-columns';
import { csvRecord } from './csv-format';
import type { Period } from './local-day';

/** Rows are joined into chunks of about this many characters: one write per chunk, not per row. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Writes a header and one RFC 4180 record per order to `out`, honouring back-pressure, so a
 * year of orders streams in constant memory. Does not end `out`. Returns the number of orders.
 */
export async function writeOrdersCsv(
  orders: Iterable<OrderRecord>,
  out: Writable,
): Promise<number> {
  let chunk = csvRecord(csvColumns.map((column) => column.name));
  let count = 0;
  const fields: string[] = new Array<string>(csvColumns.length);
  for (const order of orders) {
    for (let i = 0; i < csvColumns.length; i++)
      fields[i] = (csvColumns[i] as (typeof csvColumns)[number]).value(order);
    chunk += csvRecord(fields);
    count++;
    if (chunk.length >= CHUNK_CHARS) {
      const text = chunk;
      chunk = '';
      if (!out.write(text)) await drained(out);
    }
  }
  if (chunk.length > 0 && !out.write(chunk)) await drained(out);
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

function drained(out: Writable): Promise<void> {
  if (out.destroyed)
    return Promise.reject(new Error('the CSV output was closed before the export finished'));
  // 'close' and 'error' also end the wait, so a broken file does not hang the export.
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      out.off('error', done);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('the CSV output closed before the export finished'));
    out.on('drain', onDrain);
    out.on('close', onClose);
    out.on('error', done);
  });
}
