import type { Clock } from '../../shared/clock';

/**
 * Sends main's clock to both pages once a second while a link counts down, so the cashier's
 * and the customer's countdowns show the same number (both compute expiry minus this time)
 * and tests move the countdown by moving the injected clock.
 */
export class CountdownTicker {
  private cancel: (() => void) | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly tick: (nowMs: number) => void,
  ) {}

  /** Ticks now and every second until `untilMs` (inclusive of the moment it passes); null stops. */
  runUntil(untilMs: number | null): void {
    this.stop();
    if (untilMs === null) return;
    const step = () => {
      const now = this.clock.now();
      this.tick(now);
      if (now >= untilMs) {
        this.cancel = null;
        return;
      }
      this.cancel = this.clock.at(Math.min(untilMs, now + 1000), step);
    };
    step();
  }

  stop(): void {
    this.cancel?.();
    this.cancel = null;
  }
}
