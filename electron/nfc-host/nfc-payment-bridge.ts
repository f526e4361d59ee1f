/**
 * From a tap to the sale (docs/payment-service.md: NFC payment — one tap is one submission),
 * and one answer per tap. A tap is bound to the order on screen when its card arrived: the
 * reader reports the arrival (`card-present`) before it reads, and the order then waiting for
 * a tap is the only one its token may pay. A phone that answers slowly while the cashier
 * cancels and starts another sale, or one laid down before the sale started, pays nothing;
 * the sale itself refuses the token when that order no longer waits (`submitNfcToken`).
 *
 * Every card presence gets exactly one answer (`TapOutcome`, for both pages as 'nfc-tap'):
 *   - sent: the token went to the order it was read for;
 *   - still-sending: another tap's token is on the wire;
 *   - already-used: this token was sent once already (tapped twice, a restarted reader);
 *   - no-sale / sale-changed: no order waited when the card arrived, or it no longer waits;
 *   - not-sent: the sale could not record the tap; nothing was sent;
 *   - a failed read, as its fault (tap-answers.ts).
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

const answerOfRefusal: Record<NfcTapRefusal, TapAnswerParts['kind']> = {
  'sale-changed': 'sale-changed',
  'already-used': 'already-used',
  // The reader checks the token's shape too, so this is a belt to its braces.
  'not-a-token': 'not-payment-tag',
};

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
  /** The order waiting for a tap when each card arrived; null: none waited. */
  const arrivals = new BoundedMap<string | null>(memory);
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

  const onToken = (tap: string, token: string) => {
    if (!firstResult(tap)) return;
    if (inFlight) return emit({ tap, kind: 'still-sending' });
    if (usedTokens.has(token)) return emit({ tap, kind: 'already-used' });
    const boundTo = arrivals.get(tap) ?? null;
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
        return emit({ tap, kind: answerOfRefusal[verdict.refusal], detail: verdict.refusal });
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
    if (firstResult(tap)) emit({ tap, ...answerForReadFault(fault), detail: message });
  };

  const unsubscribe = options.reader.onEvent((event) => {
    if (!('tap' in event) || event.tap === undefined || event.reader === undefined) return;
    const tap = `${event.generation}:${event.reader}:${event.tap}`;
    if (event.type === 'card-present') arrivals.set(tap, waitingOrderId());
    else if (event.type === 'token-read') onToken(tap, event.token);
    else if (event.type === 'error' && event.fault !== PCSC_FAILED)
      onReadFailed(tap, event.fault, event.message);
  });

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
