import { isOrderId, normaliseReference, REFERENCE_ALPHABET } from '../../shared/order-id';
import type { OrderRecord } from '../journal/order-record';
import type { OrderReportSource } from '../journal/report-source';

const REFERENCE = new RegExp(`^[${REFERENCE_ALPHABET}]{6}$`);

/**
 * "Did the last payment go through?": finds orders by full order id or by the short
 * reference the cashier reads out, however it was typed ('k7m q4x', 'K7MQ4X', 'K7M-Q4X').
 * References are not unique over years, so every match is listed, newest first.
 */
export function searchOrders(source: OrderReportSource, query: string, limit = 50): OrderRecord[] {
  const text = query.trim();
  if (isOrderId(text)) {
    const found = source.findByOrderId(text.toLowerCase());
    return found ? [found] : [];
  }
  const reference = normaliseReference(text);
  if (!REFERENCE.test(reference)) return [];
  return source.findByReference(`${reference.slice(0, 3)}-${reference.slice(3)}`, limit);
}
