import type { Clock } from '../../shared/clock';
import type { OrderPricing } from '../../shared/pricing/pricing-types';
import { compareServiceRate } from '../../shared/pricing/second-opinion';
import type { SaleState } from '../../shared/sale/sale-states';
import type { Asset } from '../../shared/wire/asset';
import type { GenerateQrRequest } from '../../shared/wire/requests';
import type { OrderJournal } from '../journal/order-journal';
import type { OrderRecord } from '../journal/order-record';
import type { CheckedPaymentLink } from '../service-client/checked-payment-link';
import { assetOf, orderLinkOf, qrRequestOf } from './qr-order-values';
import { recordRequestFailure } from './record-request-failure';
import { parseQrRequest } from './sale-input-checks';
import type { SaleParts } from './sale-parts';
import type { SaleTerms } from './sale-requests';
import type { SaleSnapshot } from './sale-snapshot';

/**
 * The QR order's life: journaled as requesting, generate_qr sent, the checked link shown
 * (or the amount difference put to the cashier first), the link expired by the clock.
 */

export interface NewQrOrder {
  /** Canonical amount and fee, already checked against the asset. */
  amount: string;
  fee: string;
  asset: Asset;
  chainName: string;
  terms: SaleTerms;
  /** The expired order this one replaces (a new link for the same sale). */
  replacesOrderId: string | null;
  /** How a price in money became `amount` and `fee`; null for an amount in asset units. */
  pricing: OrderPricing | null;
}

/** Makes the order and sends its generate_qr; resolves with the sale once the service answered. */
export function beginQrOrder(parts: SaleParts, order: NewQrOrder): Promise<SaleSnapshot> {
  const now = parts.clock.now();
  const identity = parts.newOrderId(now);
  const request = parseQrRequest({
    order_id: identity.orderId,
    amount: order.amount,
    asset: order.asset.asset,
    chain_id: order.asset.chain_id,
    currency: order.terms.currency,
    fee_value: order.fee,
    serial_number: order.terms.serialNumber,
  });
  // Journaled before the request exists on the wire: a crash from here on leaves a trace.
  const record = parts.journal.createOrder(
    {
      orderId: identity.orderId,
      reference: identity.reference,
      kind: 'qr',
      state: 'requesting',
      amount: request.amount,
      fee: request.fee_value,
      asset: request.asset,
      assetDecimals: order.asset.decimal,
      chainId: request.chain_id,
      chainName: order.chainName,
      currency: request.currency,
      serialNumber: request.serial_number,
      createdAtMs: now,
      attempts: 1,
      replacesOrderId: order.replacesOrderId,
      pricing: order.pricing,
      cashierId: parts.actor(),
      shiftId: parts.shiftId(),
    },
    {
      atMs: now,
      reasonKind: 'cashier',
      detail: order.replacesOrderId
        ? { action: 'new-link-for-expired', note: `replaces ${order.replacesOrderId}` }
        : { action: 'start-qr-sale' },
    },
  );
  parts.active.show(record);
  return parts.active.track(sendQr(parts, record, request));
}

/** Sends the order in doubt again under its order_id, with the body the journal holds. */
export function retryQrOrder(parts: SaleParts, record: OrderRecord): Promise<SaleSnapshot> {
  const requesting = parts.journal.transition({
    orderId: record.orderId,
    from: record.state,
    to: 'requesting',
    atMs: parts.clock.now(),
    reasonKind: 'cashier',
    detail: { action: 'retry-same-order' },
    patch: { countAttempt: true },
    actorId: parts.actor(),
  });
  parts.active.show(requesting);
  return parts.active.track(sendQr(parts, requesting, qrRequestOf(requesting)));
}

/** A new order (new order_id) for the same amount, fee, asset and chain as the expired one. */
export function newOrderForExpiredLink(
  parts: SaleParts,
  expired: OrderRecord,
): Promise<SaleSnapshot> {
  return beginQrOrder(parts, {
    amount: expired.amount,
    fee: expired.fee,
    asset: assetOf(expired),
    chainName: expired.chainName ?? '',
    terms: parts.terms(),
    replacesOrderId: expired.orderId,
    // Same sale, same money: the amount and fee keep the pricing they were made with.
    pricing: expired.pricing,
  });
}

/** Journals that the shown link's expire_at has passed (the clock's timer calls this). */
export function expireLink(journal: OrderJournal, clock: Clock, record: OrderRecord): OrderRecord {
  return journal.transition({
    orderId: record.orderId,
    from: record.state,
    to: 'expired',
    atMs: clock.now(),
    reasonKind: 'expiry',
    detail: { note: "the link's expire_at has passed" },
  });
}

async function sendQr(
  parts: SaleParts,
  record: OrderRecord,
  request: GenerateQrRequest,
): Promise<SaleSnapshot> {
  let link: CheckedPaymentLink;
  try {
    link = await parts.client.createPaymentLink(request, assetOf(record));
  } catch (error) {
    return recordRequestFailure(parts, record, 'requesting', error);
  }
  // A sale priced in money has the service's rate as a second opinion on the till's own.
  const opinion = record.pricing
    ? compareServiceRate({
        ourUsdPrice: record.pricing.usdPrice,
        serviceRateUsd: orderLinkOf(link).rateUsd,
        tolerancePercent: parts.terms().rateTolerancePercent,
      })
    : null;
  const agrees = link.amountMatches && (opinion?.within ?? true);
  const to: SaleState = agrees ? 'awaiting-payment' : 'amount-differs';
  const updated = parts.journal.transition({
    orderId: record.orderId,
    from: 'requesting',
    to,
    atMs: parts.clock.now(),
    reasonKind: 'service',
    detail: !link.amountMatches
      ? { note: `the link asks ${link.linkAmount}; requested ${link.requestedTotal}` }
      : opinion && !opinion.within
        ? {
            note: `the service's rate is ${opinion.differencePercent ?? 'unreadably'} % from the till's`,
          }
        : {},
    patch: {
      link: orderLinkOf(link),
      lastFailure: null,
      ...(opinion ? { rateDifferencePercent: opinion.differencePercent } : {}),
    },
  });
  return parts.active.show(updated);
}
