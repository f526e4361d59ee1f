import type { ServerResponse } from 'node:http';
import type { Clock } from '../../shared/clock';

/**
 * The `latencyMs` fault's waits, on the injected Clock so tests advance a ManualClock instead
 * of sleeping. Each wait can be cancelled, so close() leaves no timer scheduled.
 */
export class LatencyWaits {
  /** Cancels for waits still running. */
  private readonly pending = new Set<() => void>();
  private closed = false;

  constructor(private readonly clock: Clock) {}

  /** Resolves true once `ms` have passed; false if the client left or the sandbox closed first. */
  wait(ms: number, res: ServerResponse): Promise<boolean> {
    return new Promise((resolve) => {
      const cancel = this.clock.at(this.clock.now() + ms, () => {
        this.pending.delete(stop);
        res.off('close', stop);
        resolve(!this.closed);
      });
      const stop = () => {
        cancel();
        this.pending.delete(stop);
        resolve(false);
      };
      this.pending.add(stop);
      // The client gave up (its timeout): no reason to keep the timer.
      res.once('close', stop);
    });
  }

  /** Ends every running wait (each resolves false) and marks the sandbox closed. */
  closeAll(): void {
    this.closed = true;
    for (const stop of [...this.pending]) stop();
  }
}
