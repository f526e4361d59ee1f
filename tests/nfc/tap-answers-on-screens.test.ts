/**
 * Every tap gets its answer on both screens, from real taps: Debian's pcscd with the vpcd
 * virtual reader, our virtual wallet cards, the reader process forked by the harness's NFC
 * host, the real services (main's tap handling sends 'nfc-tap', one per card presence) and the
 * built pages in Debian's Chromium. Each answer must show in the cashier's words on the
 * cashier window and in the customer's words on the customer display. Build the pages first
 * (npx electron-vite build). Screenshots go to test-artifacts/e2e/tap-answers-on-screens/.
 */
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TapAnswer, TapAnswerKind, TapReadCause } from '../../shared/nfc/tap-answer';
import { tapAnswerWords } from '../../renderer/cashier/nfc/tap-answer-words';
import { customerTapWords } from '../../renderer/display/tap-answer-words';
import { byTestId, openTill, waitSaleState, type Till } from '../e2e/cashier-kit';
import { forkReaderProcess } from '../support/fork-reader-channel';
import { PcscRig } from '../support/pcsc-rig';
import { VirtualWalletCard, type VirtualCardOptions } from '../support/virtual-wallet-card';
import type { ReaderEvent } from '../../electron/nfc-host/reader-supervisor';
import { Recorder } from './nfc-test-kit';

describe('tap answers on both screens, from real taps', () => {
  let rig: PcscRig;
  let till: Till;
  const taps = new Recorder<TapAnswer>();
  /** What the reader process reported, for the failure message when a tap is not answered. */
  const readerEvents = new Recorder<ReaderEvent>();
  const cards: VirtualWalletCard[] = [];

  beforeAll(async () => {
    PcscRig.assertInstalled();
    rig = new PcscRig();
    await rig.start();
    till = await openTill('tap-answers-on-screens', {
      spawnReader: () => forkReaderProcess({ stdio: 'ignore' }),
      onEvent: (name, payload) => {
        if (name === 'nfc-tap') taps.push(payload as TapAnswer);
      },
    });
    await till.cashier.waitForSelector(`${byTestId('nfc-status')}[data-state="ready"]`, {
      timeout: 30_000,
    });
    till.harness.services.nfc?.reader.onEvent((event) => readerEvents.push(event));
  });

  afterAll(async () => {
    for (const card of cards) await card.remove();
    await till?.close();
    await rig?.stop();
  });

  /** Where each card's current presence starts in the reader's events. */
  const laidDownAt = new Map<VirtualWalletCard, number>();
  const tap = async (options: VirtualCardOptions) => {
    const from = readerEvents.mark();
    const card = await VirtualWalletCard.tap(options);
    cards.push(card);
    laidDownAt.set(card, from);
    return card;
  };

  /**
   * Takes a card off the reader (if it has not left by itself) and waits until the reader has
   * seen it go: a card put back within one of pcscd's presence polls would read as never
   * lifted, and not be read again.
   */
  const lift = async (card: VirtualWalletCard) => {
    await card.remove();
    await readerEvents.waitFor((event) => event.type === 'card-removed', 'the card lifted', {
      from: laidDownAt.get(card) ?? 0,
    });
  };
  const tapAgain = async (card: VirtualWalletCard) => {
    await lift(card);
    laidDownAt.set(card, readerEvents.mark());
    await card.tapAgain();
  };

  /** Waits until `page` shows `text` in `testId` while its answer is of `kind`. */
  const shows = (page: Page, kind: TapAnswerKind, testId: string, text: string) =>
    page.waitForFunction(
      ([expectedKind, id, expected]) => {
        const root = document.querySelector('[data-testid="tap-answer"]');
        const shown = root?.querySelector(`[data-testid="${id}"]`)?.textContent;
        return root?.getAttribute('data-kind') === expectedKind && shown === expected;
      },
      [kind, testId, text] as const,
      { timeout: 15_000 },
    );

  /**
   * The next answer main sends is `kind` (and `cause`), the only one for this card presence,
   * and both screens show it in their own words.
   */
  const answered = async (from: number, kind: TapAnswerKind, cause?: TapReadCause) => {
    const answer = await taps.waitFor(() => true, `the ${kind} answer`, { from });
    expect({ kind: answer.kind, cause: answer.cause }).toEqual({ kind, cause });
    await Promise.all([
      shows(till.cashier, kind, 'tap-answer-text', tapAnswerWords(answer).text),
      shows(till.display, kind, 'tap-answer-title', customerTapWords(answer).title),
    ]);
    expect(taps.since(from)).toHaveLength(1);
    await till.shots.take(cause ? `${kind}-${cause}` : kind);
  };

  it('answers each tap in words on the cashier window and the customer display', async () => {
    const { harness } = till;
    const sandbox = harness.services.connection.demoSandbox()!;
    sandbox.configure({ acceptAnyNfcToken: false });
    const handlers = harness.services.handlers;

    // No sale waits: the phone is read, nothing is sent.
    let from = taps.mark();
    const early = await tap({ app: { kind: 'aid', token: sandbox.issueNfcToken() } });
    await answered(from, 'no-sale');
    await lift(early);

    await handlers.startNfcSale({ amount: '3' });
    await waitSaleState(till.cashier, 'waiting-for-tap');

    // A card that offers no payment token.
    from = taps.mark();
    const stranger = await tap({ app: { kind: 'none' } });
    await answered(from, 'not-payment-tag');
    await lift(stranger);

    // A phone pulled away mid-read.
    from = taps.mark();
    const pulled = await tap({
      app: { kind: 'ndef', record: 'text', token: sandbox.issueNfcToken(), padding: 200 },
      fault: { kind: 'remove', on: 'read-ndef-body' },
    });
    await answered(from, 'read-failed', 'moved-away');
    await lift(pulled);

    // A slow tag: 15-byte reads, 150 ms each, stopped at the read deadline (2 s).
    from = taps.mark();
    const slowTag = await tap({
      app: {
        kind: 'ndef',
        record: 'text',
        token: sandbox.issueNfcToken(),
        padding: 400,
        maxRead: 15,
      },
      fault: { kind: 'slow', delayMs: 150, on: 'any' },
    });
    await answered(from, 'too-slow');
    await lift(slowTag);

    // A slow phone laid down while no sale waits, the sale started during its read.
    await handlers.cancelSale({});
    await waitSaleState(till.cashier, 'cancelled');
    const token = sandbox.issueNfcToken();
    from = taps.mark();
    const phone = await tap({
      app: { kind: 'aid', token },
      fault: { kind: 'slow', delayMs: 800, on: 'select-aid' },
    });
    await phone.waitForApdus(1);
    await handlers.startNfcSale({ amount: '4' });
    await answered(from, 'sale-changed');
    expect(harness.services.sale.current()?.state).toBe('waiting-for-tap');

    // Tapped again it pays; the service takes its time to answer...
    sandbox.setFaults([{ endpoint: 'generate_nfc', times: 1, latencyMs: 4000 }]);
    from = taps.mark();
    await tapAgain(phone);
    await answered(from, 'sent');
    await waitSaleState(till.cashier, 'submitting');
    await lift(phone);

    // ...and another phone meanwhile (the reader holds one at a time) is told to wait.
    from = taps.mark();
    const second = await tap({ app: { kind: 'aid', token: sandbox.issueNfcToken() } });
    await answered(from, 'still-sending');
    await lift(second);
    await waitSaleState(till.cashier, 'accepted-by-service', 20_000);

    // The next sale: the same phone, its token already spent.
    await handlers.startNfcSale({ amount: '6' });
    await waitSaleState(till.cashier, 'waiting-for-tap');
    from = taps.mark();
    await tapAgain(phone);
    await answered(from, 'already-used');
    await phone.remove();

    expect(sandbox.nfcPayments()).toEqual([expect.objectContaining({ amount: '4', token })]);
    expect(harness.services.sale.current()?.state).toBe('waiting-for-tap');
  });
});
