import { paidStates } from '../../shared/sale/sale-states';
import type { PrintBlock, PrintDocument } from '../../shared/printing/print-document';
import { addAmounts } from '../../shared/money';
import { formatMoney } from '../../shared/pricing/shop-currency';
import type { ReceiptFacts } from './receipt-facts';
import { footBlocks, orderBlocks, shopBlocks } from './receipt-header';
import { assetAmountWords, assetTotal, isZero, rateWords } from './receipt-words';

/**
 * The customer's receipt for a paid order (a QR payment the cashier confirmed, a tap the
 * service accepted, or a link paid after all). Pure: the same facts give the same document.
 * A late payment carries "PAID LATE", a reprint "COPY", both where no one can miss them.
 * Throws for an order that was not paid: a receipt must never be printed for one.
 */
export function receiptDocument(facts: ReceiptFacts): PrintDocument {
  const { order } = facts;
  if (!paidStates.has(order.state))
    throw new RangeError(`receiptDocument: order ${order.orderId} is ${order.state}, not paid`);
  const blocks: PrintBlock[] = [...shopBlocks(facts), { type: 'rule' }];
  if (facts.copy) blocks.push({ type: 'mark', text: 'COPY' });
  if (order.state === 'paid-after-all') {
    blocks.push({ type: 'mark', text: 'PAID LATE' });
    blocks.push({
      type: 'text',
      text: 'Paid after the payment link had expired or was cancelled.',
      align: 'center',
      small: true,
    });
  }
  // The moment it was paid: the order's last change, since a paid order never moves again.
  blocks.push(...orderBlocks(facts, order.updatedAtMs), { type: 'rule' });
  blocks.push(...moneyBlocks(facts), { type: 'rule' });
  blocks.push(...footBlocks(facts));
  return { kind: 'receipt', title: `Receipt ${order.reference}`, blocks };
}

/** The price in the shop's currency (when it was priced in money), then what the wallet paid. */
function moneyBlocks({ order }: ReceiptFacts): PrintBlock[] {
  const blocks: PrintBlock[] = [];
  const { pricing } = order;
  if (pricing) {
    const money = (amount: string) => formatMoney(amount, pricing.currency);
    blocks.push({ type: 'row', label: 'Price', value: money(pricing.moneyAmount) });
    if (!isZero(pricing.feeMoney))
      blocks.push({ type: 'row', label: 'Fee', value: money(pricing.feeMoney) });
    blocks.push({
      type: 'row',
      label: 'Total',
      value: money(addAmounts(pricing.moneyAmount, pricing.feeMoney)),
      bold: true,
    });
  } else if (!isZero(order.fee)) {
    // Typed in asset units: the amount and the fee, when there is one, above what was paid.
    blocks.push({ type: 'row', label: 'Amount', value: assetAmountWords(order.amount, order) });
    blocks.push({ type: 'row', label: 'Fee', value: assetAmountWords(order.fee, order) });
  }
  blocks.push({
    type: 'row',
    label: 'Paid',
    value: assetAmountWords(assetTotal(order), order),
    bold: pricing === null,
  });
  if (order.chainName) blocks.push({ type: 'row', label: 'Network', value: order.chainName });
  const rate = rateWords(order);
  if (rate) blocks.push({ type: 'row', label: 'Rate', value: rate });
  return blocks;
}
