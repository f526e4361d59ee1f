import type { Clock } from '../../shared/clock';

/**
 * The countdown that signs a till out when nobody has used it for `autoLockMinutes`, so a
 * cashier who walks away does not leave their name on the next sale. Time from the clock.
 */
export class AutoLock {
  private cancel: (() => void) | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly onExpiry: () => void,
  ) {}

  /** Starts the countdown again; 0 minutes: never. */
  restart(minutes: number): void {
    this.stop();
    if (minutes <= 0) return;
    this.cancel = this.clock.at(this.clock.now() + minutes * 60_000, () => {
      this.cancel = null;
      this.onExpiry();
    });
  }

  stop(): void {
    this.cancel?.();
    this.cancel = null;
  }
}
