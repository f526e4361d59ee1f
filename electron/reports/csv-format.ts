/**
 * RFC 4180 text: fields separated by ',', records ended by CRLF, a field quoted when it holds
 * a comma, a quote, CR or LF, and quotes inside doubled. Values are written exactly, so
 * decimal text round-trips; no spreadsheet "formula guard" prefix is added because that would
 * change the data (the journal's text fields come from our own app and the service).
 */
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvRecord(fields: readonly string[]): string {
  let line = '';
  for (let i = 0; i < fields.length; i++) {
    if (i > 0) line += ',';
    line += csvField(fields[i] as string);
  }
  return `${line}\r\n`;
}
