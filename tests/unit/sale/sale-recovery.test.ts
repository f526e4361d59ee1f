import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteOrderJournal } from '../../../electron/journal/sqlite-order-journal';
import { SaleService } from '../../../electron/sale/sale-service';
import { ManualClock } from '../../support/manual-clock';
import { FakeSaleClient, linkFor } from '../../support/sale-fake-client';
import { tapOnScreenSale } from '../../support/sale-tap';
import {
  tempJournal,
  testAsset,
  testChain,
  testTerms,
  type TempJournal,
} from '../../support/sale-fixtures';

/** A "restart": a fresh journal connection and service over the same file, as after a crash. */
describe('SaleService.recover', () => {
  let clock: ManualClock;
  let temp: TempJournal;
  let reopened: SqliteOrderJournal | null;

  beforeEach(() => {
    clock = new ManualClock();
    temp = tempJournal(clock);
    reopened = null;
  });
  afterEach(() => {
    reopened?.close();
    temp.cleanup();
  });

  const before = () => {
    const client = new FakeSaleClient();
    return {
      client,
      sale: new SaleService({ journal: temp.journal, client, clock, terms: () => testTerms }),
    };
  };
  /** The old process is gone (its timers with it): a new clock, journal and service. */
  const after = (downForMs = 0) => {
    temp.journal.close();
    const newClock = new ManualClock(clock.now() + downForMs);
    reopened = new SqliteOrderJournal({ path: temp.path, clock: newClock });
    const client = new FakeSaleClient();
    const sale = new SaleService({
      journal: reopened,
      client,
      clock: newClock,
      terms: () => testTerms,
    });
    return { client, journal: reopened, sale, clock: newClock };
  };

  it('with nothing open there is no sale', async () => {
    const { sale } = after();
    expect(await sale.recover()).toBeNull();
  });

  it('a request on the wire at the crash becomes outcome unknown (reason restart), nothing re-sent', async () => {
    const { sale } = before();
    void sale.startQrSale({ amount: '1', asset: testAsset, chain: testChain });
    const orderId = sale.current()?.orderId as string;
    const next = after();
    const recovered = await next.sale.recover();
    expect(recovered).toMatchObject({
      orderId,
      state: 'outcome-unknown',
      lastFailure: { kind: 'outcome-unknown' },
    });
    expect(recovered?.allowedActions).toEqual(['retrySameOrder', 'voidOrder']);
    expect(next.journal.events(orderId).at(-1)).toMatchObject({
      fromState: 'requesting',
      toState: 'outcome-unknown',
      reasonKind: 'restart',
    });
    expect(next.client.qrCalls).toHaveLength(0);
    // And the retry is the same order.
    void next.sale.retrySameOrder();
    expect(next.client.lastQr().request.order_id).toBe(orderId);
    expect(next.client.lastQr().asset).toMatchObject({ asset: 'USDC', chain_id: 101, decimal: 6 });
  });

  it('an NFC submission at the crash becomes outcome unknown too', async () => {
    const { sale } = before();
    await sale.startNfcSale({ amount: '1' });
    void tapOnScreenSale(sale, '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b');
    const next = after();
    expect(await next.sale.recover()).toMatchObject({ state: 'outcome-unknown', kind: 'nfc' });
  });

  it('a shown link that has not expired comes back as it was, with its expiry timer, never recreated', async () => {
    const { sale, client } = before();
    const pending = sale.startQrSale({ amount: '1', asset: testAsset, chain: testChain });
    client.lastQr().resolve(linkFor(client.lastQr().request, { sentAtMs: clock.now() }));
    const shown = await pending;
    const next = after(60_000);
    const recovered = await next.sale.recover();
    expect(recovered).toMatchObject({
      orderId: shown.orderId,
      state: 'awaiting-payment',
      showQr: true,
      link: shown.link,
      expiry: shown.expiry,
    });
    expect(next.client.qrCalls).toHaveLength(0);
    next.clock.advance(14 * 60_000 - 1);
    expect(next.sale.current()?.state).toBe('awaiting-payment');
    next.clock.advance(1);
    expect(next.sale.current()?.state).toBe('expired');
    expect(next.journal.events(shown.orderId).at(-1)).toMatchObject({ reasonKind: 'expiry' });
  });

  it('a link that expired while the app was down is expired (reason restart)', async () => {
    const { sale, client } = before();
    const pending = sale.startQrSale({ amount: '1', asset: testAsset, chain: testChain });
    client.lastQr().resolve(linkFor(client.lastQr().request, { sentAtMs: clock.now() }));
    const shown = await pending;
    const next = after(16 * 60_000);
    expect(await next.sale.recover()).toMatchObject({
      state: 'expired',
      allowedActions: ['newLinkForExpired', 'markPaidAfterAll', 'newSale'],
    });
    expect(next.journal.events(shown.orderId).at(-1)).toMatchObject({
      toState: 'expired',
      reasonKind: 'restart',
    });
  });

  it('a link with unknown expiry comes back and still never expires', async () => {
    const { sale, client } = before();
    const pending = sale.startQrSale({ amount: '1', asset: testAsset, chain: testChain });
    client.lastQr().resolve(
      linkFor(client.lastQr().request, {
        sentAtMs: clock.now(),
        expiry: { kind: 'unknown', reason: 'garbled', raw: '99/99/2026 00:00:00' },
      }),
    );
    await pending;
    const next = after(48 * 3_600_000);
    expect(await next.sale.recover()).toMatchObject({
      state: 'awaiting-payment',
      expiry: { kind: 'unknown', note: 'garbled' },
    });
  });

  it('a sale waiting for a tap, or in doubt, comes back unchanged', async () => {
    const { sale } = before();
    const waiting = await sale.startNfcSale({ amount: '1' });
    const next = after();
    expect(await next.sale.recover()).toMatchObject({
      orderId: waiting.orderId,
      state: 'waiting-for-tap',
    });
    expect(next.journal.events(waiting.orderId)).toHaveLength(1);
  });

  it('recover refuses to run over an open sale', async () => {
    const { sale } = before();
    await sale.startNfcSale({ amount: '1' });
    await expect(sale.recover()).rejects.toMatchObject({ code: 'not-allowed' });
  });
});
