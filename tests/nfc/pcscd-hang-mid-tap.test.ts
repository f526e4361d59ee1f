/**
 * pcscd hangs (SIGSTOP) in the middle of a tap: the tap is answered, and the answer blames the
 * reader's service, not the phone; the cashier reads "the card reader service is not
 * answering", never "ready" for long nor just "restarting"; nothing is sent. The hang lands
 * where a synchronous PC/SC call on the reader process's thread would freeze it (right after
 * the card's arrival, right after its last answer) and where an APDU waits on the worker
 * thread. Real pcscd + vpcd, the forked reader process, the host. From the hostile tester's
 * probes (hang H2, sync-block, sync-block2).
 */
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultPcscHealth } from '../../electron/nfc/pcsc-health-check';
import { PcscRig } from '../support/pcsc-rig';
import {
  VirtualWalletCard,
  type CommandKind,
  type VirtualCardOptions,
} from '../support/virtual-wallet-card';
import {
  startPaymentStack,
  startTestHost,
  waitReaderReady,
  type PaymentStack,
  type TestHost,
} from './nfc-test-kit';

const APDU_TIMEOUT_MS = 1500;
const READ_DEADLINE_MS = 2000;
/** A read's deadline, then a status query's, then the IPC and a loaded machine. */
const ANSWER_WITHIN_MS = READ_DEADLINE_MS + defaultPcscHealth.deadlineMs + 3000;

/** Busy-waits `microseconds`: a timer cannot wait less than a millisecond. */
function spin(microseconds: number): void {
  const until = performance.now() + microseconds / 1000;
  while (performance.now() < until) {
    // The window between pcscd's answer and the reader process's next call is well under 1 ms.
  }
}

describe('pcscd hangs in the middle of a tap', () => {
  let rig: PcscRig;
  let stack: PaymentStack;
  let test: TestHost;
  let cards: VirtualWalletCard[] = [];

  beforeAll(async () => {
    PcscRig.assertInstalled();
    rig = new PcscRig();
    await rig.start();
    stack = await startPaymentStack({ acceptAnyNfcToken: true });
    test = startTestHost({
      sale: stack.sale,
      apduTimeoutMs: APDU_TIMEOUT_MS,
      readDeadlineMs: READ_DEADLINE_MS,
    });
    await waitReaderReady(test);
  });

  afterEach(async () => {
    rig.resume();
    for (const card of cards) await card.remove();
    cards = [];
    // The service answers again: the reader is ready again, as it always is after a hang.
    const from = test.statuses.mark();
    if (test.host.reader.status().state !== 'ready') await waitReaderReady(test, from, 20_000);
  });

  afterAll(async () => {
    rig?.resume();
    await test?.stop();
    await stack?.close();
    await rig?.stop();
  });

  const nfcRequests = () =>
    stack.sandbox.requests().filter((request) => request.endpoint === 'generate_nfc');

  const tap = async (options: VirtualCardOptions) => {
    const card = await VirtualWalletCard.tap(options);
    cards.push(card);
    return card;
  };

  /**
   * After a hang from `statusesFrom` on: the cashier is told PC/SC is not answering and never
   * that the reader is restarting; every card presence reported from `eventsFrom` on got
   * exactly one answer.
   */
  const expectHangToldAndTapsAnswered = async (
    statusesFrom: number,
    eventsFrom: number,
    answersFrom: number,
  ) => {
    await test.statuses.waitFor((status) => status.state === 'pcsc-not-answering', 'the hang', {
      from: statusesFrom,
      timeoutMs: ANSWER_WITHIN_MS,
    });
    const presences = test.events
      .since(eventsFrom)
      .filter((event) => event.type === 'card-present')
      .map(
        (event) =>
          `${event.generation}:${event.reader}:${event.type === 'card-present' ? event.tap : -1}`,
      );
    for (const presence of presences)
      await test.outcomes.waitFor(
        (outcome) => outcome.tap === presence,
        `the answer to ${presence}`,
        {
          from: answersFrom,
          timeoutMs: ANSWER_WITHIN_MS,
        },
      );
    const answered = test.outcomes.since(answersFrom).map((outcome) => outcome.tap);
    expect([...answered].sort()).toEqual([...presences].sort());
    expect(test.statuses.since(statusesFrom).map((status) => status.state)).not.toContain(
      'restarting',
    );
    return test.outcomes.since(answersFrom);
  };

  it('while the phone holds its command: answered as the reader\'s trouble, not "the phone did not answer"', async () => {
    await stack.sale.startNfcSale({ amount: '1.00' });
    const events = test.events.mark();
    const answers = test.outcomes.mark();
    const card = await tap({
      app: { kind: 'aid', token: stack.sandbox.issueNfcToken() },
      fault: { kind: 'slow', delayMs: 400, on: 'select-aid' },
    });
    await test.events.waitFor((event) => event.type === 'reading', 'reading', { from: events });
    await card.waitForApdus(1);
    const statuses = test.statuses.mark();
    rig.pause();
    const answered = await expectHangToldAndTapsAnswered(statuses, events, answers);
    expect(answered).toEqual([
      expect.objectContaining({ kind: 'read-failed', cause: 'reader-problem' }),
    ]);
    // The phone's fault never stands in for the service's status.
    for (const status of test.statuses.since(statuses))
      expect(status.lastError ?? '').not.toMatch(/phone/i);
    expect(nfcRequests()).toEqual([]);
    await stack.sale.cancel();
  });

  /** A card that pauses pcscd once, `delayUs` after the moment `at` names. */
  const hangingCard = (
    at: 'power-on-atr' | CommandKind,
    delayUs: number,
  ): Pick<VirtualCardOptions, 'after'> => {
    let armed = true;
    const hang = () => {
      if (!armed) return;
      armed = false;
      spin(delayUs);
      rig.pause();
    };
    return at === 'power-on-atr'
      ? { after: { powerOnAtr: hang } }
      : { after: { answer: (command) => command === at && hang() } };
  };

  it.each<[string, 'power-on-atr' | CommandKind, number]>([
    // pcscd has told the reader process of the card, not yet answered it anything more.
    ["right after the card's arrival", 'power-on-atr', 700],
    // The wallet's answer is on its way to the reader process; its release is next.
    ["right after the wallet's answer", 'select-aid', 150],
  ])(
    '%s: the tap is answered and the hang is told, the reader process never frozen',
    async (_name, at, delayUs) => {
      const events = test.events.mark();
      const answers = test.outcomes.mark();
      const statuses = test.statuses.mark();
      await tap({
        app: { kind: 'aid', token: stack.sandbox.issueNfcToken() },
        ...hangingCard(at, delayUs),
      });
      await expectHangToldAndTapsAnswered(statuses, events, answers);
      expect(nfcRequests()).toEqual([]);
    },
  );
});
