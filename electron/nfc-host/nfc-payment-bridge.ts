/**
 * From a tap to the sale (docs/payment-service.md: NFC payment — one tap is one submission),
 * and one answer per tap. A tap is bound to the order on screen when its card arrived: the
 * reader reports the arrival (`card-present`) before it reads, and the order then waiting for
 * a tap is the only one its token may pay. A phone that answers slowly while the cashier
 * cancels and starts another sale, or one laid down before the sale started, pays nothing;
 * the sale itself refuses the token when that order no longer waits (`submitNfcToken`). A
 * card the reader found already lying on it (`alreadyThere`: at a start, a restart, a new
 * PC/SC session) has no known arrival: it is bound to nothing, never read, and must be lifted
 * and laid down again to pay.
 *
 * Every card presence gets exactly one answer (`TapOutcome`, for both pages as 'nfc-tap'):
 *   - sent: the token went to the order it was read for;
 *   - still-sending: another tap's token is on the wire (or is paying this tap's order now);
 *   - already-used: this token was sent once already (tapped twice, a restarted reader);
 *   - no-sale: no order waits for a tap now (none did, or the tap's own order was paid or
 *     ended meanwhile: nobody need tap again);
 *   - sale-changed: another order waits now than the one the tap was for;
 *   - not-sent: the sale could not record the tap; nothing was sent;
 *   - a failed read, as its fault (tap-answers.ts), except when the reader or PC/SC failed
 *     under it (the reader gone, PC/SC failed or hung, before the result): then the cause is
 *     'reader-problem', never the phone's;
 *   - a process that ended before its read's result: 'reader-restarted' ('reader-problem'
 *     when it ended because PC/SC hung);
 *   - a card found on the reader at its start: 'present-at-start' (lift and tap again), or
 *     no-sale when no sale waits; nothing when it is the presence a previous process or
 *     session already answered (it never left the reader).
 * A second result for the same presence (a reader repeating itself) is only logged.
 * The sale is a small port so this works with the real SaleService or a test double.
 */
import type { Logger } from '../logging/logger';
import { silentLogger } from '../logging/logger';
import { PCSC_FAILED } from '../nfc/reader-protocol';
import type { NfcTapRefusal, NfcTapVerdict } from '../sale/sale-service';
import type { ReaderEvent } from './reader-supervisor';
import { answerForReadFault, type TapAnswerParts } from './tap-answers';

export interface NfcSalePort {
  current(): { orderId: string; state: string } | null | undefined;
  /** Sends `token` for `orderId` only if that order waits for a tap now; decided at once. */
  submitNfcToken(orderId: string, token: string): NfcTapVerdict;
}

interface ReaderEventSource {
  onEvent(listener: (event: ReaderEvent) => void): () => void;
}

/** What became of one card presence; `tap` names it (process generation, reader, tap). */
export type TapOutcome = TapAnswerParts & {
  tap: string;
  /** For the log only: the reader's or the sale's words, the order paid. Never a token. */
  detail?: string;
};

export interface NfcPaymentBridgeOptions {
  reader: ReaderEventSource;
  sale: NfcSalePort;
  logger?: Logger;
  /** How many used tokens, answered taps and arrivals to remember (oldest forgotten first). */
  memory?: number;
}

export interface NfcPaymentBridge {
  onOutcome(listener: (outcome: TapOutcome) => void): () => void;
  /** Resolves when no submission is in flight (for an orderly shutdown and for tests). */
  idle(): Promise<void>;
  dispose(): void;
}

const WAITING_FOR_TAP = 'waiting-for-tap';
const SUBMITTING = 'submitting';

const answerOfRefusal: Record<Exclude<NfcTapRefusal, 'sale-changed'>, TapAnswerParts['kind']> = {
  'already-used': 'already-used',
  // The reader checks the token's shape too, so this is a belt to its braces.
  'not-a-token': 'not-payment-tag',
};

/** One card presence as the host saw it arrive. */
interface Presence {
  tap: string;
  generation: number;
  reader: string;
  /** The order waiting for a tap at the arrival; null: none, or the arrival is unknown. */
  orderId: string | null;
  /** The reader or PC/SC failed or hung after the arrival: a failed read is not the phone's. */
  readerTrouble: boolean;
  /** Its session is gone (PC/SC failed, the reader unplugged): no removal will be reported. */
  lost: boolean;
}

/** A Map that forgets its oldest entries beyond `limit`. */
class BoundedMap<Value> {
  private readonly items = new Map<string, Value>();
  constructor(private readonly limit: number) {}
  has(key: string): boolean {
    return this.items.has(key);
  }
  get(key: string): Value | undefined {
    return this.items.get(key);
  }
  set(key: string, value: Value): void {
    this.items.delete(key);
    this.items.set(key, value);
    if (this.items.size > this.limit) this.items.delete(this.items.keys().next().value as string);
  }
}

export function connectNfcPaymentBridge(options: NfcPaymentBridgeOptions): NfcPaymentBridge {
  const logger = options.logger ?? silentLogger;
  const memory = options.memory ?? 1000;
  /** Every presence seen arrive, by tap: what its result may pay, and whom to blame. */
  const arrivals = new BoundedMap<Presence>(memory);
  /** Presences still on a reader as far as the host knows: answered at their process's end. */
  const open = new Map<string, Presence>();
  /**
   * Readers whose answered presence was still lying there when its process or session ended:
   * the next session finds that card already there, and it is the same presence.
   */
  const carriedOver = new Set<string>();
  /** Readers a new session just reported whose carried-over presence is expected next. */
  const awaitingCarried = new Set<string>();
  const answered = new BoundedMap<true>(memory);
  const usedTokens = new BoundedMap<true>(memory);
  const listeners = new Set<(outcome: TapOutcome) => void>();
  let inFlight: Promise<void> | null = null;

  const waitingOrderId = (): string | null => {
    const sale = options.sale.current();
    return sale?.state === WAITING_FOR_TAP ? sale.orderId : null;
  };

  const emit = (outcome: TapOutcome) => {
    const { tap, kind, cause, detail } = outcome;
    if (kind !== 'sent') logger.info('nfc tap not sent', { tap, answer: kind, cause, detail });
    // A presence whose session is gone is done with once answered.
    if (open.get(tap)?.lost) open.delete(tap);
    for (const listener of [...listeners]) listener(outcome);
  };

  /** The first result of a card presence gets its answer; a second one is only logged. */
  const firstResult = (tap: string): boolean => {
    if (!answered.has(tap)) {
      answered.set(tap, true);
      return true;
    }
    logger.info('nfc: a second result for one tap ignored', { tap });
    return false;
  };

  /** What a tap read for `orderId` is told when that order no longer waits for it. */
  const answerForChangedSale = (orderId: string): TapAnswerParts['kind'] => {
    const now = options.sale.current();
    if (now?.orderId === orderId && now.state !== WAITING_FOR_TAP)
      // Its own order was paid (or is being paid) by another tap, or ended: nobody taps again.
      return now.state === SUBMITTING ? 'still-sending' : 'no-sale';
    return now?.state === WAITING_FOR_TAP ? 'sale-changed' : 'no-sale';
  };

  const onArrival = (presence: Presence, alreadyThere: boolean) => {
    const carried = awaitingCarried.delete(presence.reader);
    arrivals.set(presence.tap, presence);
    open.set(presence.tap, presence);
    if (!alreadyThere) return;
    // Never read, never bound: only an answer, so the screens say what to do.
    answered.set(presence.tap, true);
    if (carried) {
      logger.info('nfc: the card answered before is still on the reader', { tap: presence.tap });
      return;
    }
    emit(
      waitingOrderId() === null
        ? { tap: presence.tap, kind: 'no-sale', detail: 'on the reader at its start' }
        : { tap: presence.tap, kind: 'read-failed', cause: 'present-at-start' },
    );
  };

  const onToken = (tap: string, token: string) => {
    if (!firstResult(tap)) return;
    if (inFlight) return emit({ tap, kind: 'still-sending' });
    if (usedTokens.has(token)) return emit({ tap, kind: 'already-used' });
    const boundTo = arrivals.get(tap)?.orderId ?? null;
    if (boundTo === null) {
      // Laid down before the sale started: this read is not for the sale now on screen.
      return emit({ tap, kind: waitingOrderId() === null ? 'no-sale' : 'sale-changed' });
    }
    submit(tap, boundTo, token);
  };

  const submit = (tap: string, orderId: string, token: string) => {
    let verdict: NfcTapVerdict;
    try {
      verdict = options.sale.submitNfcToken(orderId, token);
    } catch (error) {
      verdict = {
        kind: 'not-sent',
        message: error instanceof Error ? error.message : String(error),
      };
    }
    switch (verdict.kind) {
      case 'refused':
        if (verdict.refusal === 'already-used') usedTokens.set(token, true);
        return emit({
          tap,
          kind:
            verdict.refusal === 'sale-changed'
              ? answerForChangedSale(orderId)
              : answerOfRefusal[verdict.refusal],
          detail: verdict.refusal,
        });
      case 'not-sent':
        logger.error('nfc token could not be sent', { tap, message: verdict.message });
        return emit({ tap, kind: 'not-sent', detail: verdict.message });
      case 'sent': {
        // Spent: whatever the answer, this token is not sent again.
        usedTokens.set(token, true);
        logger.info('nfc token submitted to the sale', { tap, orderId });
        const settled: Promise<void> = verdict.answered.then(
          () => undefined,
          (error: unknown) =>
            logger.error('nfc token submission failed', {
              tap,
              message: error instanceof Error ? error.message : String(error),
            }),
        );
        inFlight = settled;
        void settled.finally(() => {
          if (inFlight === settled) inFlight = null;
        });
        return emit({ tap, kind: 'sent', detail: orderId });
      }
    }
  };

  const onReadFailed = (tap: string, fault: string | undefined, message: string) => {
    if (!firstResult(tap)) return;
    const readerTrouble = arrivals.get(tap)?.readerTrouble ?? false;
    emit({
      tap,
      ...(readerTrouble
        ? { kind: 'read-failed', cause: 'reader-problem' }
        : answerForReadFault(fault)),
      detail: message,
    });
  };

  /** The reader or PC/SC failed under the open presences of `generation` (of `reader` only). */
  const troubleUnder = (generation: number, lost: boolean, reader?: string) => {
    for (const presence of [...open.values()]) {
      if (presence.generation !== generation) continue;
      if (reader !== undefined && presence.reader !== reader) continue;
      presence.readerTrouble = true;
      if (!lost) continue;
      presence.lost = true;
      carriedOver.add(presence.reader);
      if (answered.has(presence.tap)) open.delete(presence.tap);
    }
  };

  /** A process ended: what it left unanswered is answered; what lay on a reader carries over. */
  const onProcessEnded = (generation: number, pcscHung: boolean) => {
    for (const presence of [...open.values()]) {
      if (presence.generation !== generation) continue;
      open.delete(presence.tap);
      if (!presence.lost) carriedOver.add(presence.reader);
      if (answered.has(presence.tap)) continue;
      answered.set(presence.tap, true);
      const cause = pcscHung || presence.readerTrouble ? 'reader-problem' : 'reader-restarted';
      emit({
        tap: presence.tap,
        kind: 'read-failed',
        cause,
        detail: 'the reader process ended before the read finished',
      });
    }
  };

  const onReaderEvent = (event: ReaderEvent) => {
    const { generation } = event;
    switch (event.type) {
      case 'process-ended':
        return onProcessEnded(generation, event.pcscHung);
      case 'reader-ready':
        // A new session sees the reader: a card found on it now may be the one carried over.
        if (carriedOver.delete(event.reader)) awaitingCarried.add(event.reader);
        else awaitingCarried.delete(event.reader);
        return;
      case 'reader-gone':
        return troubleUnder(generation, true, event.reader);
      case 'no-reader':
      case 'pcsc-not-answering':
        return troubleUnder(generation, false);
      case 'card-present':
        return onArrival(
          {
            tap: `${generation}:${event.reader}:${event.tap}`,
            generation,
            reader: event.reader,
            orderId: event.alreadyThere ? null : waitingOrderId(),
            readerTrouble: false,
            lost: false,
          },
          event.alreadyThere === true,
        );
      case 'card-removed':
        open.delete(`${generation}:${event.reader}:${event.tap}`);
        return;
      case 'token-read':
        return onToken(`${generation}:${event.reader}:${event.tap}`, event.token);
      case 'error':
        if (event.fault === PCSC_FAILED) return troubleUnder(generation, true);
        if (event.tap === undefined || event.reader === undefined) return;
        return onReadFailed(
          `${generation}:${event.reader}:${event.tap}`,
          event.fault,
          event.message,
        );
      default:
        return;
    }
  };

  const unsubscribe = options.reader.onEvent(onReaderEvent);

  return {
    onOutcome(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async idle() {
      while (inFlight) await inFlight;
    },
    dispose() {
      unsubscribe();
      listeners.clear();
    },
  };
}
