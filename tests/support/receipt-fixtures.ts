import type { OrderRecord } from '../../electron/journal/order-record';
import type { ReceiptFacts } from '../../electron/printing/receipt-facts';

/** 2026-11-25 09:14:03 in Berlin (08:14:03 UTC). */
const PAID_AT_MS = Date.UTC(2026, 10, 25, 8, 14, 3);

/**
 * A QR order priced in euros (12.00 + 0.30 fee) paid in USDT on Ethereum, confirmed by the
 * cashier; `fields` changes anything.
 */
export function paidOrder(fields: Partial<OrderRecord> = {}): OrderRecord {
  return {
    orderId: '0f8e2c1a-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    reference: '7F3K-2QXA',
    kind: 'qr',
    state: 'paid-confirmed-by-cashier',
    amount: '13.006503',
    fee: '0.325163',
    asset: 'USDT',
    assetDecimals: 6,
    chainId: '1',
    chainName: 'Ethereum',
    currency: 'EUR',
    serialNumber: 'POS-0042',
    createdAtMs: PAID_AT_MS - 60_000,
    updatedAtMs: PAID_AT_MS,
    attempts: 1,
    replacesOrderId: null,
    cashierId: 'staff-1',
    shiftId: 3,
    pricing: {
      currency: 'EUR',
      moneyAmount: '12',
      feeMoney: '0.3',
      price: '0.9226',
      usdPrice: '1',
      usdPerUnit: '1.0839',
      source: 'peg',
      crossSource: 'fixed',
      asOfMs: PAID_AT_MS - 90_000,
      rounding: 'up-to-asset-decimals',
    },
    rateDifferencePercent: null,
    link: {
      qrUrl: 'https://pay.example.com/p/abc',
      rateUsd: '1',
      expireAtRaw: '2026-11-25 08:29:03',
      expiresAtMs: PAID_AT_MS + 900_000,
      expiryKnown: true,
      expiryNote: null,
      linkAmount: '13.331666',
      amountMatches: true,
    },
    lastFailure: null,
    ...fields,
  };
}

export function receiptFacts(fields: Partial<ReceiptFacts> = {}): ReceiptFacts {
  return {
    order: paidOrder(),
    shop: {
      name: 'Café Lumen',
      address: 'Torstraße 12\n10119 Berlin',
      taxId: 'DE123456789',
      footer: 'Thank you for your visit!',
      timeZone: 'Europe/Berlin',
    },
    cashierName: 'Ana',
    copy: false,
    ...fields,
  };
}
