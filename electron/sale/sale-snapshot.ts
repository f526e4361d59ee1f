import type { OrderFailure, OrderRecord } from '../journal/order-record';
import { isTerminal, type OrderKind, type SaleState } from './sale-states';

/** What the cashier may do next; the pages enable buttons from this list only. */
export type SaleAction =
  | 'acceptLinkAmount'
  | 'confirmPaidByCashier'
  | 'cancel'
  | 'retrySameOrder'
  | 'voidOrder'
  | 'newLinkForExpired'
  | 'newSale';

export type SnapshotExpiry =
  | { kind: 'known'; atMs: number }
  /** The link never expires by itself; the cashier is told so and no countdown is shown. */
  | { kind: 'unknown'; note: string; raw: string };

/** The active sale as plain data: safe to send over IPC and to compare in tests. */
export interface SaleSnapshot {
  orderId: string;
  reference: string;
  kind: OrderKind;
  state: SaleState;
  terminal: boolean;
  amount: string;
  fee: string;
  asset: string | null;
  assetDecimals: number | null;
  chainId: string | null;
  chainName: string | null;
  currency: string;
  /** The checked link, once generate_qr answered. */
  link: { qrUrl: string; linkAmount: string; rateUsd: string; amountMatches: boolean } | null;
  /** True only while the customer may be shown the QR code. */
  showQr: boolean;
  expiry: SnapshotExpiry | null;
  lastFailure: OrderFailure | null;
  allowedActions: SaleAction[];
  attempts: number;
  replacesOrderId: string | null;
  createdAtMs: number;
  updatedAtMs: number;
  /** A passing remark that is not journaled, e.g. why a tap was ignored. */
  notice: string | null;
}

export function allowedActions(record: OrderRecord): SaleAction[] {
  const byState: Record<SaleState, SaleAction[]> = {
    requesting: [],
    submitting: [],
    'amount-differs': ['acceptLinkAmount', 'cancel'],
    'awaiting-payment': ['confirmPaidByCashier', 'cancel'],
    'waiting-for-tap': ['cancel'],
    'outcome-unknown':
      record.kind === 'nfc'
        ? ['retrySameOrder', 'confirmPaidByCashier', 'voidOrder']
        : ['retrySameOrder', 'voidOrder'],
    failed: ['retrySameOrder', 'voidOrder'],
    'retry-refused': record.kind === 'nfc' ? ['confirmPaidByCashier', 'voidOrder'] : ['voidOrder'],
    expired: ['newLinkForExpired', 'newSale'],
    'paid-confirmed-by-cashier': ['newSale'],
    cancelled: ['newSale'],
    'accepted-by-service': ['newSale'],
    refused: ['newSale'],
    voided: ['newSale'],
  };
  return byState[record.state];
}

export function snapshotOf(record: OrderRecord, notice: string | null = null): SaleSnapshot {
  const link = record.link;
  return {
    orderId: record.orderId,
    reference: record.reference,
    kind: record.kind,
    state: record.state,
    terminal: isTerminal(record.state),
    amount: record.amount,
    fee: record.fee,
    asset: record.asset,
    assetDecimals: record.assetDecimals,
    chainId: record.chainId,
    chainName: record.chainName,
    currency: record.currency,
    link: link
      ? {
          qrUrl: link.qrUrl,
          linkAmount: link.linkAmount,
          rateUsd: link.rateUsd,
          amountMatches: link.amountMatches,
        }
      : null,
    showQr: record.state === 'awaiting-payment' && link !== null,
    expiry: !link
      ? null
      : link.expiryKnown && link.expiresAtMs !== null
        ? { kind: 'known', atMs: link.expiresAtMs }
        : {
            kind: 'unknown',
            note: link.expiryNote ?? 'The link gave no usable expiry.',
            raw: link.expireAtRaw,
          },
    lastFailure: record.lastFailure ? { ...record.lastFailure } : null,
    allowedActions: allowedActions(record),
    attempts: record.attempts,
    replacesOrderId: record.replacesOrderId,
    createdAtMs: record.createdAtMs,
    updatedAtMs: record.updatedAtMs,
    notice,
  };
}
