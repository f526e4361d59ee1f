import type { Clock } from '../../shared/clock';
import type { Logger } from '../logging/logger';
import { dryRunQrSale } from './sale-dry-run';

/**
 * How long after the services are up the warm-up waits, on the Clock: the pages' first
 * calls (the settings, the chain list, the logos) are answered first, and the cashier is
 * still looking at the start or idle screen when it runs.
 */
export const SALE_WARM_UP_DELAY_MS = 500;

export interface SaleWarmUp {
  /** Settles once the warm-up ran, failed (logged) or was stopped; never rejects. */
  readonly done: Promise<void>;
  /** At quit: a warm-up not begun never begins, one under way stops at its next pause. */
  stop(): void;
}

/** A dry run of the sale path: sale-dry-run.ts's, or a test's. */
export type DryRun = typeof dryRunQrSale;

/**
 * Warms main's part of a sale once, after start, so that the till's first "Show QR" is as
 * quick as later ones: a dry run of the sale path (sale-dry-run.ts) once
 * SALE_WARM_UP_DELAY_MS have passed, one step per turn of the event loop (setImmediate
 * between them: the pages' calls, timers and sockets run in between and wait for one step
 * at most). Nothing depends on it: a failure is logged and the till works as before, only
 * its first sale slower.
 */
export function warmUpSalePath(options: {
  clock: Clock;
  logger: Logger;
  /** The service's time zone setting, read when the warm-up runs. */
  serviceTimeZone: () => string;
  /** The dry run (tests pass one that fails); sale-dry-run.ts's by default. */
  run?: DryRun;
}): SaleWarmUp {
  const { clock, logger } = options;
  const run = options.run ?? dryRunQrSale;
  let stopped = false;
  // The longest stretch the dry run held the event loop without a pause, for the log.
  let stepStartMs = 0;
  let longestStepMs = 0;
  const pause = () => {
    longestStepMs = Math.max(longestStepMs, clock.now() - stepStartMs);
    return new Promise<void>((resolve, reject) =>
      setImmediate(() => {
        if (stopped) return reject(new WarmUpStopped());
        stepStartMs = clock.now();
        resolve();
      }),
    );
  };
  let cancelTimer: () => void = () => undefined;
  let settleNow: () => void = () => undefined;
  const done = new Promise<void>((settle) => {
    settleNow = settle;
    cancelTimer = clock.at(clock.now() + SALE_WARM_UP_DELAY_MS, () => {
      const startedAtMs = clock.now();
      stepStartMs = startedAtMs;
      void Promise.resolve()
        .then(() => run({ clock, serviceTimeZone: options.serviceTimeZone(), pause }))
        .then(
          () =>
            logger.info('sale path warmed up', {
              ms: clock.now() - startedAtMs,
              longestStepMs: Math.max(longestStepMs, clock.now() - stepStartMs),
            }),
          (error: unknown) => {
            // Stopped at quit: its pause threw, or the request under way failed with it.
            if (stopped) return;
            logger.warn('sale warm-up failed; the first sale may be slower', {
              error: error instanceof Error ? error.message : String(error),
            });
          },
        )
        .finally(settle);
    });
  });
  return {
    done,
    stop() {
      stopped = true;
      cancelTimer();
      settleNow();
    },
  };
}

class WarmUpStopped extends Error {
  override readonly name = 'WarmUpStopped';
}
