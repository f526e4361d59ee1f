import type { PrintBlock, PrintDocument } from '../../shared/printing/print-document';
import { addAmounts } from '../../shared/money';
import { formatMoney } from '../../shared/pricing/shop-currency';
import type { ReceiptFacts } from './receipt-facts';
import { footBlocks, orderBlocks, shopBlocks } from './receipt-header';
import { assetAmountWords, assetTotal } from './receipt-words';

/**
 * The slip for a voided order: "VOID" big, what was asked and that no payment was taken, so
 * the paper can never be mistaken for a receipt. Throws for an order that is not voided.
 */
export function voidSlipDocument(facts: ReceiptFacts): PrintDocument {
  const { order } = facts;
  if (order.state !== 'voided')
    throw new RangeError(`voidSlipDocument: order ${order.orderId} is ${order.state}, not voided`);
  const blocks: PrintBlock[] = [...shopBlocks(facts), { type: 'rule' }];
  if (facts.copy) blocks.push({ type: 'mark', text: 'COPY' });
  blocks.push({ type: 'mark', text: 'VOID' });
  blocks.push({
    type: 'text',
    text: 'This order was voided. No payment was taken for it.',
    align: 'center',
    bold: true,
  });
  // The moment it was voided: a voided order never moves again.
  blocks.push(...orderBlocks(facts, order.updatedAtMs), { type: 'rule' });
  if (order.pricing) {
    const total = addAmounts(order.pricing.moneyAmount, order.pricing.feeMoney);
    blocks.push({ type: 'row', label: 'Price', value: formatMoney(total, order.pricing.currency) });
  }
  blocks.push({ type: 'row', label: 'Asked', value: assetAmountWords(assetTotal(order), order) });
  if (order.chainName) blocks.push({ type: 'row', label: 'Network', value: order.chainName });
  blocks.push({ type: 'rule' }, ...footBlocks(facts));
  return { kind: 'void-slip', title: `Void slip ${order.reference}`, blocks };
}
