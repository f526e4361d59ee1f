import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SaleService } from '../../../electron/sale/sale-service';
import { ManualClock } from '../../support/manual-clock';
import { FakeSaleClient, serviceError } from '../../support/sale-fake-client';
import { tempJournal, testAsset, testTerms, type TempJournal } from '../../support/sale-fixtures';
import { tapOnScreenSale } from '../../support/sale-tap';

const TOKEN = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
const TOKEN_2 = '7d1e2f3a-4b5c-4d6e-9f70-8a9b0c1d2e3f';

describe('SaleService, NFC path', () => {
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

  it('waits for a tap, journals submitting before generate_nfc leaves, and records the acceptance', async () => {
    const waiting = await sale.startNfcSale({ amount: '4.20', asset: testAsset });
    expect(waiting).toMatchObject({
      kind: 'nfc',
      state: 'waiting-for-tap',
      amount: '4.2',
      fee: '0',
      asset: 'USDC',
      chainId: '101',
    });
    expect(waiting.allowedActions).toEqual(['cancel']);
    const seen: string[] = [];
    client.onCall = (_e, orderId) => seen.push(temp.journal.get(orderId)?.state ?? 'missing');
    const verdict = sale.submitNfcToken(waiting.orderId, TOKEN.toUpperCase());
    if (verdict.kind !== 'sent') throw new Error(`not sent: ${JSON.stringify(verdict)}`);
    const pending = verdict.answered;
    expect(seen).toEqual(['submitting']);
    expect(client.lastNfc().request).toEqual({
      order_id: waiting.orderId,
      amount: '4.2',
      token: TOKEN,
      serial_number: 'POS-0001',
    });
    expect(sale.current()?.state).toBe('submitting');
    client.lastNfc().resolve('success');
    expect(await pending).toMatchObject({
      state: 'accepted-by-service',
      terminal: true,
      attempts: 1,
    });
    expect(temp.journal.events(waiting.orderId).map((e) => [e.toState, e.reasonKind])).toEqual([
      ['waiting-for-tap', 'cashier'],
      ['submitting', 'client'],
      ['accepted-by-service', 'service'],
    ]);
  });

  it('journals the order with its parsed values and no token, and sends the parsed token', async () => {
    const padded = new SaleService({
      journal: temp.journal,
      client,
      clock,
      terms: () => ({ ...testTerms, serialNumber: ' POS-0001 ' }),
    });
    const waiting = await padded.startNfcSale({ amount: '1.50' });
    expect(temp.journal.get(waiting.orderId)).toMatchObject({
      serialNumber: 'POS-0001',
      amount: '1.5',
    });
    void tapOnScreenSale(padded, `  ${TOKEN.toUpperCase()}\n`);
    expect(client.lastNfc().request).toEqual({
      order_id: waiting.orderId,
      amount: '1.5',
      token: TOKEN,
      serial_number: 'POS-0001',
    });
  });

  it('refuses an NFC sale whose order cannot be sent (no serial number) before any order exists', async () => {
    const bad = new SaleService({
      journal: temp.journal,
      client,
      clock,
      terms: () => ({ ...testTerms, serialNumber: '   ' }),
    });
    await expect(bad.startNfcSale({ amount: '1' })).rejects.toMatchObject({
      code: 'invalid-sale',
      message: expect.stringMatching(/no serial number/),
    });
    expect(temp.journal.openOrders()).toHaveLength(0);
  });

  it('an NFC sale without an asset is journaled with none', async () => {
    const waiting = await sale.startNfcSale({ amount: '1.000000000000000000001' });
    expect(waiting).toMatchObject({
      asset: null,
      chainId: null,
      amount: '1.000000000000000000001',
    });
  });

  it('two taps racing for one order send one request; the second is refused, not queued', async () => {
    const waiting = await sale.startNfcSale({ amount: '1' });
    const first = sale.submitNfcToken(waiting.orderId, TOKEN);
    const second = sale.submitNfcToken(waiting.orderId, TOKEN_2);
    expect(client.nfcCalls).toHaveLength(1);
    expect(second).toEqual({ kind: 'refused', refusal: 'sale-changed' });
    expect(sale.current()?.state).toBe('submitting');
    client.lastNfc().resolve('success');
    expect(first.kind === 'sent' && (await first.answered).state).toBe('accepted-by-service');
    // Answered, the order waits for nothing any more.
    expect(sale.submitNfcToken(waiting.orderId, TOKEN_2)).toEqual(second);
    expect(client.nfcCalls).toHaveLength(1);
  });

  it('refuses a malformed token with a notice and sends nothing', async () => {
    await sale.startNfcSale({ amount: '1' });
    for (const bad of ['', 'not-a-token', '3f2b8c1e9a4d4e6f8b7a1c2d3e4f5a6b', `${TOKEN}x`]) {
      expect(sale.submitNfcToken(sale.current()!.orderId, bad)).toEqual({
        kind: 'refused',
        refusal: 'not-a-token',
      });
      const snapshot = sale.current();
      expect(snapshot).toMatchObject({ state: 'waiting-for-tap' });
      expect(snapshot?.notice).toMatch(/not a payment token/);
    }
    expect(client.nfcCalls).toHaveLength(0);
  });

  it('a token is used at most once, even for a later sale', async () => {
    await sale.startNfcSale({ amount: '1' });
    const pending = tapOnScreenSale(sale, TOKEN);
    client.lastNfc().reject(serviceError('rejected', { serviceMessage: 'insufficient balance' }));
    expect(await pending).toMatchObject({
      state: 'refused',
      lastFailure: { serviceMessage: 'insufficient balance' },
    });
    const next = await sale.startNfcSale({ amount: '1' });
    expect(sale.submitNfcToken(next.orderId, ` ${TOKEN} `)).toEqual({
      kind: 'refused',
      refusal: 'already-used',
    });
    const again = sale.current();
    expect(again).toMatchObject({ state: 'waiting-for-tap' });
    expect(again?.notice).toMatch(/already used/);
    expect(client.nfcCalls).toHaveLength(1);
    void tapOnScreenSale(sale, TOKEN_2);
    expect(client.nfcCalls).toHaveLength(2);
  });

  it('refuses a token for an order that no longer waits: nothing sent, nothing journaled, the token kept', async () => {
    const sale10 = await sale.startNfcSale({ amount: '10.00' });
    const changed = { kind: 'refused', refusal: 'sale-changed' };
    // No sale at all, or an order id the till never made.
    expect(sale.submitNfcToken('', TOKEN)).toEqual(changed);
    expect(sale.submitNfcToken('not-an-order', TOKEN)).toEqual(changed);
    // The cashier cancels the 10.00 sale: a token read for it pays nothing...
    await sale.cancel();
    expect(sale.submitNfcToken(sale10.orderId, TOKEN)).toEqual(changed);
    expect(sale.current()).toMatchObject({ state: 'cancelled', notice: null });
    // ...not even once the cashier has started 99.00 instead.
    const sale99 = await sale.startNfcSale({ amount: '99.00' });
    expect(sale.submitNfcToken(sale10.orderId, TOKEN)).toEqual(changed);
    expect(sale.current()).toMatchObject({ orderId: sale99.orderId, state: 'waiting-for-tap' });
    expect(sale.current()?.notice).toBeNull();
    expect(client.nfcCalls).toHaveLength(0);
    expect(temp.journal.events(sale99.orderId).map((event) => event.toState)).toEqual([
      'waiting-for-tap',
    ]);
    // The refused token was not spent: tapped again, it pays the sale it is now read for.
    expect(sale.submitNfcToken(sale99.orderId, TOKEN).kind).toBe('sent');
    expect(client.lastNfc().request).toMatchObject({ order_id: sale99.orderId, amount: '99' });
  });

  it('a tap the journal cannot record is not sent, leaves the order waiting and keeps the token', async () => {
    const waiting = await sale.startNfcSale({ amount: '1' });
    const transition = temp.journal.transition.bind(temp.journal);
    temp.journal.transition = () => {
      throw new Error('database or disk is full');
    };
    expect(sale.submitNfcToken(waiting.orderId, TOKEN)).toEqual({
      kind: 'not-sent',
      message: 'database or disk is full',
    });
    temp.journal.transition = transition;
    expect(client.nfcCalls).toHaveLength(0);
    expect(sale.current()).toMatchObject({ state: 'waiting-for-tap' });
    expect(sale.submitNfcToken(waiting.orderId, TOKEN).kind).toBe('sent');
    expect(client.nfcCalls).toHaveLength(1);
  });

  it('a double press of "NFC sale" keeps the one waiting order', async () => {
    const a = await sale.startNfcSale({ amount: '2' });
    const b = await sale.startNfcSale({ amount: '2.0' });
    expect(b.orderId).toBe(a.orderId);
    await expect(sale.startNfcSale({ amount: '3' })).rejects.toMatchObject({
      code: 'sale-in-progress',
    });
  });

  it('outcome unknown: a retry keeps the order_id and waits for a new tap; the refused retry is shown as it is', async () => {
    const waiting = await sale.startNfcSale({ amount: '1' });
    const pending = tapOnScreenSale(sale, TOKEN);
    client.lastNfc().reject(serviceError('outcome-unknown'));
    expect(await pending).toMatchObject({
      state: 'outcome-unknown',
      allowedActions: ['retrySameOrder', 'confirmPaidByCashier', 'voidOrder'],
    });
    expect(await sale.retrySameOrder()).toMatchObject({
      state: 'waiting-for-tap',
      orderId: waiting.orderId,
    });
    expect((await tapOnScreenSale(sale, TOKEN))?.notice).toMatch(/already used/);
    const retry = tapOnScreenSale(sale, TOKEN_2);
    expect(client.lastNfc().request.order_id).toBe(waiting.orderId);
    client.lastNfc().reject(
      serviceError('rejected', {
        serviceMessage: 'Duplicate order_id',
        serviceCode: 'DUPLICATE_ORDER',
      }),
    );
    const refused = await retry;
    expect(refused).toMatchObject({
      state: 'retry-refused',
      attempts: 2,
      allowedActions: ['confirmPaidByCashier', 'voidOrder'],
    });
    expect(refused?.lastFailure?.serviceMessage).toBe('Duplicate order_id');
    // The customer's wallet shows it paid: the cashier says so.
    expect(await sale.confirmPaidByCashier()).toMatchObject({ state: 'paid-confirmed-by-cashier' });
    expect(temp.journal.events(waiting.orderId).at(-1)).toMatchObject({ reasonKind: 'cashier' });
  });

  it('a failed submission can be voided', async () => {
    await sale.startNfcSale({ amount: '1' });
    const pending = tapOnScreenSale(sale, TOKEN);
    client.lastNfc().reject(serviceError('invalid-token'));
    expect((await pending)?.state).toBe('failed');
    expect((await sale.voidOrder()).state).toBe('voided');
  });

  it('never writes the NFC token to the journal file', async () => {
    await sale.startNfcSale({ amount: '1' });
    const pending = tapOnScreenSale(sale, TOKEN);
    client.lastNfc().reject(serviceError('outcome-unknown'));
    await pending;
    temp.journal.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    for (const file of [temp.path, `${temp.path}-wal`]) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        continue;
      }
      expect(bytes.includes(Buffer.from(TOKEN))).toBe(false);
      expect(bytes.includes(Buffer.from(TOKEN.replace(/-/g, ''), 'hex'))).toBe(false);
    }
    expect(readFileSync(temp.path).includes(Buffer.from('outcome-unknown'))).toBe(true);
  });
});
