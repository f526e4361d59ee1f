import type { PrintDocument } from '../../shared/printing/print-document';

/** An order id as the service gives it: what the receipt's QR code holds for look-up. */
export const sampleOrderId = '0b9f1c2e-5d4a-4c3b-9e8f-123456789abc';

/**
 * A receipt as the receipt builder makes it (text final, formatted for people), with the
 * characters a code page strategy must get right: accents, the euro sign, Ethereum's Ξ and a
 * CJK shop sign no single-byte code page has.
 */
export const sampleReceipt: PrintDocument = {
  kind: 'receipt',
  title: 'Receipt 7F3K-2QXA',
  blocks: [
    { type: 'title', text: 'Café Müller' },
    { type: 'text', text: '12 Rue de la Paix, Paris', align: 'center', small: true },
    { type: 'text', text: '東京 branch', align: 'center' },
    { type: 'rule' },
    { type: 'row', label: 'Receipt', value: '7F3K-2QXA' },
    { type: 'row', label: 'Date', value: '22/11/2026 10:04' },
    { type: 'rule' },
    { type: 'row', label: 'Amount', value: '€12.50' },
    { type: 'row', label: 'Total', value: '€12.50', bold: true },
    {
      type: 'row',
      label: 'Paid with Ether on the Ethereum network',
      value: 'Ξ0.004123456789012345',
    },
    { type: 'mark', text: 'COPY' },
    {
      type: 'text',
      text: 'Thank you for your visit. Keep this receipt: its code finds your order at the counter.',
    },
    { type: 'qr', data: sampleOrderId, caption: 'Order 0b9f1c2e' },
  ],
};
