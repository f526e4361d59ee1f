import { wallClockAt } from '../../shared/time-zone';
import { addAmounts, formatAmount } from '../../shared/money';
import { formatMoney } from '../../shared/pricing/shop-currency';
import type { OrderKind } from '../../shared/sale/sale-states';
import type { OrderRecord } from '../journal/order-record';

/** How facts of an order read on paper: every receipt and slip words them the same way. */

const two = (n: number) => String(n).padStart(2, '0');

/** "2026-11-25 09:14:03" on the shop's clock: the same digits on every paper and in every locale. */
export function shopDateTime(atMs: number, timeZone: string): string {
  const wall = wallClockAt(atMs, timeZone);
  const date = `${String(wall.year).padStart(4, '0')}-${two(wall.month)}-${two(wall.day)}`;
  return `${date} ${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}`;
}

export function paymentWayWords(kind: OrderKind): string {
  return kind === 'qr' ? 'QR code' : 'Tap to pay';
}

/** "12.345678 USDT": an amount of the order's asset, every digit kept (shared/money.ts). */
export function assetAmountWords(amount: string, order: OrderRecord): string {
  const text = formatAmount(amount, order.assetDecimals ?? 2);
  return order.asset ? `${text} ${order.asset}` : text;
}

/** What the customer's wallet paid: the amount plus the fee, in the asset. */
export function assetTotal(order: OrderRecord): string {
  return addAmounts(order.amount, order.fee);
}

export function isZero(amount: string): boolean {
  return /^0+(?:\.0+)?$/.test(amount);
}

/** "1 USDT = €0.9995" from the order's pricing, else "1 USDT = $1.00" from the link's rate_usd. */
export function rateWords(order: OrderRecord): string | null {
  const unit = order.asset ?? 'unit';
  if (order.pricing)
    return `1 ${unit} = ${formatMoney(order.pricing.price, order.pricing.currency)}`;
  if (order.link) return `1 ${unit} = ${formatMoney(order.link.rateUsd, 'USD')}`;
  return null;
}

/** The address (or footer) setting as its lines, blank ones dropped. */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
