import { stringify } from 'csv-stringify/sync';

/**
 * The export's CSV dialect, RFC 4180, written by csv-stringify: fields separated by ',',
 * records ended by CRLF (the last one too), a field quoted only when it holds a comma, a
 * quote, CR or LF, quotes inside doubled, and a header row even when there are no rows.
 * Values are written as given: csv-columns.ts has already guarded each cell against
 * formulas (formula-guard.ts), keeping numbers as numbers, which csv-stringify's own
 * `escape_formulas` would not (it would turn "-1.5" into text).
 */
export function csvText(header: readonly string[], rows: string[][], withHeader: boolean): string {
  return stringify(rows, {
    header: withHeader,
    columns: [...header],
    delimiter: ',',
    quote: '"',
    escape: '"',
    record_delimiter: '\r\n',
    // A lone CR or LF in a value must be quoted too (csv-stringify skips that once a record
    // delimiter is given), or a reader splits the record there.
    quote_record_delimiter: true,
    eof: true,
    escape_formulas: false,
  });
}
