import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SaleService } from '../../../electron/sale/sale-service';
import { OUTCOME_HOLD_MS } from '../../../shared/sale/wait-screen';
import { ManualClock } from '../../support/manual-clock';
import { FakeSaleClient, linkFor, serviceError } from '../../support/sale-fake-client';
import {
  nextChange,
  tempJournal,
  testAsset,
  testChain,
  testTerms,
  type TempJournal,
} from '../../support/sale-fixtures';

// A QR link is never withdrawn at the service: the customer may pay it after it expired or
// after the cashier cancelled. "Paid after all" records that on the same order, never a new one.
describe('SaleService: paid after all', () => {
  let clock: ManualClock;
  let temp: TempJournal;
  let client: FakeSaleClient;
  let sale: SaleService;

  beforeEach(() => {
    clock = new ManualClock();
    temp = tempJournal(clock);
    client = new FakeSaleClient();
    sale = new SaleService({ journal: temp.journal, client, clock, terms: () => testTerms });
  });
  afterEach(() => temp.cleanup());

  async function shownLink(expiresInMs = 60_000): Promise<string> {
    const pending = sale.startQrSale({ amount: '12.50', asset: testAsset, chain: testChain });
    const call = client.lastQr();
    const changed = nextChange(sale);
    call.resolve(
      linkFor(call.request, {
        sentAtMs: clock.now(),
        expiry: { kind: 'known', atMs: clock.now() + expiresInMs, order: 'day-first' },
      }),
    );
    await changed;
    return (await pending).orderId;
  }

  it('records an expired link on screen as paid after all, with the reason, on the same order', async () => {
    const orderId = await shownLink();
    clock.advance(60_000);
    expect(sale.current()?.state).toBe('expired');
    const ordersBefore = temp.journal.openOrders().length;
    clock.advance(5_000);
    const snapshot = await sale.markPaidAfterAll(orderId, 'The customer’s wallet shows it paid');
    expect(snapshot).toMatchObject({ orderId, state: 'paid-after-all', terminal: true });
    expect(sale.current()?.state).toBe('paid-after-all');
    expect(temp.journal.events(orderId).at(-1)).toMatchObject({
      fromState: 'expired',
      toState: 'paid-after-all',
      reasonKind: 'cashier',
      atMs: clock.now(),
      detail: { action: 'paid-after-all', note: 'The customer’s wallet shows it paid' },
    });
    expect(temp.journal.openOrders()).toHaveLength(ordersBefore);
    expect(client.qrCalls).toHaveLength(1);
    // Then the till is ready for the next sale by itself.
    clock.advance(OUTCOME_HOLD_MS);
    expect(sale.current()).toBeNull();
  });

  it('records a cancelled order from the history, the sale on screen untouched', async () => {
    const cancelledId = await shownLink();
    await sale.cancel();
    clock.advance(OUTCOME_HOLD_MS);
    const onScreenId = await shownLink(900_000);
    const snapshot = await sale.markPaidAfterAll(cancelledId, 'Seen on the block explorer');
    expect(snapshot).toMatchObject({ orderId: cancelledId, state: 'paid-after-all' });
    expect(temp.journal.get(cancelledId)?.state).toBe('paid-after-all');
    expect(sale.current()).toMatchObject({ orderId: onScreenId, state: 'awaiting-payment' });
  });

  it('a new link for an expired one says the old link may still be paid; a refused request had none', async () => {
    await shownLink();
    clock.advance(60_000);
    const next = await (async () => {
      const pending = sale.newLinkForExpired();
      const call = client.lastQr();
      call.resolve(linkFor(call.request, { sentAtMs: clock.now() }));
      return pending;
    })();
    expect(next).toMatchObject({ state: 'awaiting-payment', replacedLinkMayBePaid: true });
    await sale.cancel();
    clock.advance(OUTCOME_HOLD_MS);

    const refused = sale.startQrSale({ amount: '3', asset: testAsset, chain: testChain });
    client.lastQr().reject(serviceError('rejected'));
    expect((await refused).state).toBe('refused');
    const again = sale.newLinkForExpired();
    const call = client.lastQr();
    call.resolve(linkFor(call.request, { sentAtMs: clock.now() }));
    expect(await again).toMatchObject({ amount: '3', replacedLinkMayBePaid: false });
  });

  it('refuses an order that is paid, still open, or unknown, and journals nothing', async () => {
    const orderId = await shownLink(900_000);
    await expect(sale.markPaidAfterAll(orderId, 'wallet')).rejects.toMatchObject({
      code: 'not-allowed',
    });
    await sale.confirmPaidByCashier();
    await expect(sale.markPaidAfterAll(orderId, 'wallet')).rejects.toMatchObject({
      code: 'not-allowed',
    });
    await expect(
      sale.markPaidAfterAll('0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', 'wallet'),
    ).rejects.toMatchObject({ code: 'not-allowed' });
    expect(temp.journal.events(orderId).map((event) => event.toState)).toEqual([
      'requesting',
      'awaiting-payment',
      'paid-confirmed-by-cashier',
    ]);
  });
});
