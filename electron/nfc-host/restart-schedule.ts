import type { Clock } from '../../shared/clock';

/**
 * When to start the reader process again after it died: the first delay doubles with every
 * quick death, up to a ceiling, so a crash loop does not spin the CPU; a process that lived
 * long enough was healthy, and its death starts again from the first delay.
 */

interface RestartPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  healthyAfterMs: number;
}

export class RestartSchedule {
  private nextDelayMs: number;
  private launchedAtMs = 0;
  private cancelPending: (() => void) | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly policy: RestartPolicy,
  ) {
    this.nextDelayMs = policy.firstDelayMs;
  }

  /** A process started now; its lifetime decides whether its death resets the backoff. */
  launched(): void {
    this.launchedAtMs = this.clock.now();
  }

  /** The process died: after a healthy run the next restart waits only the first delay. */
  exited(): void {
    if (this.clock.now() - this.launchedAtMs >= this.policy.healthyAfterMs) {
      this.nextDelayMs = this.policy.firstDelayMs;
    }
  }

  /** Runs `relaunch` after the current delay and doubles the delay for the next time. */
  schedule(relaunch: () => void): void {
    const delay = this.nextDelayMs;
    this.nextDelayMs = Math.min(delay * 2, this.policy.maxDelayMs);
    this.cancelPending = this.clock.at(this.clock.now() + delay, () => {
      this.cancelPending = null;
      relaunch();
    });
  }

  cancel(): void {
    this.cancelPending?.();
  }
}
