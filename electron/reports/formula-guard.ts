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

/** First characters a cell may start with and be left as it is (digits, letters, ...). */
function startsSafely(value: string): boolean {
  const first = value.charCodeAt(0);
  // '=' 61, '+' 43, '-' 45, '@' 64, tab 9, CR 13; NaN (empty) is safe.
  return (
    first !== 61 && first !== 43 && first !== 45 && first !== 64 && first !== 9 && first !== 13
  );
}

export function formulaSafe(value: string, numeric: boolean): string {
  // Most cells start with a digit or a letter: one character code says so, no pattern needed.
  if (startsSafely(value)) return value;
  if (numeric && PLAIN_DECIMAL.test(value)) return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}
