import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SaleService } from '../../../electron/sale/sale-service';
import { OUTCOME_HOLD_MS } from '../../../shared/sale/wait-screen';
import { ManualClock } from '../../support/manual-clock';
import { newQrOrder } from '../../support/order-fixtures';
import { FakeSaleClient, linkFor } from '../../support/sale-fake-client';
import {
  nextChange,
  tempJournal,
  testAsset,
  testChain,
  testTerms,
  type TempJournal,
} from '../../support/sale-fixtures';

// A manager voids a payment taken, from the history: one more event on the same order
// (paid -> voided), never a deletion, and never the sale still on the sale screen.
describe('SaleService: voiding a paid order', () => {
  let clock: ManualClock;
  let temp: TempJournal;
  let client: FakeSaleClient;
  let sale: SaleService;
  const manager = { actorId: 'manager-1', requestedBy: 'cashier-1' };

  beforeEach(() => {
    clock = new ManualClock();
    temp = tempJournal(clock);
    client = new FakeSaleClient();
    sale = new SaleService({ journal: temp.journal, client, clock, terms: () => testTerms });
  });
  afterEach(() => temp.cleanup());

  async function paidQrSale(): Promise<string> {
    const pending = sale.startQrSale({ amount: '12.50', asset: testAsset, chain: testChain });
    const call = client.lastQr();
    const changed = nextChange(sale);
    call.resolve(linkFor(call.request, { sentAtMs: clock.now() }));
    await changed;
    const { orderId } = await pending;
    await sale.confirmPaidByCashier();
    return orderId;
  }

  it('voids a paid QR order once it left the screen, with the reason, the manager and who asked', async () => {
    const orderId = await paidQrSale();
    await expect(sale.voidPaidOrder(orderId, 'Refunded', manager)).rejects.toMatchObject({
      code: 'sale-on-screen',
    });
    expect(sale.onScreenOrderId()).toBe(orderId);
    clock.advance(OUTCOME_HOLD_MS);
    expect(sale.onScreenOrderId()).toBeNull();

    const voided = await sale.voidPaidOrder(orderId, 'Refunded', manager);
    expect(voided).toMatchObject({ orderId, state: 'voided' });
    expect(temp.journal.events(orderId).at(-1)).toMatchObject({
      fromState: 'paid-confirmed-by-cashier',
      toState: 'voided',
      reasonKind: 'cashier',
      actorId: 'manager-1',
      atMs: clock.now(),
      detail: { action: 'void-paid', note: 'Refunded', requestedBy: 'cashier-1' },
    });
    await expect(sale.voidPaidOrder(orderId, 'Refunded', manager)).rejects.toMatchObject({
      code: 'not-allowed',
    });
  });

  it('voids an NFC payment the service accepted; the manager alone is named', async () => {
    const order = { ...newQrOrder({ orderId: 'nfc-1', reference: 'NFC-001', createdAtMs: 0 }) };
    temp.journal.createOrder(
      { ...order, kind: 'nfc', state: 'waiting-for-tap', fee: '0' },
      { atMs: 0, reasonKind: 'cashier' },
    );
    const step = (
      from: 'waiting-for-tap' | 'submitting',
      to: 'submitting' | 'accepted-by-service',
    ) =>
      temp.journal.transition({
        orderId: 'nfc-1',
        from,
        to,
        atMs: 1,
        reasonKind: to === 'submitting' ? 'client' : 'service',
      });
    step('waiting-for-tap', 'submitting');
    step('submitting', 'accepted-by-service');
    await sale.voidPaidOrder('nfc-1', 'Wrong asset', { actorId: 'manager-1', requestedBy: null });
    const last = temp.journal.events('nfc-1').at(-1);
    expect(last).toMatchObject({ fromState: 'accepted-by-service', toState: 'voided' });
    expect(last?.detail).toEqual({ action: 'void-paid', note: 'Wrong asset' });
  });

  it('refuses an unpaid or unknown order and journals nothing', async () => {
    const pending = sale.startQrSale({ amount: '3', asset: testAsset, chain: testChain });
    const call = client.lastQr();
    call.resolve(linkFor(call.request, { sentAtMs: clock.now() }));
    const { orderId } = await pending;
    await sale.cancel();
    clock.advance(OUTCOME_HOLD_MS);
    await expect(sale.voidPaidOrder(orderId, 'x', manager)).rejects.toMatchObject({
      code: 'not-allowed',
    });
    await expect(
      sale.voidPaidOrder('0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', 'x', manager),
    ).rejects.toMatchObject({ code: 'no-order' });
    expect(temp.journal.events(orderId).map((event) => event.toState)).toEqual([
      'requesting',
      'awaiting-payment',
      'cancelled',
    ]);
  });
});
