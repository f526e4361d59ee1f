import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReaderChannel } from '../../../electron/nfc-host/reader-channel';
import { wireNfc, type NfcWiring } from '../../../electron/nfc-host/nfc-wiring';
import { silentLogger } from '../../../electron/logging/logger';
import type { HostToReader } from '../../../electron/nfc/reader-protocol';
import { SaleService } from '../../../electron/sale/sale-service';
import { eventNames, type Events } from '../../../shared/ipc/contract';
import { tapAnswerKinds, type TapAnswer } from '../../../shared/nfc/tap-answer';
import { ManualClock } from '../../support/manual-clock';
import { FakeSaleClient } from '../../support/sale-fake-client';
import { tempJournal, testTerms, type TempJournal } from '../../support/sale-fixtures';

// What main sends the pages of each tap ('nfc-tap', shared/nfc/tap-answer.ts), through the
// real wiring, supervisor, bridge and sale service (fake client, real SQLite, manual clock);
// the reader process is played by the test.

const TOKEN = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
const TOKEN_2 = '7d1e2f3a-4b5c-4d6e-9f70-8a9b0c1d2e3f';

class PlayedReader implements ReaderChannel {
  readonly sent: HostToReader[] = [];
  private listener: (message: unknown) => void = () => undefined;
  private tapCount = 0;
  send(message: HostToReader) {
    this.sent.push(message);
  }
  onMessage(listener: (message: unknown) => void) {
    this.listener = listener;
  }
  onExit() {}
  kill() {}
  say(message: unknown) {
    this.listener(message);
  }
  /** A card lands on the reader: its arrival, then (later, by the test) its result. */
  arrive(): number {
    const tap = ++this.tapCount;
    this.say({ type: 'card-present', reader: 'R1', tap });
    this.say({ type: 'reading', reader: 'R1', tap });
    return tap;
  }
  token(tap: number, token: string) {
    this.say({ type: 'token-read', reader: 'R1', tap, token, protocol: 'aid', exchangeMs: 40 });
  }
  fault(tap: number, fault: string) {
    this.say({
      type: 'error',
      reader: 'R1',
      tap,
      fault,
      message: `the reader's words for ${fault}`,
    });
  }
}

describe("main's 'nfc-tap' events", () => {
  let clock: ManualClock;
  let temp: TempJournal;
  let client: FakeSaleClient;
  let sale: SaleService;
  let reader: PlayedReader;
  let wiring: NfcWiring;
  let taps: TapAnswer[];
  let sent: { name: string; payload: unknown }[];

  beforeEach(() => {
    clock = new ManualClock();
    temp = tempJournal(clock);
    client = new FakeSaleClient();
    sale = new SaleService({ journal: temp.journal, client, clock, terms: () => testTerms });
    reader = new PlayedReader();
    taps = [];
    sent = [];
    wiring = wireNfc({
      spawnReader: () => reader,
      clock,
      logger: silentLogger,
      sale,
      aid: 'F0504F533235',
      readDeadlineMs: 2500,
      send: <Name extends keyof Events & string>(name: Name, payload: unknown) => {
        sent.push({ name, payload });
        if (name === 'nfc-tap') taps.push(payload as TapAnswer);
      },
    });
    reader.say({ type: 'reader-ready', reader: 'R1' });
  });
  afterEach(() => temp.cleanup());

  it('configures the reader with the read deadline of the settings', () => {
    expect(reader.sent[0]).toMatchObject({ type: 'configure', readDeadlineMs: 2500 });
    expect(eventNames).toContain('nfc-tap');
  });

  it('sends one answer per card presence, numbered, stamped by the clock, and nothing else', async () => {
    // No sale: the tap is answered, not sent.
    reader.token(reader.arrive(), TOKEN);
    clock.advance(1000);
    // The sale waits; the first tap is sent.
    const waiting = await sale.startNfcSale({ amount: '4.20' });
    const first = reader.arrive();
    reader.token(first, TOKEN);
    // Its reader repeats itself: no second answer for the same presence.
    reader.token(first, TOKEN_2);
    // Another phone while the first token is on the wire.
    clock.advance(10);
    reader.token(reader.arrive(), TOKEN_2);
    client.lastNfc().resolve('success');
    await wiring.host?.bridge.idle();
    // The same phone again, and a phone that moved away.
    clock.advance(10);
    await sale.startNfcSale({ amount: '1' });
    reader.token(reader.arrive(), TOKEN);
    reader.fault(reader.arrive(), 'transmit-failed');

    const start = Date.UTC(2026, 10, 22, 9, 0, 0);
    expect(taps).toEqual([
      { seq: 1, kind: 'no-sale', atMs: start },
      { seq: 2, kind: 'sent', atMs: start + 1000 },
      { seq: 3, kind: 'still-sending', atMs: start + 1010 },
      { seq: 4, kind: 'already-used', atMs: start + 1020 },
      { seq: 5, kind: 'read-failed', cause: 'moved-away', atMs: start + 1020 },
    ]);
    expect(client.nfcCalls.map((call) => call.request.order_id)).toEqual([waiting.orderId]);
    // Nothing of a token, an order or the reader's technical words reaches the pages.
    for (const answer of taps) {
      expect(Object.keys(answer).sort()).toEqual(
        answer.cause ? ['atMs', 'cause', 'kind', 'seq'] : ['atMs', 'kind', 'seq'],
      );
      expect(tapAnswerKinds).toContain(answer.kind);
    }
    expect(JSON.stringify(sent)).not.toContain(TOKEN);
  });

  it("answers the sale's own refusal of a used token, and a tap the sale could not record", async () => {
    const waiting = await sale.startNfcSale({ amount: '1' });
    // Used once by the sale itself (another way in than this reader).
    const verdict = sale.submitNfcToken(waiting.orderId, TOKEN);
    client.lastNfc().reject(new Error('the network went away'));
    if (verdict.kind === 'sent') await verdict.answered;
    await sale.retrySameOrder();
    reader.token(reader.arrive(), TOKEN);
    // The journal cannot take the tap.
    const transition = temp.journal.transition.bind(temp.journal);
    temp.journal.transition = () => {
      throw new Error('database or disk is full');
    };
    reader.token(reader.arrive(), TOKEN_2);
    temp.journal.transition = transition;
    expect(taps.map((answer) => answer.kind)).toEqual(['already-used', 'not-sent']);
    expect(client.nfcCalls).toHaveLength(1);
    expect(sale.current()).toMatchObject({ state: 'waiting-for-tap' });
  });

  it('answers a token read for a sale the cashier cancelled and replaced: nothing sent', async () => {
    await sale.startNfcSale({ amount: '10.00' });
    const slow = reader.arrive();
    await sale.cancel();
    await sale.startNfcSale({ amount: '99.00' });
    reader.token(slow, TOKEN);
    expect(taps.map((answer) => answer.kind)).toEqual(['sale-changed']);
    expect(client.nfcCalls).toHaveLength(0);
  });
});
