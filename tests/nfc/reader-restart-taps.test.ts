/**
 * A phone lying on the reader when a reader process starts (the till's start, a crash, the
 * watchdog, a pcscd hang recovered) is no tap: it pays nothing, above all not a sale that began
 * after it was laid down, and it pays once lifted and laid down again. A process that dies in
 * the middle of a read still answers that tap. Real pcscd + vpcd, the forked reader process,
 * the host, the real SaleService and client against the strict sandbox (only tokens it
 * issued, each once). From the hostile tester's probes (binding B1, B1b, B3).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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

describe('a phone on the reader when a reader process starts', () => {
  let rig: PcscRig | undefined;
  let stack: PaymentStack | undefined;
  let test: TestHost | undefined;
  let cards: VirtualWalletCard[] = [];

  beforeAll(() => {
    PcscRig.assertInstalled();
  });

  afterEach(async () => {
    rig?.resume();
    for (const card of cards) await card.remove();
    cards = [];
    await test?.stop();
    await stack?.close();
    await rig?.stop();
    test = undefined;
    stack = undefined;
    rig = undefined;
  });

  const begin = async () => {
    rig = new PcscRig();
    await rig.start();
    const payments = await startPaymentStack({ acceptAnyNfcToken: false });
    stack = payments;
    return payments;
  };

  const startHost = async (
    payments: PaymentStack,
    watchdog?: { intervalMs: number; timeoutMs: number },
  ) => {
    const host = startTestHost({
      sale: payments.sale,
      apduTimeoutMs: 1500,
      readDeadlineMs: 2500,
      ...(watchdog ? { watchdog } : {}),
    });
    test = host;
    await waitReaderReady(host);
    return host;
  };

  const tap = async (options: VirtualCardOptions) => {
    const card = await VirtualWalletCard.tap(options);
    cards.push(card);
    return card;
  };

  const nfcRequests = (payments: PaymentStack) =>
    payments.sandbox.requests().filter((request) => request.endpoint === 'generate_nfc');

  /**
   * Kills the running reader process and waits until its successor has reported the card
   * still lying on the reader, then through four of pcscd's presence polls (~400 ms each):
   * time enough for any read of it to have reached the sale.
   */
  const restartWithCardOn = async (host: TestHost, card: VirtualWalletCard) => {
    const generation = host.channels.length + 1;
    const from = host.events.mark();
    host.channels.at(-1)?.kill();
    const found = await host.events.waitFor(
      (event) =>
        event.type === 'card-present' &&
        event.generation === generation &&
        event.reader === VPCD_READER,
      "the successor's report of the card",
      { from },
    );
    const polls = card.log.filter((entry) => entry.kind === 'control').length;
    await card.waitUntil(
      () => card.log.filter((entry) => entry.kind === 'control').length >= polls + 4,
      'four presence polls',
    );
    await host.host.bridge.idle();
    return found;
  };

  it('held across a sale change, then a restart: pays neither sale, and pays the new one once laid down again', async () => {
    const payments = await begin();
    const host = await startHost(payments);
    const token = payments.sandbox.issueNfcToken();
    const sale10 = await payments.sale.startNfcSale({ amount: '10.00' });
    const from = host.events.mark();
    const card = await tap({
      app: { kind: 'aid', token },
      fault: { kind: 'slow', delayMs: SLOW_ANSWER_MS, on: 'select-aid' },
    });
    await host.events.waitFor((event) => event.type === 'reading', 'the read to begin', { from });
    await card.waitForApdus(1);
    await payments.sale.cancel();
    const sale99 = await payments.sale.startNfcSale({ amount: '99.00' });
    await host.outcomes.waitFor((outcome) => outcome.kind === 'sale-changed', 'sale-changed');

    // The customer's phone stays on the reader; the reader process restarts.
    const answers = host.outcomes.mark();
    const found = await restartWithCardOn(host, card);
    expect(nfcRequests(payments)).toEqual([]);
    expect(
      host.events
        .since(from)
        .filter((event) => event.type === 'token-read' && event.generation > 1),
    ).toEqual([]);
    // Reported as a card that was already there: not a tap, never read.
    expect(found).toMatchObject({ alreadyThere: true });
    // Its one answer was given ("the sale changed: tap again"); the same presence is not
    // answered twice.
    expect(host.outcomes.since(answers)).toEqual([]);
    expect(payments.sale.current()).toMatchObject({
      orderId: sale99.orderId,
      state: 'waiting-for-tap',
    });
    expect(payments.journal.events(sale99.orderId).map((event) => event.toState)).toEqual([
      'waiting-for-tap',
    ]);
    expect(payments.journal.get(sale10.orderId)?.state).toBe('cancelled');

    // Lifted and laid down again, as the screens asked: now it pays 99.00, once.
    await card.tapAgain();
    await waitForSaleState(payments.sale, 'accepted-by-service');
    expect(payments.sandbox.nfcPayments()).toEqual([
      expect.objectContaining({ orderId: sale99.orderId, amount: '99', token }),
    ]);
  });

  it('held across a sale change while pcscd hangs and comes back: pays nothing', async () => {
    const payments = await begin();
    const host = await startHost(payments, { intervalMs: 500, timeoutMs: 2000 });
    const token = payments.sandbox.issueNfcToken();
    await payments.sale.startNfcSale({ amount: '10.00' });
    const from = host.events.mark();
    const card = await tap({
      app: { kind: 'aid', token },
      fault: { kind: 'slow', delayMs: SLOW_ANSWER_MS, on: 'select-aid' },
    });
    await host.events.waitFor((event) => event.type === 'reading', 'the read to begin', { from });
    await card.waitForApdus(1);
    await payments.sale.cancel();
    const sale99 = await payments.sale.startNfcSale({ amount: '99.00' });
    await host.outcomes.waitFor((outcome) => outcome.kind === 'sale-changed', 'sale-changed');

    const pcscd = rig as PcscRig;
    const beforeHang = host.statuses.mark();
    pcscd.pause();
    await host.statuses.waitFor((status) => status.state === 'pcsc-not-answering', 'the hang', {
      from: beforeHang,
    });
    const answers = host.outcomes.mark();
    const beforeResume = host.statuses.mark();
    const events = host.events.mark();
    pcscd.resume();
    await waitReaderReady(host, beforeResume, 20_000);
    const found = await host.events.waitFor(
      (event) => event.type === 'card-present',
      "the new process's report of the card",
      { from: events },
    );
    const polls = card.log.filter((entry) => entry.kind === 'control').length;
    await card.waitUntil(
      () => card.log.filter((entry) => entry.kind === 'control').length >= polls + 4,
      'four presence polls',
    );
    await host.host.bridge.idle();
    expect(nfcRequests(payments)).toEqual([]);
    expect(host.events.since(events).map((event) => event.type)).not.toContain('token-read');
    expect(host.outcomes.since(answers)).toEqual([]);
    expect(payments.sale.current()).toMatchObject({
      orderId: sale99.orderId,
      state: 'waiting-for-tap',
    });
    expect(found).toMatchObject({ alreadyThere: true });
  });

  it('laid down while no sale waited, a sale started, then a restart: pays nothing until laid down again', async () => {
    const payments = await begin();
    const host = await startHost(payments);
    const token = payments.sandbox.issueNfcToken();
    const card = await tap({ app: { kind: 'aid', token } });
    await host.outcomes.waitFor((outcome) => outcome.kind === 'no-sale', 'no-sale');
    const sale = await payments.sale.startNfcSale({ amount: '7.00' });

    const answers = host.outcomes.mark();
    await restartWithCardOn(host, card);
    expect(nfcRequests(payments)).toEqual([]);
    expect(host.outcomes.since(answers)).toEqual([]);
    expect(payments.sale.current()).toMatchObject({
      orderId: sale.orderId,
      state: 'waiting-for-tap',
    });

    await card.tapAgain();
    await waitForSaleState(payments.sale, 'accepted-by-service');
    expect(payments.sandbox.nfcPayments()).toEqual([
      expect.objectContaining({ orderId: sale.orderId, amount: '7', token }),
    ]);
  });

  it('lying there when the till starts, with a sale waiting: told to lift it, and nothing sent', async () => {
    const payments = await begin();
    const token = payments.sandbox.issueNfcToken();
    const sale = await payments.sale.startNfcSale({ amount: '4.00' });
    const card = await tap({ app: { kind: 'aid', token } });
    // pcscd has powered it and read its ATR: the card is present before the till starts.
    await card.waitUntil(
      () => card.log.some((entry) => entry.kind === 'control' && entry.bytes?.[0] === 4),
      'pcscd to read its ATR',
    );
    const host = await startHost(payments);
    const answer = await host.outcomes.waitFor(() => true, 'the answer to the card found there');
    expect(answer).toMatchObject({ kind: 'read-failed', cause: 'present-at-start' });
    const polls = card.log.filter((entry) => entry.kind === 'control').length;
    await card.waitUntil(
      () => card.log.filter((entry) => entry.kind === 'control').length >= polls + 4,
      'four presence polls',
    );
    await host.host.bridge.idle();
    expect(card.apdus()).toEqual([]);
    expect(nfcRequests(payments)).toEqual([]);
    expect(host.outcomes.items).toHaveLength(1);

    await card.tapAgain();
    await waitForSaleState(payments.sale, 'accepted-by-service');
    expect(payments.sandbox.nfcPayments()).toEqual([
      expect.objectContaining({ orderId: sale.orderId, amount: '4', token }),
    ]);
  });

  it('a reader process that dies mid-read answers that tap: the reader restarted, nothing sent', async () => {
    const payments = await begin();
    const host = await startHost(payments);
    const token = payments.sandbox.issueNfcToken();
    await payments.sale.startNfcSale({ amount: '3.00' });
    const from = host.events.mark();
    const answers = host.outcomes.mark();
    const card = await tap({
      app: { kind: 'aid', token },
      fault: { kind: 'slow', delayMs: SLOW_ANSWER_MS, on: 'select-aid' },
    });
    const present = await host.events.waitFor(
      (event) => event.type === 'card-present',
      'the arrival',
      { from },
    );
    await card.waitForApdus(1);
    const statuses = host.statuses.mark();
    host.channels.at(-1)?.kill();
    // Lifted before the successor starts: only the host can still answer it.
    await card.remove();
    const answer = await host.outcomes.waitFor(() => true, "the tap's answer", {
      from: answers,
      timeoutMs: 5000,
    });
    expect(answer).toMatchObject({
      tap: `${present.generation}:${VPCD_READER}:${present.type === 'card-present' ? present.tap : -1}`,
      kind: 'read-failed',
      cause: 'reader-restarted',
    });
    await waitReaderReady(host, statuses);
    await host.host.bridge.idle();
    expect(host.outcomes.since(answers)).toHaveLength(1);
    expect(nfcRequests(payments)).toEqual([]);
    expect(payments.sale.current()?.state).toBe('waiting-for-tap');
  });
});
