/**
 * From a read token to the sale (docs/payment-service.md: NFC payment — one tap is one
 * submission). While the sale waits for a tap, the first valid token goes to
 * `submitNfcToken`, which parses it again before anything is sent; every other read is
 * ignored with a reason:
 *   - one read per card presence (a lingering card, or a reader process that reads again);
 *   - a token is submitted at most once, ever, in this run (tapped twice, restarted reader);
 *   - nothing while a submission is on the wire, nothing when no sale waits.
 * The sale is a small port so this works with the real SaleService or a test double.
 */
import type { Logger } from '../logging/logger';
import { silentLogger } from '../logging/logger';
import type { ReaderEvent } from './reader-supervisor';

export interface NfcSalePort {
  current(): { state: string } | null | undefined;
  submitNfcToken(token: string): Promise<unknown>;
}

interface ReaderEventSource {
  onEvent(listener: (event: ReaderEvent) => void): () => void;
}

type IgnoredReason =
  'second-read-of-tap' | 'token-already-used' | 'no-sale-waiting' | 'submission-in-flight';

export type BridgeOutcome =
  | { kind: 'submitted'; tap: string; result: unknown }
  | { kind: 'submit-failed'; tap: string; message: string }
  | { kind: 'ignored'; tap: string; reason: IgnoredReason };

export interface NfcPaymentBridgeOptions {
  reader: ReaderEventSource;
  sale: NfcSalePort;
  logger?: Logger;
  /** How many used tokens and read taps to remember (oldest forgotten first). */
  memory?: number;
}

export interface NfcPaymentBridge {
  onOutcome(listener: (outcome: BridgeOutcome) => void): () => void;
  /** Resolves when no submission is in flight (for an orderly shutdown and for tests). */
  idle(): Promise<void>;
  dispose(): void;
}

const WAITING_FOR_TAP = 'waiting-for-tap';

/** A Set that forgets its oldest entries beyond `limit`. */
class BoundedSet {
  private readonly items = new Set<string>();
  constructor(private readonly limit: number) {}
  has(item: string): boolean {
    return this.items.has(item);
  }
  add(item: string): void {
    this.items.add(item);
    if (this.items.size > this.limit) this.items.delete(this.items.values().next().value as string);
  }
}

export function connectNfcPaymentBridge(options: NfcPaymentBridgeOptions): NfcPaymentBridge {
  const logger = options.logger ?? silentLogger;
  const readTaps = new BoundedSet(options.memory ?? 1000);
  const usedTokens = new BoundedSet(options.memory ?? 1000);
  const listeners = new Set<(outcome: BridgeOutcome) => void>();
  let inFlight: Promise<void> | null = null;

  const emit = (outcome: BridgeOutcome) => {
    if (outcome.kind === 'ignored')
      logger.info('nfc tap ignored', { tap: outcome.tap, reason: outcome.reason });
    for (const listener of [...listeners]) listener(outcome);
  };

  const onToken = (tap: string, token: string) => {
    if (readTaps.has(tap)) return emit({ kind: 'ignored', tap, reason: 'second-read-of-tap' });
    readTaps.add(tap);
    if (usedTokens.has(token)) return emit({ kind: 'ignored', tap, reason: 'token-already-used' });
    if (inFlight) return emit({ kind: 'ignored', tap, reason: 'submission-in-flight' });
    if (options.sale.current()?.state !== WAITING_FOR_TAP)
      return emit({ kind: 'ignored', tap, reason: 'no-sale-waiting' });
    // Marked used before sending: whatever the answer, this token is not sent again.
    usedTokens.add(token);
    logger.info('nfc token submitted to the sale', { tap });
    inFlight = options.sale.submitNfcToken(token).then(
      (result) => emit({ kind: 'submitted', tap, result }),
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        logger.error('nfc token submission failed', { tap, message });
        emit({ kind: 'submit-failed', tap, message });
      },
    );
    void inFlight.finally(() => {
      inFlight = null;
    });
  };

  const unsubscribe = options.reader.onEvent((event) => {
    if (event.type === 'token-read')
      onToken(`${event.generation}:${event.reader}:${event.tap}`, event.token);
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
