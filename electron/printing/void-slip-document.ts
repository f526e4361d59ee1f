import type { PrintBlock, PrintDocument } from '../../shared/printing/print-document';
import { addAmounts } from '../../shared/money';
import { formatMoney } from '../../shared/pricing/shop-currency';
import { paidStates } from '../../shared/sale/sale-states';
import type { OrderEvent } from '../journal/order-record';
import type { ReceiptFacts } from './receipt-facts';
import { footBlocks, orderBlocks, shopBlocks } from './receipt-header';
import { assetAmountWords, assetTotal, shopDateTime } from './receipt-words';

/**
 * The event that voided a payment: the order's 'voided' event when the order was in a paid
 * state before it (a manager's void from the history); null for an order voided unpaid.
 */
export function voidedPaymentOf(events: readonly OrderEvent[]): OrderEvent | null {
  const voiding = events.findLast((event) => event.toState === 'voided');
  if (!voiding) return null;
  const paidBefore = events.some(
    (event) => event.atMs <= voiding.atMs && event !== voiding && paidStates.has(event.toState),
  );
  return paidBefore || (voiding.fromState !== null && paidStates.has(voiding.fromState))
    ? voiding
    : null;
}

/**
 * The slip for a voided order: "VOID" big, so the paper can never be mistaken for a receipt.
 * An order voided before any payment says no payment was taken and what was asked; a payment
 * voided after it was taken says so, with what was paid, who voided it, when and why.
 * Throws for an order that is not voided.
 */
export function voidSlipDocument(facts: ReceiptFacts): PrintDocument {
  const { order, voidedPayment } = facts;
  if (order.state !== 'voided')
    throw new RangeError(`voidSlipDocument: order ${order.orderId} is ${order.state}, not voided`);
  const blocks: PrintBlock[] = [...shopBlocks(facts), { type: 'rule' }];
  if (facts.copy) blocks.push({ type: 'mark', text: 'COPY' });
  blocks.push({ type: 'mark', text: 'VOID' });
  blocks.push({
    type: 'text',
    text: voidedPayment
      ? 'The payment for this order was voided after it was taken.'
      : 'This order was voided. No payment was taken for it.',
    align: 'center',
    bold: true,
  });
  // The moment it was voided: a voided order never moves again.
  blocks.push(...orderBlocks(facts, order.updatedAtMs), { type: 'rule' });
  if (order.pricing) {
    const total = addAmounts(order.pricing.moneyAmount, order.pricing.feeMoney);
    blocks.push({ type: 'row', label: 'Price', value: formatMoney(total, order.pricing.currency) });
  }
  blocks.push({
    type: 'row',
    label: voidedPayment ? 'Payment voided' : 'Asked',
    value: assetAmountWords(assetTotal(order), order),
    ...(voidedPayment ? { bold: true } : {}),
  });
  if (order.chainName) blocks.push({ type: 'row', label: 'Network', value: order.chainName });
  if (voidedPayment) {
    blocks.push({
      type: 'row',
      label: 'Voided at',
      value: shopDateTime(voidedPayment.atMs, facts.shop.timeZone),
    });
    if (voidedPayment.byName)
      blocks.push({ type: 'row', label: 'Voided by', value: voidedPayment.byName });
    if (voidedPayment.reason)
      blocks.push({ type: 'text', text: `Reason: ${voidedPayment.reason}` });
  }
  blocks.push({ type: 'rule' }, ...footBlocks(facts));
  return { kind: 'void-slip', title: `Void slip ${order.reference}`, blocks };
}
