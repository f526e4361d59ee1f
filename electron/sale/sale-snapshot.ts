import type { OrderRecord } from '../journal/order-record';
import type { SaleAction, SaleSnapshot } from '../../shared/sale/sale-snapshot';
import { isTerminal, type SaleState } from '../../shared/sale/sale-states';

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
    pricing: record.pricing,
    rateDifferencePercent: record.rateDifferencePercent,
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

export type { SaleAction, SaleSnapshot } from '../../shared/sale/sale-snapshot';
