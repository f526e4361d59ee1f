import type { PrintBlock } from '../../shared/printing/print-document';
import type { ReceiptFacts } from './receipt-facts';
import { linesOf, paymentWayWords, shopDateTime } from './receipt-words';

/** The shop's name, address and tax id: the top of every receipt and slip. */
export function shopBlocks(facts: ReceiptFacts): PrintBlock[] {
  const { shop } = facts;
  const blocks: PrintBlock[] = [{ type: 'title', text: shop.name.trim() || 'Receipt' }];
  for (const line of linesOf(shop.address))
    blocks.push({ type: 'text', text: line, align: 'center' });
  if (shop.taxId.trim())
    blocks.push({ type: 'text', text: `Tax id: ${shop.taxId.trim()}`, align: 'center' });
  return blocks;
}

/** When, where and by whom: date and time on the shop's clock, till, order, cashier, way. */
export function orderBlocks(facts: ReceiptFacts, atMs: number): PrintBlock[] {
  const { order } = facts;
  const blocks: PrintBlock[] = [
    { type: 'row', label: 'Date', value: shopDateTime(atMs, facts.shop.timeZone) },
    { type: 'row', label: 'Till', value: order.serialNumber || '—' },
    { type: 'row', label: 'Order', value: order.reference },
  ];
  if (facts.cashierName) blocks.push({ type: 'row', label: 'Cashier', value: facts.cashierName });
  blocks.push({ type: 'row', label: 'Payment', value: paymentWayWords(order.kind) });
  return blocks;
}

/** The order id as a QR code, for looking the order up from the paper, and the shop's footer. */
export function footBlocks(facts: ReceiptFacts): PrintBlock[] {
  const blocks: PrintBlock[] = [
    { type: 'qr', data: facts.order.orderId, caption: `Order id ${facts.order.orderId}` },
  ];
  const footer = linesOf(facts.shop.footer);
  if (footer.length > 0) blocks.push({ type: 'rule' });
  for (const line of footer) blocks.push({ type: 'text', text: line, align: 'center' });
  return blocks;
}
