/**
 * Keeps a spreadsheet from running a CSV cell as a formula (CSV injection, as OWASP
 * describes it). Asset and chain names, service messages and links come from the payment
 * service, so they are untrusted text: a cell that begins with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading `'`, which spreadsheets show as text and never evaluate.
 * Numbers stay numbers: in a numeric column a plain decimal ("-1.50", "12.5") is written as
 * it is; anything else there is guarded like text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

export function formulaSafe(value: string, numeric: boolean): string {
  if (numeric && PLAIN_DECIMAL.test(value)) return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}
