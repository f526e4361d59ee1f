/**
 * One APDU exchange with a deadline (`with-deadline.ts`): every APDU races the injected Clock,
 * and an answer that is not bytes counts as a failed exchange.
 */
import type { Clock } from '../../shared/clock';
import { withDeadline } from './with-deadline';

/** The only thing the protocol code needs from a reader: send an APDU, get the answer. */
export type TransmitPort = (apdu: Uint8Array) => Promise<Uint8Array>;

export type TransmitOutcome =
  | { ok: true; response: Uint8Array }
  | { ok: false; fault: 'timeout' | 'transmit-failed'; detail: string };

export async function timedTransmit(
  transmit: TransmitPort,
  apdu: Uint8Array,
  clock: Clock,
  timeoutMs: number,
): Promise<TransmitOutcome> {
  const outcome = await withDeadline(() => transmit(apdu), clock, timeoutMs);
  if (!outcome.ok) return outcome;
  return outcome.value instanceof Uint8Array
    ? { ok: true, response: outcome.value }
    : { ok: false, fault: 'transmit-failed', detail: 'the reader returned no bytes' };
}
