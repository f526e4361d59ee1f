import { describe, expect, it } from 'vitest';
import type { SaleSnapshot } from '../../../../shared/sale/sale-snapshot';
import { paidStates, type SaleState } from '../../../../shared/sale/sale-states';
import { soundForSaleChange } from '../../../../renderer/cashier/feedback/sale-sounds';
import { saleSnapshot } from './cashier-fixtures';

const sale = (state: SaleState, patch: Partial<SaleSnapshot> = {}) =>
  saleSnapshot({ state, ...patch });
const nfc = (state: SaleState, patch: Partial<SaleSnapshot> = {}) =>
  sale(state, { kind: 'nfc', ...patch });
const GARBAGE = 'That was not a payment card. Ask the customer to tap again.';

describe('which sound a change of the sale makes', () => {
  it.each([
    ['an NFC payment accepted', nfc('submitting'), nfc('accepted-by-service'), 'accepted'],
    [
      'a QR payment the cashier confirmed',
      sale('awaiting-payment'),
      sale('paid-confirmed-by-cashier'),
      'accepted',
    ],
    [
      'a lost answer the wallet showed paid',
      nfc('outcome-unknown'),
      nfc('paid-confirmed-by-cashier'),
      'accepted',
    ],
    ['an expired link paid after all', sale('expired'), sale('paid-after-all'), 'accepted'],
    [
      'a tap straight to accepted (events merged)',
      nfc('waiting-for-tap'),
      nfc('accepted-by-service'),
      'accepted',
    ],
    ['a card refused', nfc('submitting'), nfc('refused'), 'error'],
    ['a link refused', sale('requesting'), sale('refused'), 'error'],
    ['a failure', sale('requesting'), sale('failed'), 'error'],
    ['an answer lost', nfc('submitting'), nfc('outcome-unknown'), 'error'],
    ['a retry refused', nfc('submitting'), nfc('retry-refused'), 'error'],
  ] as const)('%s', (_name, previous, next, sound) => {
    expect(soundForSaleChange(previous, next)).toBe(sound);
  });

  it.each([
    // A tap is answered by its own sound ('nfc-tap', tap-sounds.ts), not by the sale's change.
    ['a card read', nfc('waiting-for-tap'), nfc('submitting')],
    ['a tap the till refused', nfc('waiting-for-tap'), nfc('waiting-for-tap', { notice: GARBAGE })],
    [
      'another refused tap with the same words',
      nfc('waiting-for-tap', { notice: GARBAGE }),
      nfc('waiting-for-tap', { notice: GARBAGE }),
    ],
    ['a link shown', sale('requesting'), sale('awaiting-payment')],
    ['a link that asks another amount', sale('requesting'), sale('amount-differs')],
    ['a sale cancelled', sale('awaiting-payment'), sale('cancelled')],
    ['a link expired', sale('awaiting-payment'), sale('expired')],
    ['an order voided', sale('failed'), sale('voided')],
    ['a retry waiting for a new tap', nfc('failed'), nfc('waiting-for-tap')],
    ['a retry asking again', sale('outcome-unknown'), sale('requesting')],
    [
      'the same state again',
      sale('awaiting-payment'),
      sale('awaiting-payment', { updatedAtMs: 9 }),
    ],
    ['a notice cleared', nfc('waiting-for-tap', { notice: GARBAGE }), nfc('waiting-for-tap')],
    ['a new sale', nfc('waiting-for-tap'), nfc('submitting', { orderId: 'another-order' })],
    [
      'a paid sale from another order',
      sale('awaiting-payment'),
      sale('paid-confirmed-by-cashier', { orderId: 'b' }),
    ],
    ['the first sale the page sees', null, sale('paid-confirmed-by-cashier')],
    ['a sale cleared', sale('paid-confirmed-by-cashier'), null],
  ] as const)('silent for %s', (_name, previous, next) => {
    expect(soundForSaleChange(previous, next)).toBeNull();
  });

  it('buzzes for a new sale already in trouble when the page first sees it (an instant refusal)', () => {
    expect(soundForSaleChange(null, sale('refused'))).toBe('error');
    expect(soundForSaleChange(sale('cancelled'), sale('failed', { orderId: 'b' }))).toBe('error');
    expect(soundForSaleChange(null, sale('requesting'))).toBeNull();
  });

  it('is silent for the very same snapshot, notice and all', () => {
    const refused = nfc('waiting-for-tap', { notice: GARBAGE });
    expect(soundForSaleChange(refused, refused)).toBeNull();
  });

  it('chimes for every state the reports count as paid', () => {
    for (const state of paidStates)
      expect(soundForSaleChange(sale('awaiting-payment'), sale(state)), state).toBe('accepted');
  });
});
