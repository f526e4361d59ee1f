import { inFlightStates, linkShownStates } from '../../shared/sale/sale-states';
import type { OrderJournal } from '../journal/order-journal';
import type { OrderRecord } from '../journal/order-record';

/**
 * At start: what the journal says was open, brought up to date. A request that was on the
 * wire when the app stopped is now of unknown outcome (reason `restart`); a shown link that
 * expired meanwhile is expired; anything else comes back as it was. Nothing is re-sent: the
 * cashier resolves an order in doubt by retrying the same order_id or voiding it.
 * Returns the newest open order, the one the till shows.
 */
export function recoverOpenOrders(journal: OrderJournal, nowMs: number): OrderRecord | null {
  const recovered = journal.openOrders().map((order) => recoverOne(journal, order, nowMs));
  return recovered[0] ?? null;
}

function recoverOne(journal: OrderJournal, order: OrderRecord, nowMs: number): OrderRecord {
  if (inFlightStates.has(order.state)) {
    return journal.transition({
      orderId: order.orderId,
      from: order.state,
      to: 'outcome-unknown',
      atMs: nowMs,
      reasonKind: 'restart',
      detail: { note: 'the app stopped while this request was on the wire' },
      patch: {
        lastFailure: {
          kind: 'outcome-unknown',
          message:
            'The till stopped before the service answered. The request may have gone through: retry the same order or void it.',
          serviceMessage: null,
          serviceCode: null,
          httpStatus: null,
        },
      },
    });
  }
  const expiresAtMs = order.link?.expiryKnown ? order.link.expiresAtMs : null;
  if (linkShownStates.has(order.state) && expiresAtMs !== null && expiresAtMs <= nowMs) {
    return journal.transition({
      orderId: order.orderId,
      from: order.state,
      to: 'expired',
      atMs: nowMs,
      reasonKind: 'restart',
      detail: { note: 'the link expired while the app was not running' },
    });
  }
  return order;
}
