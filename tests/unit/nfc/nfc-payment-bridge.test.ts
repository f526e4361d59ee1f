import { describe, expect, it } from 'vitest';
import {
  connectNfcPaymentBridge,
  type NfcSalePort,
  type TapOutcome,
} from '../../../electron/nfc-host/nfc-payment-bridge';
import type { ReaderEvent } from '../../../electron/nfc-host/reader-supervisor';
import type { NfcTapVerdict } from '../../../electron/sale/sale-service';
import type { SaleSnapshot } from '../../../electron/sale/sale-snapshot';

const TOKEN_A = '0f8fad5b-d9cb-469f-a165-70867728950e';
const TOKEN_B = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** The sale as the bridge sees it: refuses a token for any order but the one waiting. */
class FakeSale implements NfcSalePort {
  sale: { orderId: string; state: string } | null = null;
  submitted: { orderId: string; token: string }[] = [];
  pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  /** What the next submission gets instead of the rule above (a refusal of the sale's own). */
  verdict: NfcTapVerdict | (() => never) | null = null;

  start(orderId: string) {
    this.sale = { orderId, state: 'waiting-for-tap' };
  }
  current() {
    return this.sale;
  }
  submitNfcToken(orderId: string, token: string): NfcTapVerdict {
    const forced = this.verdict;
    this.verdict = null;
    if (typeof forced === 'function') return forced();
    if (forced) return forced;
    if (this.sale?.orderId !== orderId || this.sale.state !== 'waiting-for-tap')
      return { kind: 'refused', refusal: 'sale-changed' };
    this.submitted.push({ orderId, token });
    this.sale = { orderId, state: 'submitting' };
    const answered = new Promise<SaleSnapshot>((resolve, reject) =>
      this.pending.push({ resolve: () => resolve({} as SaleSnapshot), reject }),
    );
    return { kind: 'sent', answered };
  }
}

function setup() {
  const listeners: ((event: ReaderEvent) => void)[] = [];
  const sale = new FakeSale();
  const bridge = connectNfcPaymentBridge({
    reader: { onEvent: (listener) => (listeners.push(listener), () => undefined) },
    sale,
  });
  const outcomes: TapOutcome[] = [];
  bridge.onOutcome((outcome) => outcomes.push(outcome));
  const emit = (event: ReaderEvent) => listeners.forEach((listener) => listener(event));
  /** A card lands on reader R1: presence `tap` of process `generation`. */
  const arrive = (tap: number, generation = 1) =>
    emit({ type: 'card-present', reader: 'R1', tap, generation });
  const read = (token: string, tap: number, generation = 1) =>
    emit({
      type: 'token-read',
      reader: 'R1',
      tap,
      token,
      protocol: 'aid',
      exchangeMs: 5,
      generation,
    });
  const fail = (tap: number, fault: string | undefined, generation = 1) =>
    emit({
      type: 'error',
      reader: 'R1',
      tap,
      message: 'the reader words it',
      ...(fault === undefined ? {} : { fault }),
      generation,
    });
  /** What the pages hear: each answer's kind and cause, in order. */
  const answers = () =>
    outcomes.map((outcome) => (outcome.cause ? `${outcome.kind}/${outcome.cause}` : outcome.kind));
  return { sale, bridge, outcomes, arrive, read, fail, emit, answers };
}

describe('NFC payment bridge: a tap pays the sale it was read for', () => {
  it('sends the token to the order that waited when the card arrived, and answers "sent"', async () => {
    const { sale, bridge, outcomes, arrive, read } = setup();
    sale.start('order-10');
    arrive(1);
    read(TOKEN_A, 1);
    expect(sale.submitted).toEqual([{ orderId: 'order-10', token: TOKEN_A }]);
    expect(outcomes).toEqual([{ tap: '1:R1:1', kind: 'sent', detail: 'order-10' }]);
    sale.pending[0]?.resolve();
    await bridge.idle();
    expect(outcomes).toHaveLength(1);
  });

  it('a slow read across cancel-and-restart pays nothing: the token was read for the cancelled sale', () => {
    const { sale, arrive, read, answers } = setup();
    sale.start('order-10');
    arrive(1);
    // The phone answers slowly; meanwhile the cashier cancels 10.00 and starts 99.00.
    sale.sale = { orderId: 'order-10', state: 'cancelled' };
    sale.start('order-99');
    read(TOKEN_A, 1);
    expect(sale.submitted).toEqual([]);
    expect(answers()).toEqual(['sale-changed']);
  });

  it('a phone laid down before the sale started pays nothing, whenever its read ends', () => {
    const { sale, arrive, read, answers } = setup();
    arrive(1);
    read(TOKEN_A, 1);
    arrive(2);
    sale.start('order-5');
    read(TOKEN_B, 2);
    expect(sale.submitted).toEqual([]);
    expect(answers()).toEqual(['no-sale', 'sale-changed']);
  });

  it('keeps a refused token unspent: the same phone tapped again pays the sale now on screen', () => {
    const { sale, arrive, read, answers } = setup();
    arrive(1);
    sale.start('order-5');
    read(TOKEN_A, 1);
    arrive(2);
    read(TOKEN_A, 2);
    expect(sale.submitted).toEqual([{ orderId: 'order-5', token: TOKEN_A }]);
    expect(answers()).toEqual(['sale-changed', 'sent']);
  });

  it('a token read without its arrival seen (the bridge joined late) is bound to no sale', () => {
    const { sale, read, answers } = setup();
    sale.start('order-5');
    read(TOKEN_A, 1);
    expect(sale.submitted).toEqual([]);
    expect(answers()).toEqual(['sale-changed']);
  });
});

describe('NFC payment bridge: one answer for every card presence', () => {
  it('answers a presence once, whatever else its reader says about it', () => {
    const { sale, arrive, read, fail, answers } = setup();
    sale.start('order-1');
    arrive(1);
    read(TOKEN_A, 1);
    sale.start('order-2');
    read(TOKEN_B, 1);
    fail(1, 'timeout');
    expect(sale.submitted).toEqual([{ orderId: 'order-1', token: TOKEN_A }]);
    expect(answers()).toEqual(['sent']);
  });

  it('never sends a token twice: tapped again, or read again by a restarted reader', async () => {
    const { sale, bridge, arrive, read, answers } = setup();
    sale.start('order-1');
    arrive(1);
    read(TOKEN_A, 1);
    sale.pending[0]?.reject(new Error('refused'));
    await bridge.idle();
    sale.start('order-2');
    arrive(2);
    read(TOKEN_A, 2);
    arrive(1, 2);
    read(TOKEN_A, 1, 2);
    expect(sale.submitted).toEqual([{ orderId: 'order-1', token: TOKEN_A }]);
    expect(answers()).toEqual(['sent', 'already-used', 'already-used']);
  });

  it('answers "still sending" to every tap while a token is on the wire, the same phone too', async () => {
    const { sale, bridge, arrive, read, answers } = setup();
    sale.start('order-1');
    arrive(1);
    read(TOKEN_A, 1);
    arrive(2);
    read(TOKEN_B, 2);
    arrive(3);
    read(TOKEN_A, 3);
    expect(sale.submitted).toHaveLength(1);
    expect(answers()).toEqual(['sent', 'still-sending', 'still-sending']);
    // Once the answer is in, the next tap is judged again.
    sale.pending[0]?.resolve();
    await bridge.idle();
    sale.start('order-2');
    arrive(4);
    read(TOKEN_B, 4);
    expect(answers().at(-1)).toBe('sent');
  });

  it('answers "no sale" to a tap while none waits, without spending the token', () => {
    const { sale, arrive, read, answers } = setup();
    sale.sale = { orderId: 'order-1', state: 'accepted-by-service' };
    arrive(1);
    read(TOKEN_A, 1);
    sale.start('order-2');
    arrive(2);
    read(TOKEN_A, 2);
    expect(answers()).toEqual(['no-sale', 'sent']);
  });

  it("answers the sale's own refusals in their words, and remembers a token it calls used", () => {
    const { sale, arrive, read, answers } = setup();
    sale.start('order-1');
    sale.verdict = { kind: 'refused', refusal: 'already-used' };
    arrive(1);
    read(TOKEN_A, 1);
    arrive(2);
    read(TOKEN_A, 2);
    sale.verdict = { kind: 'refused', refusal: 'not-a-token' };
    arrive(3);
    read(TOKEN_B, 3);
    expect(sale.submitted).toEqual([]);
    expect(answers()).toEqual(['already-used', 'already-used', 'not-payment-tag']);
  });

  it('answers "not sent" when the sale could not record the tap, or its port threw', () => {
    const { sale, arrive, read, outcomes, answers } = setup();
    sale.start('order-1');
    sale.verdict = { kind: 'not-sent', message: 'database or disk is full' };
    arrive(1);
    read(TOKEN_A, 1);
    sale.verdict = () => {
      throw new Error('the sale service is gone');
    };
    arrive(2);
    read(TOKEN_A, 2);
    expect(answers()).toEqual(['not-sent', 'not-sent']);
    expect(outcomes.map((outcome) => outcome.detail)).toEqual([
      'database or disk is full',
      'the sale service is gone',
    ]);
    // Nothing was sent, so the token is still good.
    arrive(3);
    read(TOKEN_A, 3);
    expect(answers().at(-1)).toBe('sent');
  });

  it("answers a failed read by its fault, and says nothing for PC/SC's own failure", () => {
    const { sale, fail, emit, answers } = setup();
    sale.start('order-1');
    const faults = [
      'timeout',
      'too-slow',
      'transmit-failed',
      'garbled',
      'too-large',
      'not-a-wallet',
      'not-a-token',
      'unsupported-tag',
      'something new',
      undefined,
    ];
    faults.forEach((fault, index) => fail(index + 1, fault));
    emit({
      type: 'error',
      fault: 'pcsc-failed',
      message: 'The card reader service stopped.',
      generation: 1,
    });
    expect(answers()).toEqual([
      'read-failed/no-answer',
      'too-slow',
      'read-failed/moved-away',
      'read-failed/garbled',
      'read-failed/too-large',
      'not-payment-tag',
      'not-payment-tag',
      'not-payment-tag',
      'read-failed',
      'read-failed',
    ]);
    expect(sale.submitted).toEqual([]);
  });
});

describe('NFC payment bridge: a card found on the reader at a start is no tap', () => {
  const foundThere = (tap: number, generation: number): ReaderEvent => ({
    type: 'card-present',
    reader: 'R1',
    tap,
    alreadyThere: true,
    generation,
  });

  it('binds it to no sale: told to lift it while a sale waits, "no sale" otherwise', () => {
    const { sale, emit, read, answers } = setup();
    emit(foundThere(1, 1));
    sale.start('order-7');
    emit(foundThere(2, 1));
    // Even a reader that read it anyway pays nothing with it.
    read(TOKEN_A, 2);
    expect(sale.submitted).toEqual([]);
    expect(answers()).toEqual(['no-sale', 'read-failed/present-at-start']);
  });

  it('does not answer again the card a previous process answered, still lying there', () => {
    const { sale, emit, arrive, read, answers } = setup();
    arrive(1);
    read(TOKEN_A, 1);
    sale.start('order-7');
    emit({ type: 'process-ended', generation: 1, pcscHung: false });
    emit({ type: 'reader-ready', reader: 'R1', generation: 2 });
    emit(foundThere(1, 2));
    expect(answers()).toEqual(['no-sale']);
    expect(sale.submitted).toEqual([]);
    // Lifted, and the process restarts again: a card found then is a new one, answered.
    emit({ type: 'card-removed', reader: 'R1', tap: 1, generation: 2 });
    emit({ type: 'process-ended', generation: 2, pcscHung: false });
    emit({ type: 'reader-ready', reader: 'R1', generation: 3 });
    emit(foundThere(1, 3));
    expect(answers()).toEqual(['no-sale', 'read-failed/present-at-start']);
  });

  it('does not answer again the card a lost PC/SC session answered, found by the next session', () => {
    const { sale, emit, arrive, read, answers } = setup();
    sale.start('order-7');
    arrive(1);
    sale.sale = { orderId: 'order-7', state: 'cancelled' };
    sale.start('order-8');
    read(TOKEN_A, 1);
    emit({ type: 'error', fault: 'pcsc-failed', message: 'stopped', generation: 1 });
    emit({ type: 'reader-ready', reader: 'R1', generation: 1 });
    emit(foundThere(2, 1));
    expect(answers()).toEqual(['sale-changed']);
  });

  it('a card laid down after a restart, on a reader that had none, is an ordinary tap', () => {
    const { sale, emit, arrive, read, answers } = setup();
    emit({ type: 'process-ended', generation: 1, pcscHung: false });
    emit({ type: 'reader-ready', reader: 'R1', generation: 2 });
    sale.start('order-7');
    arrive(1, 2);
    read(TOKEN_A, 1, 2);
    expect(answers()).toEqual(['sent']);
  });
});

describe('NFC payment bridge: a read the reader process could not finish', () => {
  it('is answered when its process ends: the reader restarted, nothing sent', () => {
    const { sale, emit, arrive, read, answers } = setup();
    sale.start('order-1');
    arrive(1);
    arrive(2);
    read(TOKEN_A, 2);
    emit({ type: 'process-ended', generation: 1, pcscHung: false });
    // A late word from the dead process changes nothing.
    read(TOKEN_B, 1);
    expect(answers()).toEqual(['sent', 'read-failed/reader-restarted']);
    expect(sale.submitted).toEqual([{ orderId: 'order-1', token: TOKEN_A }]);
  });

  it("blames the reader's service when its process ended because PC/SC hung", () => {
    const { sale, emit, arrive, answers } = setup();
    sale.start('order-1');
    arrive(1);
    emit({ type: 'process-ended', generation: 1, pcscHung: true });
    expect(answers()).toEqual(['read-failed/reader-problem']);
  });

  it("answers only the ended process's reads, once, and not those of the one after it", () => {
    const { emit, arrive, answers } = setup();
    arrive(1, 1);
    arrive(1, 2);
    emit({ type: 'process-ended', generation: 1, pcscHung: false });
    emit({ type: 'process-ended', generation: 1, pcscHung: false });
    expect(answers()).toEqual(['read-failed/reader-restarted']);
  });
});

describe('NFC payment bridge: a read the reader or its service took down', () => {
  it.each<[string, ReaderEvent[], string]>([
    [
      'the reader unplugged',
      [
        { type: 'reader-gone', reader: 'R1', generation: 1 },
        { type: 'no-reader', generation: 1 },
      ],
      'transmit-failed',
    ],
    [
      'PC/SC stopped',
      [{ type: 'error', fault: 'pcsc-failed', message: 'stopped', generation: 1 }],
      'transmit-failed',
    ],
    ['PC/SC hung', [{ type: 'pcsc-not-answering', waitedMs: 2000, generation: 1 }], 'timeout'],
  ])('blames the reader, not the phone, when %s under the read', (_name, trouble, fault) => {
    const { sale, emit, arrive, fail, answers } = setup();
    sale.start('order-1');
    arrive(1);
    trouble.forEach(emit);
    fail(1, fault);
    expect(answers()).toEqual(['read-failed/reader-problem']);
  });

  it("blames the phone still for another reader's trouble, or trouble before its arrival", () => {
    const { emit, arrive, fail, answers } = setup();
    arrive(1);
    emit({ type: 'reader-gone', reader: 'R2', generation: 1 });
    fail(1, 'transmit-failed');
    emit({ type: 'error', fault: 'pcsc-failed', message: 'stopped', generation: 1 });
    arrive(2);
    fail(2, 'timeout');
    expect(answers()).toEqual(['read-failed/moved-away', 'read-failed/no-answer']);
  });
});

describe('NFC payment bridge: a read that ends after its sale moved on', () => {
  it('tells a second phone "no sale", not "tap again", once another paid the sale', async () => {
    const { sale, bridge, arrive, read, answers } = setup();
    sale.start('order-4');
    arrive(1);
    arrive(2);
    read(TOKEN_A, 1);
    sale.pending[0]?.resolve();
    await bridge.idle();
    sale.sale = { orderId: 'order-4', state: 'accepted-by-service' };
    read(TOKEN_B, 2);
    expect(answers()).toEqual(['sent', 'no-sale']);
    expect(sale.submitted).toEqual([{ orderId: 'order-4', token: TOKEN_A }]);
  });

  it('tells it "still sending" while the sale is being paid, and "no sale" once it was cancelled', () => {
    const { sale, arrive, read, answers } = setup();
    sale.start('order-4');
    arrive(1);
    arrive(2);
    sale.sale = { orderId: 'order-4', state: 'submitting' };
    read(TOKEN_A, 1);
    sale.sale = { orderId: 'order-4', state: 'cancelled' };
    read(TOKEN_B, 2);
    expect(answers()).toEqual(['still-sending', 'no-sale']);
    expect(sale.submitted).toEqual([]);
  });
});
