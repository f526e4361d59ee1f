/**
 * Races one PC/SC call against a deadline from the injected Clock. PC/SC itself has no timeout
 * for connect or transmit, and a slow or vanished phone must not leave the till waiting. The
 * call itself cannot be stopped: it finishes on the addon's worker thread whenever it does.
 */
import type { Clock } from '../../shared/clock';

export type DeadlineOutcome<T> =
  { ok: true; value: T } | { ok: false; fault: 'timeout' | 'transmit-failed'; detail: string };

export function withDeadline<T>(
  call: () => Promise<T>,
  clock: Clock,
  timeoutMs: number,
): Promise<DeadlineOutcome<T>> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: DeadlineOutcome<T>) => {
      if (settled) return;
      settled = true;
      cancelTimer();
      resolve(outcome);
    };
    const cancelTimer = clock.at(clock.now() + timeoutMs, () =>
      settle({ ok: false, fault: 'timeout', detail: `no answer within ${timeoutMs} ms` }),
    );
    let pending: Promise<T>;
    try {
      // A call may throw at once instead of rejecting (a card handle already released).
      pending = call();
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
      (value) => settle({ ok: true, value }),
      (error: unknown) =>
        settle({
          ok: false,
          fault: 'transmit-failed',
          detail: error instanceof Error ? error.message : String(error),
        }),
    );
  });
}
