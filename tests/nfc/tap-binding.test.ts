/**
 * A tap pays the sale that was on screen when the phone touched the reader, never another:
 * real pcscd + vpcd, the forked reader process, the host bridge, the real SaleService and
 * client against the strict sandbox (only tokens it issued, each once). The phone is slow to
 * answer (800 ms to its SELECT, inside every deadline), so the cashier has time to act while
 * it is read. Each test gets its own pcscd, sandbox, journal, sale and reader process.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PcscRig } from '../support/pcsc-rig';
import { VirtualWalletCard, type VirtualCardOptions } from '../support/virtual-wallet-card';
import {
  VPCD_READER,
  startPaymentStack,
  startTestHost,
  waitReaderReady,
  waitForSaleState,
  type PaymentStack,
  type TestHost,
} from './nfc-test-kit';

const SLOW_ANSWER_MS = 800;

describe('a tap is bound to the sale on screen when the phone arrived', () => {
  let rig: PcscRig;
  let stack: PaymentStack;
  let test: TestHost;
  let cards: VirtualWalletCard[];

  beforeAll(() => {
    PcscRig.assertInstalled();
  });

  beforeEach(async () => {
    rig = new PcscRig();
    await rig.start();
    cards = [];
    stack = await startPaymentStack({ acceptAnyNfcToken: false });
    test = startTestHost({ sale: stack.sale, apduTimeoutMs: 1500, readDeadlineMs: 2500 });
    await waitReaderReady(test);
  });

  afterEach(async () => {
    for (const card of cards) await card.remove();
    await test?.stop();
    await stack?.close();
    await rig?.stop();
  });

  /** A phone whose wallet answers its SELECT late; resolves once the reader is reading it. */
  const slowPhone = async (token: string) => {
    const from = test.events.mark();
    const options: VirtualCardOptions = {
      app: { kind: 'aid', token },
      fault: { kind: 'slow', delayMs: SLOW_ANSWER_MS, on: 'select-aid' },
    };
    const card = await VirtualWalletCard.tap(options);
    cards.push(card);
    await test.events.waitFor(
      (event) => event.type === 'reading' && event.reader === VPCD_READER,
      'the read to begin',
      { from },
    );
    // The SELECT is on the phone, its answer not yet: the arrival is recorded, the read is on.
    await card.waitForApdus(1);
    expect(card.log.some((entry) => entry.kind === 'answer')).toBe(false);
    return { card, from };
  };

  const nfcRequests = () =>
    stack.sandbox.requests().filter((request) => request.endpoint === 'generate_nfc');

  it('cancel and restart during a slow read: the token read for 10.00 pays nothing, and says so', async () => {
    const token = stack.sandbox.issueNfcToken();
    const sale10 = await stack.sale.startNfcSale({ amount: '10.00' });
    const answers = test.outcomes.mark();
    const { card, from } = await slowPhone(token);

    await stack.sale.cancel();
    const sale99 = await stack.sale.startNfcSale({ amount: '99.00' });
    expect(card.log.some((entry) => entry.kind === 'answer')).toBe(false);

    const read = await test.nextResult(from);
    expect(read).toMatchObject({ type: 'token-read', token });
    const answer = await test.outcomes.waitFor(() => true, 'the tap answer', { from: answers });
    expect(answer).toMatchObject({ kind: 'sale-changed' });
    await test.host.bridge.idle();
    expect(nfcRequests()).toEqual([]);
    expect(stack.sale.current()).toMatchObject({
      orderId: sale99.orderId,
      state: 'waiting-for-tap',
    });
    expect(stack.journal.get(sale10.orderId)?.state).toBe('cancelled');
    expect(stack.journal.events(sale99.orderId).map((event) => event.toState)).toEqual([
      'waiting-for-tap',
    ]);

    // The customer taps again, as both screens ask: the same token now pays 99.00, once.
    const again = test.outcomes.mark();
    await card.tapAgain();
    await waitForSaleState(stack.sale, 'accepted-by-service');
    expect(test.outcomes.since(again).map((outcome) => outcome.kind)).toEqual(['sent']);
    expect(stack.sandbox.nfcPayments()).toEqual([
      expect.objectContaining({ orderId: sale99.orderId, amount: '99', token }),
    ]);
    expect(nfcRequests()).toHaveLength(1);
  });

  it('a phone laid down before the sale starts pays nothing, even when its read ends after the start', async () => {
    const token = stack.sandbox.issueNfcToken();
    const answers = test.outcomes.mark();
    const { card, from } = await slowPhone(token);

    const sale = await stack.sale.startNfcSale({ amount: '5.00' });
    expect(card.log.some((entry) => entry.kind === 'answer')).toBe(false);

    expect(await test.nextResult(from)).toMatchObject({ type: 'token-read', token });
    const answer = await test.outcomes.waitFor(() => true, 'the tap answer', { from: answers });
    expect(answer).toMatchObject({ kind: 'sale-changed' });
    expect(nfcRequests()).toEqual([]);
    expect(stack.sale.current()).toMatchObject({
      orderId: sale.orderId,
      state: 'waiting-for-tap',
    });

    // Lifted and laid down again, it pays the sale now on screen.
    await card.tapAgain();
    await waitForSaleState(stack.sale, 'accepted-by-service');
    expect(stack.sandbox.nfcPayments()).toEqual([
      expect.objectContaining({ orderId: sale.orderId, amount: '5', token }),
    ]);
  });

  it('a second phone whose read ends after the sale was paid is not asked to tap again', async () => {
    const first = stack.sandbox.issueNfcToken();
    const second = stack.sandbox.issueNfcToken();
    const sale = await stack.sale.startNfcSale({ amount: '4.00' });
    const answers = test.outcomes.mark();
    // A slow phone on vpcd's second slot, then another on the first: one pays, the other's read
    // ends after (the reader process's PC/SC context takes one APDU at a time).
    cards.push(
      await VirtualWalletCard.tap({
        app: { kind: 'aid', token: second },
        port: 35964,
        fault: { kind: 'slow', delayMs: 1000, on: 'select-aid' },
      }),
    );
    cards.push(await VirtualWalletCard.tap({ app: { kind: 'ndef', record: 'uri', token: first } }));
    await waitForSaleState(stack.sale, 'accepted-by-service');
    await test.outcomes.waitFor(
      () => test.outcomes.since(answers).length >= 2,
      'both phones answered',
      { from: answers },
    );
    // The paid sale is not "changed": nobody taps again.
    expect(test.outcomes.since(answers).map((outcome) => outcome.kind)).toEqual([
      'sent',
      'no-sale',
    ]);
    expect(stack.sandbox.nfcPayments()).toEqual([
      expect.objectContaining({ orderId: sale.orderId, amount: '4' }),
    ]);
    expect([first, second]).toContain(stack.sandbox.nfcPayments()[0]?.token);
  });

  it('a phone read while no sale waits is answered "no sale", and its token is still good', async () => {
    const token = stack.sandbox.issueNfcToken();
    const answers = test.outcomes.mark();
    const from = test.events.mark();
    const card = await VirtualWalletCard.tap({ app: { kind: 'aid', token } });
    cards.push(card);
    expect(await test.nextResult(from)).toMatchObject({ type: 'token-read', token });
    expect(await test.outcomes.waitFor(() => true, 'the answer', { from: answers })).toMatchObject({
      kind: 'no-sale',
    });
    await card.remove();
    const sale = await stack.sale.startNfcSale({ amount: '2.00' });
    await card.tapAgain();
    await waitForSaleState(stack.sale, 'accepted-by-service');
    expect(stack.sandbox.nfcPayments()).toEqual([
      expect.objectContaining({ orderId: sale.orderId, token }),
    ]);
  });
});
