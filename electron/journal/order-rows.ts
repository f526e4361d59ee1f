import type { ServiceErrorKind } from '../../shared/service-errors';
import type { OrderKind, ReasonKind, SaleState } from '../../shared/sale/sale-states';
import type { EventDetail, OrderEvent, OrderRecord } from './order-record';
import { PRICING_COLUMNS, pricingFromRow, type PricingRow } from './pricing-columns';

/** Every column of `orders`, in table order (migrations 1 to 4). */
export const ORDER_COLUMNS = `order_id, reference, kind, state, amount, fee, asset, asset_decimal, chain_id, chain_name,
  currency, serial_number, created_at_ms, updated_at_ms, attempts, replaces_order_id, qr_url, rate_usd,
  expire_at_raw, expires_at_ms, expiry_known, expiry_note, link_amount, amount_matches, failure_kind,
  failure_message, failure_service_msg, failure_service_code, failure_http_status, ${PRICING_COLUMNS},
  cashier_id, shift_id`;

/**
 * The open (non-terminal) states as an SQL list. Written exactly as in the partial index
 * orders_open of migration 1, so SQLite can use that index.
 */
export const OPEN_STATES_SQL = `('requesting', 'amount-differs', 'awaiting-payment', 'waiting-for-tap',
                        'submitting', 'outcome-unknown', 'failed', 'retry-refused')`;

/**
 * A row of `orders` as node:sqlite returns it (INTEGER columns as numbers: no readBigInts).
 * A type, not an interface, so node:sqlite's rows (Record<string, SQLOutputValue>) cast to it.
 */
export type OrderRow = {
  order_id: string;
  reference: string;
  kind: OrderKind;
  state: SaleState;
  amount: string;
  fee: string;
  asset: string | null;
  asset_decimal: number | null;
  chain_id: string | null;
  chain_name: string | null;
  currency: string;
  serial_number: string;
  created_at_ms: number;
  updated_at_ms: number;
  attempts: number;
  replaces_order_id: string | null;
  qr_url: string | null;
  rate_usd: string | null;
  expire_at_raw: string | null;
  expires_at_ms: number | null;
  expiry_known: number | null;
  expiry_note: string | null;
  link_amount: string | null;
  amount_matches: number | null;
  failure_kind: ServiceErrorKind | null;
  failure_message: string | null;
  failure_service_msg: string | null;
  failure_service_code: string | null;
  failure_http_status: number | null;
  cashier_id: string | null;
  shift_id: number | null;
} & PricingRow;

export type EventRow = {
  order_id: string;
  at_ms: number;
  from_state: SaleState | null;
  to_state: SaleState;
  reason_kind: ReasonKind;
  detail: string;
  actor_id: string | null;
};

/**
 * A row read as an array (`setReturnArrays(true)`), values in ORDER_COLUMNS' order, as an
 * OrderRow. node:sqlite builds a row object key by key, which V8 keeps as a slow dictionary
 * (a third of a CSV export's time went there); this literal has one fixed shape.
 */
export function rowFromValues(values: readonly unknown[]): OrderRow {
  const v = values;
  return {
    order_id: v[0],
    reference: v[1],
    kind: v[2],
    state: v[3],
    amount: v[4],
    fee: v[5],
    asset: v[6],
    asset_decimal: v[7],
    chain_id: v[8],
    chain_name: v[9],
    currency: v[10],
    serial_number: v[11],
    created_at_ms: v[12],
    updated_at_ms: v[13],
    attempts: v[14],
    replaces_order_id: v[15],
    qr_url: v[16],
    rate_usd: v[17],
    expire_at_raw: v[18],
    expires_at_ms: v[19],
    expiry_known: v[20],
    expiry_note: v[21],
    link_amount: v[22],
    amount_matches: v[23],
    failure_kind: v[24],
    failure_message: v[25],
    failure_service_msg: v[26],
    failure_service_code: v[27],
    failure_http_status: v[28],
    money_currency: v[29],
    money_amount: v[30],
    fee_money: v[31],
    price: v[32],
    usd_price: v[33],
    usd_per_unit: v[34],
    price_source: v[35],
    cross_source: v[36],
    price_as_of_ms: v[37],
    price_rounding: v[38],
    rate_difference_percent: v[39],
    cashier_id: v[40],
    shift_id: v[41],
  } as OrderRow;
}

export function recordFromRow(row: OrderRow): OrderRecord {
  return {
    orderId: row.order_id,
    reference: row.reference,
    kind: row.kind,
    state: row.state,
    amount: row.amount,
    fee: row.fee,
    asset: row.asset,
    assetDecimals: row.asset_decimal,
    chainId: row.chain_id,
    chainName: row.chain_name,
    currency: row.currency,
    serialNumber: row.serial_number,
    createdAtMs: row.created_at_ms,
    updatedAtMs: row.updated_at_ms,
    attempts: row.attempts,
    replacesOrderId: row.replaces_order_id,
    cashierId: row.cashier_id,
    shiftId: row.shift_id,
    pricing: pricingFromRow(row),
    rateDifferencePercent: row.rate_difference_percent,
    link:
      row.qr_url === null
        ? null
        : {
            qrUrl: row.qr_url,
            rateUsd: row.rate_usd ?? '',
            expireAtRaw: row.expire_at_raw ?? '',
            expiresAtMs: row.expires_at_ms,
            expiryKnown: row.expiry_known === 1,
            expiryNote: row.expiry_note,
            linkAmount: row.link_amount ?? '',
            amountMatches: row.amount_matches === 1,
          },
    lastFailure:
      row.failure_kind === null
        ? null
        : {
            kind: row.failure_kind,
            message: row.failure_message ?? '',
            serviceMessage: row.failure_service_msg,
            serviceCode: row.failure_service_code,
            httpStatus: row.failure_http_status,
          },
  };
}

export function eventFromRow(row: EventRow): OrderEvent {
  return {
    orderId: row.order_id,
    atMs: row.at_ms,
    fromState: row.from_state,
    toState: row.to_state,
    reasonKind: row.reason_kind,
    detail: JSON.parse(row.detail) as EventDetail,
    actorId: row.actor_id,
  };
}
