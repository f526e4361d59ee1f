/**
 * One APDU exchange with a deadline. PC/SC transmit has no timeout of its own and a slow or
 * vanished phone must not leave the till waiting, so every APDU races the injected Clock.
 */
import type { Clock } from '../../shared/clock';

/** The only thing the protocol code needs from a reader: send an APDU, get the answer. */
export type TransmitPort = (apdu: Uint8Array) => Promise<Uint8Array>;

export type TransmitOutcome =
  | { ok: true; response: Uint8Array }
  | { ok: false; fault: 'timeout' | 'transmit-failed'; detail: string };

export function timedTransmit(
  transmit: TransmitPort,
  apdu: Uint8Array,
  clock: Clock,
  timeoutMs: number,
): Promise<TransmitOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: TransmitOutcome) => {
      if (settled) return;
      settled = true;
      cancelTimer();
      resolve(outcome);
    };
    const cancelTimer = clock.at(clock.now() + timeoutMs, () =>
      settle({ ok: false, fault: 'timeout', detail: `no answer within ${timeoutMs} ms` }),
    );
    let pending: Promise<Uint8Array>;
    try {
      // Some transmit implementations (nfc-pcsc) throw synchronously when the card is gone.
      pending = transmit(apdu);
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
      (response) =>
        settle(
          response instanceof Uint8Array
            ? { ok: true, response }
            : { ok: false, fault: 'transmit-failed', detail: 'the reader returned no bytes' },
        ),
      (error: unknown) =>
        settle({
          ok: false,
          fault: 'transmit-failed',
          detail: error instanceof Error ? error.message : String(error),
        }),
    );
  });
}
