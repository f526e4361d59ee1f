/**
 * The one source of "now" (docs/architecture.md: Money and time). Services take a Clock; tests pass
 * a manual one and move time instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Runs `callback` once the clock reaches `atMs` (at once if it already has). Returns a cancel function. */
  at(atMs: number, callback: () => void): () => void;
}

/** Wall-clock time, for production and for the standalone sandbox. */
export const systemClock: Clock = {
  now: () => Date.now(),
  at(atMs, callback) {
    // setTimeout caps at 2^31-1 ms; re-arm for far-away deadlines.
    const MAX_DELAY = 2_147_483_647;
    let handle: ReturnType<typeof setTimeout>;
    const arm = () => {
      const delay = atMs - Date.now();
      if (delay > MAX_DELAY) handle = setTimeout(arm, MAX_DELAY);
      else handle = setTimeout(callback, Math.max(0, delay));
    };
    arm();
    return () => clearTimeout(handle);
  },
};
