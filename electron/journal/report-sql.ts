import { paidStates } from '../../shared/sale/sale-states';
import { ORDER_COLUMNS } from './order-rows';

/**
 * The reports' SQL, shared with the benchmark so its bare connection runs the very same
 * statements. Every statement takes the period as `created_at_ms >= ? AND created_at_ms < ?`.
 */

/** Every order created in [?, ?), oldest first: the CSV export's rows. */
export const ORDERS_BETWEEN_SQL = `SELECT ${ORDER_COLUMNS} FROM orders WHERE created_at_ms >= ? AND created_at_ms < ? ORDER BY created_at_ms, order_id`;

/** Orders by their short reference, newest first, at most ?: the search's rows. */
export const BY_REFERENCE_SQL = `SELECT ${ORDER_COLUMNS} FROM orders WHERE reference = ? ORDER BY created_at_ms DESC LIMIT ?`;

const BILLION = 1_000_000_000;

/**
 * The exact decimal text of s9 / 10^9 + s18 / 10^18 (two non-negative INTEGER sums of the
 * fixed-point columns, fixed-point-columns.ts), in SQL: the carry of s18 into s9, then whole
 * units, '.', 18 decimals with trailing zeros cut ("12.5", "3"). SQLite turns an INTEGER
 * addition that overflows into a REAL without a word, so a sum that no longer is an INTEGER
 * gives NULL, and the reader sums the texts instead.
 */
function decimalTextSql(s9: string, s18: string): string {
  const units = `(${s9} + ${s18} / ${BILLION})`;
  return `CASE WHEN typeof(${units}) = 'integer' THEN
      (${units} / ${BILLION}) || rtrim(rtrim('.' || printf('%09d%09d', ${units} % ${BILLION}, ${s18} % ${BILLION}), '0'), '.')
    END`;
}

/** The texts the fixed-point columns do not hold (too long, or written before them), ' '-joined. */
function restSql(text: string): string {
  return `group_concat(CASE WHEN ${text}_e9 IS NULL THEN ${text} END, ' ')`;
}

/**
 * Orders of the period by chain, asset and state: count, and exact amount and fee totals of
 * what the fixed-point columns hold, plus the texts they do not (null when none), which the
 * reader adds in JS. SUM itself fails with "integer overflow" past 2^63 - 1.
 */
export const TOTALS_SQL = `SELECT chain_id, chain_name, asset, state, n,
    ${decimalTextSql('amount_s9', 'amount_s18')} AS amount, amount_rest,
    ${decimalTextSql('fee_s9', 'fee_s18')} AS fee, fee_rest
  FROM (SELECT chain_id, chain_name, asset, state, COUNT(*) AS n,
      COALESCE(SUM(amount_e9), 0) AS amount_s9, COALESCE(SUM(amount_e18), 0) AS amount_s18,
      ${restSql('amount')} AS amount_rest,
      COALESCE(SUM(fee_e9), 0) AS fee_s9, COALESCE(SUM(fee_e18), 0) AS fee_s18,
      ${restSql('fee')} AS fee_rest
    FROM orders WHERE created_at_ms >= ? AND created_at_ms < ?
    GROUP BY chain_id, chain_name, asset, state)`;

/**
 * Orders of the period by state and the currency they were priced in: count and the exact
 * total of price plus fee in that currency (a missing fee counts as 0), with the texts the
 * fixed-point columns do not hold.
 */
export const MONEY_SQL = `SELECT money_currency, state, n,
    ${decimalTextSql('s9', 's18')} AS total, money_amount_rest, fee_money_rest
  FROM (SELECT money_currency, state, COUNT(*) AS n,
      COALESCE(SUM(money_amount_e9), 0) + COALESCE(SUM(fee_money_e9), 0) AS s9,
      COALESCE(SUM(money_amount_e18), 0) + COALESCE(SUM(fee_money_e18), 0) AS s18,
      ${restSql('money_amount')} AS money_amount_rest, ${restSql('fee_money')} AS fee_money_rest
    FROM orders WHERE created_at_ms >= ? AND created_at_ms < ?
    GROUP BY money_currency, state)`;

/**
 * The same groups with every text handed to JS: the report's way when an INTEGER sum would
 * overflow (a group past 9.2 billion units).
 */
export const TOTALS_TEXT_SQL = `SELECT chain_id, chain_name, asset, state, COUNT(*) AS n,
    group_concat(amount, ' ') AS amounts, group_concat(fee, ' ') AS fees
  FROM orders WHERE created_at_ms >= ? AND created_at_ms < ?
  GROUP BY chain_id, chain_name, asset, state`;
export const MONEY_TEXT_SQL = `SELECT money_currency, state, COUNT(*) AS n,
    group_concat(money_amount, ' ') AS money_amounts, group_concat(fee_money, ' ') AS fees_money
  FROM orders WHERE created_at_ms >= ? AND created_at_ms < ?
  GROUP BY money_currency, state`;

/** The paid states as an SQL list (constant names from the state table, never input). */
const PAID_STATES_SQL = `(${[...paidStates].map((state) => `'${state}'`).join(', ')})`;
const QUALIFIED_ORDER_COLUMNS = ORDER_COLUMNS.split(',')
  .map((column) => `orders.${column.trim()}`)
  .join(', ');

/** Voided payments of the period: driven by its voided orders (orders_created), then each one's events. */
export const VOIDED_SQL = `SELECT ${QUALIFIED_ORDER_COLUMNS}, e.at_ms AS voided_at_ms,
    e.from_state AS paid_state, e.actor_id AS voided_by, e.detail AS void_detail
  FROM orders JOIN order_events e ON e.order_id = orders.order_id
  WHERE orders.created_at_ms >= ? AND orders.created_at_ms < ? AND orders.state = 'voided'
    AND e.to_state = 'voided' AND e.from_state IN ${PAID_STATES_SQL}
  ORDER BY e.at_ms, e.event_id`;
