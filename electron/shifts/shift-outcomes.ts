import { paidStates, type SaleState } from '../../shared/sale/sale-states';
import type { Outcome } from '../../shared/shifts/shift-report-types';

export const outcomes: readonly Outcome[] = ['paid', 'cancelled', 'expired', 'unknown'];

/**
 * The bucket of an order by its state:
 * - paid: a paid state (`paidStates`: confirmed by the cashier, accepted by the service, paid
 *   after all);
 * - cancelled: 'cancelled' alone (the cashier stopped the sale before any payment);
 * - expired: 'expired' (the link ran out unpaid);
 * - unknown: everything else, where the till cannot say money was taken: refused, voided
 *   (also listed one by one), failed, outcome-unknown, retry-refused, and any order still open.
 */
export function outcomeOf(state: SaleState): Outcome {
  if (paidStates.has(state)) return 'paid';
  if (state === 'cancelled') return 'cancelled';
  if (state === 'expired') return 'expired';
  return 'unknown';
}
