import type { Clock } from '../../shared/clock';

/**
 * How long a page's call made while main is still starting waits for the services before it
 * is answered 'starting' (the page then asks again). A till's services are up well within
 * it; the bound is there for a start that hangs or fails.
 */
export const START_WAIT_MS = 15_000;

/** The answer to a call whose wait for the services ran out: the page asks again. */
export const startingAnswer = {
  ok: false,
  error: { kind: 'starting', message: 'The till is still starting. Try again in a moment.' },
} as const;

/**
 * The services while they start. Main opens its windows before the services are built, so
 * the pages load while the journal opens; a call they make meanwhile waits here for the
 * services (bounded, on the Clock) instead of being turned away and asked again later,
 * which cost the first screen a retry's delay.
 */
export interface StartGate<T> {
  /** The services, once up. */
  current(): T | undefined;
  /**
   * The services once up (at once when they are), or undefined if the start failed or
   * `waitMs` passed first.
   */
  whenUp(waitMs?: number): Promise<T | undefined>;
  open(services: T): void;
  /** The start failed: every waiting call is answered now. */
  fail(): void;
}

export function createStartGate<T>(clock: Clock): StartGate<T> {
  let services: T | undefined;
  let failed = false;
  const waiting = new Set<(value: T | undefined) => void>();
  const settle = (value: T | undefined) => {
    for (const resolve of waiting) resolve(value);
    waiting.clear();
  };
  return {
    current: () => services,
    whenUp(waitMs = START_WAIT_MS) {
      if (services !== undefined || failed) return Promise.resolve(services);
      return new Promise((resolve) => {
        const cancel = clock.at(clock.now() + waitMs, () => {
          waiting.delete(answer);
          resolve(undefined);
        });
        const answer = (value: T | undefined) => {
          cancel();
          resolve(value);
        };
        waiting.add(answer);
      });
    },
    open(value) {
      services = value;
      settle(value);
    },
    fail() {
      failed = true;
      settle(undefined);
    },
  };
}
