import { describe, expect, it } from 'vitest';
import type { PrintBlock, PrintDocument } from '../../../shared/printing/print-document';
import { receiptDocument } from '../../../electron/printing/receipt-document';
import type { OrderEvent } from '../../../electron/journal/order-record';
import { voidedPaymentOf, voidSlipDocument } from '../../../electron/printing/void-slip-document';
import { paidOrder, receiptFacts } from '../../support/receipt-fixtures';

const rows = (document: PrintDocument) =>
  Object.fromEntries(
    document.blocks
      .filter((block): block is Extract<PrintBlock, { type: 'row' }> => block.type === 'row')
      .map((block) => [block.label, block.value]),
  );
const marks = (document: PrintDocument) =>
  document.blocks.filter((block) => block.type === 'mark').map((block) => block.text);
const texts = (document: PrintDocument) =>
  document.blocks.flatMap((block) =>
    block.type === 'text' || block.type === 'title' ? [block.text] : [],
  );

describe('the receipt of a paid order', () => {
  it('names the shop, the moment on its clock, the till, the order, the cashier, the money and the way', () => {
    const receipt = receiptDocument(receiptFacts());
    expect(receipt.kind).toBe('receipt');
    expect(receipt.title).toBe('Receipt 7F3K-2QXA');
    expect(texts(receipt)).toEqual([
      'Café Lumen',
      'Torstraße 12',
      '10119 Berlin',
      'Tax id: DE123456789',
      'Thank you for your visit!',
    ]);
    expect(rows(receipt)).toEqual({
      Date: '2026-11-25 09:14:03',
      Till: 'POS-0042',
      Order: '7F3K-2QXA',
      Cashier: 'Ana',
      Payment: 'QR code',
      Price: '€12.00',
      Fee: '€0.30',
      Total: '€12.30',
      Paid: '13.331666 USDT',
      Network: 'Ethereum',
      Rate: '1 USDT = €0.9226',
    });
    expect(marks(receipt)).toEqual([]);
    expect(receipt.blocks).toContainEqual({
      type: 'qr',
      data: '0f8e2c1a-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
      caption: 'Order id 0f8e2c1a-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    });
  });

  it('marks a reprint COPY and a late payment PAID LATE', () => {
    const late = receiptDocument(
      receiptFacts({ order: paidOrder({ state: 'paid-after-all' }), copy: true }),
    );
    expect(marks(late)).toEqual(['COPY', 'PAID LATE']);
  });

  it('says Tap to pay for an NFC payment and prints asset units when no money price was typed', () => {
    const receipt = receiptDocument(
      receiptFacts({
        order: paidOrder({ kind: 'nfc', state: 'accepted-by-service', pricing: null, fee: '0' }),
        cashierName: null,
      }),
    );
    const seen = rows(receipt);
    expect(seen.Payment).toBe('Tap to pay');
    expect(seen.Amount).toBeUndefined();
    expect(seen.Fee).toBeUndefined();
    expect(seen.Paid).toBe('13.006503 USDT');
    expect(seen.Cashier).toBeUndefined();
    expect(seen.Rate).toBe('1 USDT = $1.00');
  });

  it('prints the amount and the fee in asset units when a fee was asked', () => {
    const seen = rows(receiptDocument(receiptFacts({ order: paidOrder({ pricing: null }) })));
    expect(seen).toMatchObject({
      Amount: '13.006503 USDT',
      Fee: '0.325163 USDT',
      Paid: '13.331666 USDT',
    });
  });

  it("prints the shop time zone's date, not UTC's", () => {
    const receipt = receiptDocument(
      receiptFacts({ shop: { ...receiptFacts().shop, timeZone: 'America/New_York' } }),
    );
    expect(rows(receipt).Date).toBe('2026-11-25 03:14:03');
  });

  it('refuses an order that was not paid: no receipt for money not taken', () => {
    for (const state of ['awaiting-payment', 'cancelled', 'voided', 'expired'] as const) {
      expect(() => receiptDocument(receiptFacts({ order: paidOrder({ state }) }))).toThrow(
        /not paid/,
      );
    }
  });
});

describe('the void slip', () => {
  it('says VOID and that no payment was taken, with what was asked', () => {
    const slip = voidSlipDocument(receiptFacts({ order: paidOrder({ state: 'voided' }) }));
    expect(slip.kind).toBe('void-slip');
    expect(marks(slip)).toEqual(['VOID']);
    expect(texts(slip)).toContain('This order was voided. No payment was taken for it.');
    expect(rows(slip)).toMatchObject({
      Order: '7F3K-2QXA',
      Asked: '13.331666 USDT',
      Price: '€12.30',
    });
    expect(rows(slip).Paid).toBeUndefined();
  });

  it('marks a reprinted slip COPY and refuses an order that is not voided', () => {
    const copy = voidSlipDocument(
      receiptFacts({ order: paidOrder({ state: 'voided' }), copy: true }),
    );
    expect(marks(copy)).toEqual(['COPY', 'VOID']);
    expect(() => voidSlipDocument(receiptFacts())).toThrow(/not voided/);
  });

  it('says the payment was voided, with the amount, who voided it, when and why, for an order voided after payment', () => {
    const voidedAtMs = Date.UTC(2026, 10, 25, 15, 40, 0);
    const slip = voidSlipDocument(
      receiptFacts({
        order: paidOrder({ state: 'voided' }),
        voidedPayment: { atMs: voidedAtMs, byName: 'Mia', reason: 'Customer changed mind' },
      }),
    );
    expect(marks(slip)).toEqual(['VOID']);
    expect(texts(slip)).toContain('The payment for this order was voided after it was taken.');
    expect(texts(slip)).not.toContain('This order was voided. No payment was taken for it.');
    expect(texts(slip)).toContain('Reason: Customer changed mind');
    expect(rows(slip)).toMatchObject({
      'Payment voided': '13.331666 USDT',
      'Voided by': 'Mia',
      'Voided at': '2026-11-25 16:40:00',
      Price: '€12.30',
    });
    expect(rows(slip).Asked).toBeUndefined();
  });
});

describe('a voided payment in the journal', () => {
  const event = (
    fromState: OrderEvent['fromState'],
    toState: OrderEvent['toState'],
    atMs: number,
  ) =>
    ({
      orderId: 'o',
      atMs,
      fromState,
      toState,
      reasonKind: 'cashier',
      detail: toState === 'voided' ? { note: 'wrong amount' } : {},
      actorId: toState === 'voided' ? 'manager-1' : null,
    }) as OrderEvent;

  it('is the voided event of an order paid before it, and nothing for one voided unpaid', () => {
    const paidThenVoided = [
      event(null, 'awaiting-payment', 1),
      event('awaiting-payment', 'paid-confirmed-by-cashier', 2),
      event('paid-confirmed-by-cashier', 'voided', 3),
    ];
    expect(voidedPaymentOf(paidThenVoided)).toMatchObject({ actorId: 'manager-1', atMs: 3 });
    const voidedUnpaid = [
      event(null, 'awaiting-payment', 1),
      event('awaiting-payment', 'outcome-unknown', 2),
      event('outcome-unknown', 'voided', 3),
    ];
    expect(voidedPaymentOf(voidedUnpaid)).toBeNull();
    expect(voidedPaymentOf([])).toBeNull();
  });
});
