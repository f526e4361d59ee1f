import type { Clock } from '../../shared/clock';

/** At most this many connection tests may start in any minute (rolling, on the till's Clock). */
export const PROBES_PER_MINUTE = 10;
const WINDOW_MS = 60_000;

export type ProbeSlot = { ok: true; done: () => void } | { ok: false; message: string };

/**
 * Paces the connection tests: "Test connection" and the test inside connecting to a service.
 * Each sends a token to an address a page names and waits on the network, so a page stuck in
 * a loop (or one that was tampered with) must not turn the till into something that sprays
 * requests at addresses, nor pile up tests the cashier waits behind. One test runs at a time,
 * and at most PROBES_PER_MINUTE start in any 60 seconds; a refused one counts for nothing.
 * A cashier never meets the limit by hand: a test takes at least a network round trip and is
 * pressed by a person.
 */
export class ProbeLimiter {
  private running = false;
  /** When each test of the last minute started, oldest first. */
  private started: number[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly perMinute = PROBES_PER_MINUTE,
  ) {}

  /** True while a test runs. */
  get busy(): boolean {
    return this.running;
  }

  /** A slot for one test, to be given back with `done()` when it has finished; or the refusal in words. */
  take(): ProbeSlot {
    if (this.running)
      return { ok: false, message: 'A connection test is already running. Wait for its answer.' };
    const now = this.clock.now();
    this.started = this.started.filter((at) => at > now - WINDOW_MS);
    const oldest = this.started[0];
    if (oldest !== undefined && this.started.length >= this.perMinute) {
      const seconds = Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
      return {
        ok: false,
        message: `Too many connection tests in a minute. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      };
    }
    this.started.push(now);
    this.running = true;
    let given = false;
    return {
      ok: true,
      done: () => {
        if (given) return;
        given = true;
        this.running = false;
      },
    };
  }
}
