import type {
  EventActor,
  OrderDetail,
  OrderDetailEvent,
  VoidOffer,
} from '../../shared/history/order-detail';
import { paidStates } from '../../shared/sale/sale-states';
import type { OrderEvent, OrderRecord } from '../journal/order-record';
import { orderSummaryOf } from './order-summary';

export interface OrderDetailParts {
  /** The order's events, oldest first. */
  events: (orderId: string) => OrderEvent[];
  /** Another order, for the reference of the one this replaced. */
  find: (orderId: string) => OrderRecord | null;
  staffName: (staffId: string | null) => string | null;
  /** The order id of the sale on the sale screen, if any. */
  onScreenOrderId: () => string | null;
  timeZone: string;
}

/** An order with its whole history, as the history's detail view shows it. */
export function orderDetailOf(record: OrderRecord, parts: OrderDetailParts): OrderDetail {
  const link = record.link;
  const replaced = record.replacesOrderId === null ? null : parts.find(record.replacesOrderId);
  return {
    summary: orderSummaryOf(record, parts.staffName),
    timeZone: parts.timeZone,
    serialNumber: record.serialNumber,
    shiftId: record.shiftId,
    attempts: record.attempts,
    replaces:
      record.replacesOrderId === null
        ? null
        : { orderId: record.replacesOrderId, reference: replaced?.reference ?? null },
    pricing: record.pricing,
    rateDifferencePercent: record.rateDifferencePercent,
    link: link
      ? {
          qrUrl: link.qrUrl,
          linkAmount: link.linkAmount,
          amountMatches: link.amountMatches,
          rateUsd: link.rateUsd,
          expiresAtMs: link.expiryKnown ? link.expiresAtMs : null,
          expiryNote: link.expiryKnown
            ? null
            : (link.expiryNote ?? 'The link gave no usable expiry.'),
        }
      : null,
    events: parts.events(record.orderId).map((event) => eventOf(event, parts.staffName)),
    voiding: voidOfferFor(record, parts.onScreenOrderId()),
  };
}

function voidOfferFor(record: OrderRecord, onScreenOrderId: string | null): VoidOffer {
  if (!paidStates.has(record.state)) return 'not-paid';
  return record.orderId === onScreenOrderId ? 'on-screen' : 'allowed';
}

function eventOf(
  event: OrderEvent,
  staffName: (staffId: string | null) => string | null,
): OrderDetailEvent {
  const { detail } = event;
  const requestedBy = detail.requestedBy ?? null;
  return {
    atMs: event.atMs,
    fromState: event.fromState,
    toState: event.toState,
    reasonKind: event.reasonKind,
    actor: actorOf(event, staffName),
    requestedBy: requestedBy ? { staffId: requestedBy, name: staffName(requestedBy) } : null,
    action: detail.action ?? null,
    note: detail.note ?? null,
    message: detail.message ?? null,
    serviceMessage: detail.serviceMessage ?? null,
    serviceCode: detail.serviceCode ?? null,
    httpStatus: detail.httpStatus ?? null,
  };
}

/**
 * A person when the event names one; otherwise who the reason says: the service answered,
 * or the till acted by itself (the clock, a restart, a request with no answer). A person's
 * act with nobody named was made with nobody signed in.
 */
function actorOf(
  event: OrderEvent,
  staffName: (staffId: string | null) => string | null,
): EventActor {
  if (event.actorId !== null)
    return { kind: 'staff', staffId: event.actorId, name: staffName(event.actorId) };
  if (event.reasonKind === 'service') return { kind: 'service' };
  if (event.reasonKind === 'cashier') return { kind: 'nobody-signed-in' };
  return { kind: 'till' };
}
