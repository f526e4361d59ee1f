import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SaleRuleError } from '../../../electron/sale/sale-errors';
import { SaleService } from '../../../electron/sale/sale-service';
import type { SaleSnapshot } from '../../../electron/sale/sale-snapshot';
import { ManualClock } from '../../support/manual-clock';
import { OUTCOME_HOLD_MS } from '../../../shared/sale/wait-screen';
import { FakeSaleClient, linkFor, serviceError } from '../../support/sale-fake-client';
import {
  nextChange,
  tempJournal,
  testAsset,
  testChain,
  testTerms,
  type TempJournal,
} from '../../support/sale-fixtures';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('SaleService, QR path', () => {
  let clock: ManualClock;
  let temp: TempJournal;
  let client: FakeSaleClient;
  let sale: SaleService;
  let changes: (SaleSnapshot | null)[];

  beforeEach(() => {
    clock = new ManualClock();
    temp = tempJournal(clock);
    client = new FakeSaleClient();
    sale = new SaleService({ journal: temp.journal, client, clock, terms: () => testTerms });
    changes = [];
    sale.onChange((snapshot) => changes.push(snapshot));
  });
  afterEach(() => temp.cleanup());

  const start = (amount = '12.50') =>
    sale.startQrSale({ amount, asset: testAsset, chain: testChain });
  /** The fake service answers the last generate_qr; resolves once the sale has the link. */
  const answerLink = async (options: Partial<Parameters<typeof linkFor>[1]> = {}) => {
    const call = client.lastQr();
    const changed = nextChange(sale);
    call.resolve(linkFor(call.request, { sentAtMs: clock.now(), ...options }));
    return changed;
  };

  it('journals the order as requesting before generate_qr leaves, with what is sent', async () => {
    const seenAtCall: string[] = [];
    client.onCall = (_endpoint, orderId) =>
      seenAtCall.push(temp.journal.get(orderId)?.state ?? 'missing');
    const pending = start();
    expect(seenAtCall).toEqual(['requesting']);
    const request = client.lastQr().request;
    const journaledId = sale.current()?.orderId;
    expect(journaledId).toMatch(UUID_V7);
    expect(request).toEqual({
      order_id: journaledId,
      amount: '12.5',
      asset: 'USDC',
      chain_id: '101',
      currency: 'USD',
      fee_value: '0.25',
      serial_number: 'POS-0001',
    });
    expect(sale.current()).toMatchObject({
      state: 'requesting',
      allowedActions: [],
      showQr: false,
    });
    await answerLink();
    const snapshot = await pending;
    expect(snapshot).toMatchObject({
      state: 'awaiting-payment',
      showQr: true,
      amount: '12.5',
      fee: '0.25',
      attempts: 1,
    });
    expect(snapshot.link?.linkAmount).toBe('12.75');
    expect(snapshot.allowedActions).toEqual(['confirmPaidByCashier', 'cancel']);
    const stored = temp.journal.get(request.order_id);
    expect(stored?.link).toMatchObject({
      rateUsd: '0.99985',
      linkAmount: '12.75',
      amountMatches: true,
      expiryKnown: true,
    });
    expect(
      temp.journal.events(request.order_id).map((e) => [e.fromState, e.toState, e.reasonKind]),
    ).toEqual([
      [null, 'requesting', 'cashier'],
      ['requesting', 'awaiting-payment', 'service'],
    ]);
    expect(changes.map((c) => c?.state)).toEqual(['requesting', 'awaiting-payment']);
  });

  it('a double press while the request is out returns the same promise and makes one order', async () => {
    const first = start();
    const second = start();
    const third = start('99');
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(client.qrCalls).toHaveLength(1);
    await answerLink();
    // A press after the link came, for the same sale, gives the open sale back, not a new order.
    const again = await start();
    expect(again.orderId).toBe((await first).orderId);
    expect(client.qrCalls).toHaveLength(1);
    expect(temp.journal.openOrders()).toHaveLength(1);
  });

  it('refuses a different sale while one is open, and an invalid amount, without journaling', async () => {
    start();
    await answerLink();
    await expect(
      sale.startQrSale({ amount: '5', asset: testAsset, chain: testChain }),
    ).rejects.toMatchObject({ code: 'sale-in-progress' });
    await expect(sale.startNfcSale({ amount: '5' })).rejects.toBeInstanceOf(SaleRuleError);
    await sale.cancel();
    await expect(start('1.1234567')).rejects.toMatchObject({ code: 'invalid-sale' });
    await expect(start('-1')).rejects.toMatchObject({ code: 'invalid-sale' });
    await expect(
      sale.startQrSale({ amount: '1', asset: testAsset, chain: { ...testChain, chain_id: 7 } }),
    ).rejects.toMatchObject({
      code: 'invalid-sale',
    });
    expect(client.qrCalls).toHaveLength(1);
    expect(temp.journal.openOrders()).toHaveLength(0);
  });

  it('refuses a sale whose settings cannot be sent (no serial number) before any order exists', async () => {
    const bad = new SaleService({
      journal: temp.journal,
      client,
      clock,
      terms: () => ({ ...testTerms, serialNumber: ' ' }),
    });
    await expect(
      bad.startQrSale({ amount: '1', asset: testAsset, chain: testChain }),
    ).rejects.toMatchObject({ code: 'invalid-sale' });
    expect(client.qrCalls).toHaveLength(0);
  });

  it('journals and sends the request as its schema parsed it (serial number trimmed)', async () => {
    const padded = new SaleService({
      journal: temp.journal,
      client,
      clock,
      terms: () => ({ ...testTerms, serialNumber: '  POS-0001\t' }),
    });
    void padded.startQrSale({ amount: '12.50', asset: testAsset, chain: testChain });
    const request = client.lastQr().request;
    expect(request).toMatchObject({ serial_number: 'POS-0001', chain_id: '101', amount: '12.5' });
    expect(temp.journal.get(request.order_id)?.serialNumber).toBe('POS-0001');
  });

  it('records a cashier confirmation as the cashier’s', async () => {
    const pending = start();
    await answerLink();
    const { orderId } = await pending;
    const done = await sale.confirmPaidByCashier();
    expect(done).toMatchObject({
      state: 'paid-confirmed-by-cashier',
      terminal: true,
      allowedActions: ['newSale'],
      showQr: false,
    });
    const last = temp.journal.events(orderId).at(-1);
    expect(last).toMatchObject({
      toState: 'paid-confirmed-by-cashier',
      reasonKind: 'cashier',
      detail: { action: 'confirm-paid' },
    });
    await expect(sale.confirmPaidByCashier()).rejects.toMatchObject({ code: 'not-allowed' });
  });

  it('cancels a shown link', async () => {
    const pending = start();
    await answerLink();
    await pending;
    const { orderId } = await sale.cancel();
    expect(sale.current()?.state).toBe('cancelled');
    // The expiry timer went with the link: nothing is journaled when its time comes (the
    // finished sale has left the screen by itself by then).
    clock.advance(16 * 60_000);
    expect(sale.current()).toBeNull();
    expect(temp.journal.events(orderId).at(-1)?.toState).toBe('cancelled');
  });

  it('a paid or cancelled sale leaves the screen by itself after OUTCOME_HOLD_MS; an expired one stays', async () => {
    const changes: (string | null)[] = [];
    sale.onChange((snapshot) => changes.push(snapshot?.state ?? null));
    let pending = start();
    await answerLink();
    await pending;
    await sale.confirmPaidByCashier();
    clock.advance(OUTCOME_HOLD_MS - 1);
    expect(sale.current()?.state).toBe('paid-confirmed-by-cashier');
    clock.advance(1);
    expect(sale.current()).toBeNull();
    expect(changes.at(-1)).toBeNull();

    pending = start();
    await answerLink({ expiry: { kind: 'known', atMs: clock.now() + 60_000, order: 'day-first' } });
    await pending;
    clock.advance(60_000);
    expect(sale.current()?.state).toBe('expired');
    clock.advance(10 * OUTCOME_HOLD_MS);
    expect(sale.current()?.state).toBe('expired');
  });

  it('expires automatically at the link expiry, by the clock', async () => {
    const pending = start();
    await answerLink({
      expiry: { kind: 'known', atMs: clock.now() + 900_000, order: 'day-first' },
    });
    const { orderId } = await pending;
    expect(sale.current()?.expiry).toEqual({ kind: 'known', atMs: clock.now() + 900_000 });
    clock.advance(899_999);
    expect(sale.current()?.state).toBe('awaiting-payment');
    clock.advance(1);
    expect(sale.current()).toMatchObject({
      state: 'expired',
      showQr: false,
      allowedActions: ['newLinkForExpired', 'markPaidAfterAll', 'newSale'],
    });
    expect(temp.journal.events(orderId).at(-1)).toMatchObject({
      toState: 'expired',
      reasonKind: 'expiry',
    });
    await expect(sale.confirmPaidByCashier()).rejects.toMatchObject({ code: 'not-allowed' });
  });

  it('stopped for a quit, it writes nothing more and the journal keeps the sale to resume', async () => {
    const pending = start();
    await answerLink({
      expiry: { kind: 'known', atMs: clock.now() + 900_000, order: 'day-first' },
    });
    const { orderId } = await pending;
    sale.stop();
    clock.advance(900_000);
    expect(temp.journal.get(orderId)?.state).toBe('awaiting-payment');
    expect(temp.journal.events(orderId).at(-1)?.toState).toBe('awaiting-payment');
  });

  it('a link with unknown expiry never expires by itself and says so', async () => {
    const pending = start();
    await answerLink({
      expiry: {
        kind: 'unknown',
        reason: 'The expiry is not after the request.',
        raw: '01/01/2020 00:00:00',
      },
    });
    const { orderId } = await pending;
    clock.advance(7 * 24 * 3_600_000);
    expect(temp.journal.events(orderId).at(-1)?.toState).toBe('awaiting-payment');
    expect(sale.current()).toMatchObject({
      state: 'awaiting-payment',
      expiry: {
        kind: 'unknown',
        note: 'The expiry is not after the request.',
        raw: '01/01/2020 00:00:00',
      },
    });
  });

  it('tells the cashier first when the link asks another amount', async () => {
    const pending = start();
    await answerLink({ linkAmount: '13' });
    const snapshot = await pending;
    expect(snapshot).toMatchObject({
      state: 'amount-differs',
      showQr: false,
      allowedActions: ['acceptLinkAmount', 'cancel'],
    });
    expect(snapshot.link).toMatchObject({ linkAmount: '13', amountMatches: false });
    expect(await sale.acceptLinkAmount()).toMatchObject({
      state: 'awaiting-payment',
      showQr: true,
    });
    // The expiry timer survives the cashier's acceptance.
    clock.advance(15 * 60_000);
    expect(sale.current()?.state).toBe('expired');
  });

  it('a new link for an expired one is a new order that names the one it replaces', async () => {
    const pending = start();
    await answerLink();
    const first = await pending;
    clock.advance(15 * 60_000);
    const next = sale.newLinkForExpired();
    expect(client.qrCalls).toHaveLength(2);
    const request = client.lastQr().request;
    expect(request.order_id).not.toBe(first.orderId);
    expect(request).toMatchObject({
      amount: '12.5',
      fee_value: '0.25',
      asset: 'USDC',
      chain_id: '101',
    });
    await answerLink();
    expect(await next).toMatchObject({ state: 'awaiting-payment', replacesOrderId: first.orderId });
    expect(temp.journal.get(request.order_id)?.replacesOrderId).toBe(first.orderId);
    expect(temp.journal.get(first.orderId)?.state).toBe('expired');
  });

  it('no answer to the POST: outcome unknown; retry keeps the order_id; a refused retry shows the msg as it is', async () => {
    const pending = start();
    client.lastQr().reject(serviceError('outcome-unknown'));
    const unknown = await pending;
    expect(unknown).toMatchObject({
      state: 'outcome-unknown',
      allowedActions: ['retrySameOrder', 'voidOrder'],
    });
    expect(unknown.lastFailure?.kind).toBe('outcome-unknown');
    await expect(start('3')).rejects.toMatchObject({ code: 'sale-in-progress' });

    const retry = sale.retrySameOrder();
    expect(sale.retrySameOrder()).toBe(retry);
    expect(client.qrCalls).toHaveLength(2);
    expect(client.lastQr().request).toEqual(client.qrCalls[0]?.request);
    client.lastQr().reject(
      serviceError('rejected', {
        serviceMessage: 'order_id already exists',
        serviceCode: 'DUPLICATE_ORDER',
      }),
    );
    const refused = await retry;
    expect(refused).toMatchObject({
      state: 'retry-refused',
      attempts: 2,
      allowedActions: ['voidOrder'],
    });
    expect(refused.lastFailure).toMatchObject({
      serviceMessage: 'order_id already exists',
      serviceCode: 'DUPLICATE_ORDER',
    });
    const events = temp.journal.events(unknown.orderId);
    expect(events.map((e) => e.toState)).toEqual([
      'requesting',
      'outcome-unknown',
      'requesting',
      'retry-refused',
    ]);
    expect(events[3]?.detail).toMatchObject({
      serviceMessage: 'order_id already exists',
      serviceCode: 'DUPLICATE_ORDER',
    });
    expect((await sale.voidOrder()).state).toBe('voided');
    expect(temp.journal.events(unknown.orderId).at(-1)).toMatchObject({
      reasonKind: 'cashier',
      detail: { action: 'void' },
    });
  });

  it('a retry that gets the link goes on as usual', async () => {
    const pending = start();
    client.lastQr().reject(serviceError('no-connection'));
    expect(await pending).toMatchObject({
      state: 'failed',
      allowedActions: ['retrySameOrder', 'voidOrder'],
    });
    const retry = sale.retrySameOrder();
    await answerLink();
    expect(await retry).toMatchObject({
      state: 'awaiting-payment',
      attempts: 2,
      lastFailure: null,
    });
  });

  it.each([
    ['no-connection', 'failed', 'client'],
    ['timeout', 'failed', 'client'],
    ['invalid-request', 'failed', 'client'],
    ['invalid-token', 'failed', 'service'],
    ['bad-response', 'failed', 'service'],
    ['link-check-failed', 'failed', 'service'],
    ['rejected', 'refused', 'service'],
    ['outcome-unknown', 'outcome-unknown', 'client'],
  ] as const)(
    'a %s failure leaves the order %s (reason %s), with the failure journaled',
    async (kind, state, reason) => {
      const pending = start();
      client
        .lastQr()
        .reject(serviceError(kind, { serviceMessage: 'said the service', httpStatus: 400 }));
      const snapshot = await pending;
      expect(snapshot.state).toBe(state);
      expect(snapshot.lastFailure).toMatchObject({
        kind,
        message: `fake ${kind}`,
        serviceMessage: 'said the service',
        httpStatus: 400,
      });
      expect(temp.journal.events(snapshot.orderId).at(-1)).toMatchObject({
        reasonKind: reason,
        detail: { errorKind: kind },
      });
    },
  );

  it('anything else thrown while the POST was out counts as outcome unknown', async () => {
    const pending = start();
    client.lastQr().reject(new TypeError('boom'));
    expect((await pending).state).toBe('outcome-unknown');
  });

  it('a refused first attempt ends the sale; a new sale may start', async () => {
    const pending = start();
    client.lastQr().reject(serviceError('rejected', { serviceMessage: 'asset not supported' }));
    expect(await pending).toMatchObject({
      state: 'refused',
      terminal: true,
      lastFailure: { serviceMessage: 'asset not supported' },
    });
    await expect(sale.retrySameOrder()).rejects.toMatchObject({ code: 'not-allowed' });
    start('1');
    expect(client.qrCalls).toHaveLength(2);
  });

  it('clear() returns to no sale only once the sale has ended', async () => {
    const pending = start();
    expect(() => sale.clear()).toThrow(SaleRuleError);
    await answerLink();
    await pending;
    await sale.cancel();
    sale.clear();
    expect(sale.current()).toBeNull();
    expect(changes.at(-1)).toBeNull();
  });

  it('a throwing listener does not break the sale; unsubscribe stops events', async () => {
    const other: string[] = [];
    const off = sale.onChange((s) => other.push(s?.state ?? 'none'));
    sale.onChange(() => {
      throw new Error('listener bug');
    });
    const pending = start();
    off();
    await answerLink();
    expect((await pending).state).toBe('awaiting-payment');
    expect(other).toEqual(['requesting']);
  });

  it('snapshots are plain data (survive structuredClone)', async () => {
    const pending = start();
    await answerLink();
    const snapshot = await pending;
    expect(structuredClone(snapshot)).toEqual(snapshot);
  });
});
