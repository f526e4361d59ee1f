import type { OrderRecord } from '../journal/order-record';
import type { SaleAction, SaleSnapshot } from '../../shared/sale/sale-snapshot';
import { isTerminal, type SaleState } from '../../shared/sale/sale-states';

export function allowedActions(record: OrderRecord): SaleAction[] {
  // A QR link once made is never withdrawn at the service: after it expired or was cancelled
  // the customer may still pay it (recorded on this order), or be offered a fresh link for the
  // same purchase. A refused request made no order there: trying again is a fresh link too.
  const linkMade = record.kind === 'qr' && record.link !== null;
  const lateOrAgain: SaleAction[] = linkMade
    ? ['newLinkForExpired', 'markPaidAfterAll', 'newSale']
    : ['newSale'];
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
    expired: lateOrAgain,
    'paid-confirmed-by-cashier': ['newSale'],
    cancelled: lateOrAgain,
    'accepted-by-service': ['newSale'],
    refused: record.kind === 'qr' ? ['newLinkForExpired', 'newSale'] : ['newSale'],
    voided: ['newSale'],
    'paid-after-all': ['newSale'],
  };
  return byState[record.state];
}

/**
 * `replaced` is the order this one replaces, when known: its link, if it had one, may still be
 * paid, and the cashier is told so.
 */
export function snapshotOf(
  record: OrderRecord,
  notice: string | null = null,
  replaced: OrderRecord | null = null,
): SaleSnapshot {
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
    replacedLinkMayBePaid:
      replaced !== null &&
      replaced.orderId === record.replacesOrderId &&
      allowedActions(replaced).includes('markPaidAfterAll'),
    createdAtMs: record.createdAtMs,
    updatedAtMs: record.updatedAtMs,
    notice,
  };
}

export type { SaleAction, SaleSnapshot } from '../../shared/sale/sale-snapshot';
