import type { OrderRecord } from '../journal/order-record';

/**
 * An order's price in the shop's currency as the reports list it (currency, amount, fee), or
 * null for an order typed in asset units.
 */
export function moneyOf(
  order: OrderRecord,
): { currency: string; amount: string; fee: string } | null {
  return order.pricing
    ? {
        currency: order.pricing.currency,
        amount: order.pricing.moneyAmount,
        fee: order.pricing.feeMoney,
      }
    : null;
}
