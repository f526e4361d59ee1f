import type { SaleState } from '../../shared/sale/sale-states';
import type { EventDetail, OrderRecord } from '../journal/order-record';
import { failureOutcome } from './failure-outcome';
import type { SaleParts } from './sale-parts';
import type { SaleSnapshot } from './sale-snapshot';

/**
 * A request of the order failed: journals where that leaves the order (failure-outcome.ts)
 * with the failure in the history line, and shows it. Shared by the QR and NFC steps.
 */
export function recordRequestFailure(
  parts: SaleParts,
  record: OrderRecord,
  from: SaleState,
  error: unknown,
): SaleSnapshot {
  const outcome = failureOutcome(error, record.attempts);
  const { failure } = outcome;
  const detail: EventDetail = { errorKind: failure.kind, message: failure.message };
  if (failure.serviceMessage !== null) detail.serviceMessage = failure.serviceMessage;
  if (failure.serviceCode !== null) detail.serviceCode = failure.serviceCode;
  if (failure.httpStatus !== null) detail.httpStatus = failure.httpStatus;
  const updated = parts.journal.transition({
    orderId: record.orderId,
    from,
    to: outcome.to,
    atMs: parts.clock.now(),
    reasonKind: outcome.reasonKind,
    detail,
    patch: { lastFailure: failure },
  });
  return parts.active.show(updated);
}
