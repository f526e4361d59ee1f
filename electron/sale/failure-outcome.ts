import { serviceErrorKinds, type ServiceFailure } from '../../shared/service-errors';
import type { OrderFailure } from '../journal/order-record';
import type { ReasonKind, SaleState } from '../../shared/sale/sale-states';

/** Where a failed request leaves its order, and who is to blame for the history line. */
export interface FailureOutcome {
  to: Extract<SaleState, 'outcome-unknown' | 'refused' | 'retry-refused' | 'failed'>;
  reasonKind: ReasonKind;
  failure: OrderFailure;
}

/**
 * The request of an order failed. Decisions:
 * - no answer to a POST: outcome unknown (retry with the same order_id, or void);
 * - the service refused (error envelope): refused; but when it refuses a *retry*, the first
 *   attempt may have gone through (e.g. a duplicate order_id): retry-refused, msg shown as is;
 * - anything else (no connection, bad answer, link failing our checks, token): failed, with
 *   the failure recorded and the same two ways out as outcome unknown. Not back to a draft:
 *   a draft would let the next press send a new order_id while the first may exist.
 */
export function failureOutcome(error: unknown, attempts: number): FailureOutcome {
  const failure = failureOf(error);
  switch (failure.kind) {
    case 'outcome-unknown':
      return { to: 'outcome-unknown', reasonKind: 'client', failure };
    case 'rejected':
      return { to: attempts > 1 ? 'retry-refused' : 'refused', reasonKind: 'service', failure };
    case 'invalid-token':
    case 'bad-response':
    case 'link-check-failed':
      return { to: 'failed', reasonKind: 'service', failure };
    default:
      return { to: 'failed', reasonKind: 'client', failure };
  }
}

/** A ServiceError's failure; anything else thrown while a POST was out is an unknown outcome. */
function failureOf(error: unknown): OrderFailure {
  const failure = (error as { failure?: Partial<ServiceFailure> } | null)?.failure;
  if (
    failure &&
    typeof failure.kind === 'string' &&
    (serviceErrorKinds as readonly string[]).includes(failure.kind)
  ) {
    return {
      kind: failure.kind,
      message: typeof failure.message === 'string' ? failure.message : '',
      serviceMessage: failure.serviceMessage ?? null,
      serviceCode: failure.serviceCode ?? null,
      httpStatus: failure.httpStatus ?? null,
    };
  }
  return {
    kind: 'outcome-unknown',
    message:
      'The request stopped with an unexpected error; it may or may not have reached the service.',
    serviceMessage: null,
    serviceCode: null,
    httpStatus: null,
  };
}
