import type { OrderRecord } from '../journal/order-record';
import { formulaSafe } from './formula-guard';
import { csvTimestamps } from './csv-timestamps';

interface CsvColumn {
  name: string;
  /** Numeric columns keep a plain decimal as it is; every other cell is guarded as text. */
  numeric?: boolean;
  value: (order: OrderRecord) => string;
}

/**
 * The CSV columns, in their fixed order. New columns go at the end, so spreadsheets and
 * scripts reading by position keep working. Decimal text is written as journaled; times are
 * ISO 8601 UTC beside the raw milliseconds, and in the shop's report zone with its offset.
 */
function columnsIn(timeZone: string): readonly CsvColumn[] {
  const times = csvTimestamps(timeZone);
  return [
    { name: 'order_id', value: (o) => o.orderId },
    { name: 'reference', value: (o) => o.reference },
    { name: 'kind', value: (o) => o.kind },
    { name: 'state', value: (o) => o.state },
    { name: 'created_at_utc', value: (o) => times.utc(o.createdAtMs) },
    { name: 'created_at_ms', numeric: true, value: (o) => String(o.createdAtMs) },
    { name: 'updated_at_utc', value: (o) => times.utc(o.updatedAtMs) },
    { name: 'amount', numeric: true, value: (o) => o.amount },
    { name: 'fee', numeric: true, value: (o) => o.fee },
    { name: 'asset', value: (o) => o.asset ?? '' },
    { name: 'chain_id', numeric: true, value: (o) => o.chainId ?? '' },
    { name: 'chain_name', value: (o) => o.chainName ?? '' },
    { name: 'currency', value: (o) => o.currency },
    { name: 'serial_number', value: (o) => o.serialNumber },
    { name: 'attempts', numeric: true, value: (o) => String(o.attempts) },
    { name: 'link_amount', numeric: true, value: (o) => o.link?.linkAmount ?? '' },
    { name: 'rate_usd', numeric: true, value: (o) => o.link?.rateUsd ?? '' },
    { name: 'expire_at_raw', value: (o) => o.link?.expireAtRaw ?? '' },
    {
      name: 'expires_at_utc',
      value: (o) => (o.link?.expiresAtMs != null ? times.utc(o.link.expiresAtMs) : ''),
    },
    { name: 'expiry_known', value: (o) => (o.link ? (o.link.expiryKnown ? 'yes' : 'no') : '') },
    { name: 'qr_url', value: (o) => o.link?.qrUrl ?? '' },
    { name: 'replaces_order_id', value: (o) => o.replacesOrderId ?? '' },
    { name: 'failure_kind', value: (o) => o.lastFailure?.kind ?? '' },
    { name: 'failure_message', value: (o) => o.lastFailure?.message ?? '' },
    { name: 'service_msg', value: (o) => o.lastFailure?.serviceMessage ?? '' },
    { name: 'service_error_code', value: (o) => o.lastFailure?.serviceCode ?? '' },
    // Prices in the shop's currency: empty for an order typed in asset units.
    { name: 'created_at_local', value: (o) => times.local(o.createdAtMs) },
    { name: 'money_currency', value: (o) => o.pricing?.currency ?? '' },
    { name: 'money_amount', numeric: true, value: (o) => o.pricing?.moneyAmount ?? '' },
    { name: 'fee_money', numeric: true, value: (o) => o.pricing?.feeMoney ?? '' },
    { name: 'price', numeric: true, value: (o) => o.pricing?.price ?? '' },
    { name: 'price_source', value: (o) => o.pricing?.source ?? '' },
    {
      name: 'price_at_local',
      value: (o) => (o.pricing ? times.local(o.pricing.asOfMs) : ''),
    },
    { name: 'rate_difference_percent', numeric: true, value: (o) => o.rateDifferencePercent ?? '' },
    // The remaining times in the shop's zone too, so every time the CSV holds reads as the shop's clock.
    { name: 'updated_at_local', value: (o) => times.local(o.updatedAtMs) },
    {
      name: 'expires_at_local',
      value: (o) => (o.link?.expiresAtMs != null ? times.local(o.link.expiresAtMs) : ''),
    },
  ];
}

/** The columns as the export writes them for a shop in `timeZone`: every cell through the formula guard. */
export function csvColumnsIn(
  timeZone: string,
): readonly { name: string; value: (order: OrderRecord) => string }[] {
  return columnsIn(timeZone).map((column) => ({
    name: column.name,
    value: (order) => formulaSafe(column.value(order), column.numeric === true),
  }));
}
