import type { Clock } from '../../shared/clock';
import type { Logger } from './logger';

/** A page stuck in an error loop must not fill the log: this many lines a minute at most. */
const MAX_PER_MINUTE = 20;
const MINUTE_MS = 60_000;

export interface PageError {
  kind: 'error' | 'unhandled-rejection';
  message: string;
  source?: string;
  line?: number;
}

/**
 * Writes the cashier page's uncaught errors to the log (through the logger, so redacted).
 * Past the limit, errors are only counted, and the count is logged when the next minute opens.
 */
export class PageErrorLog {
  private windowStartMs = -Infinity;
  private inWindow = 0;
  private dropped = 0;

  constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  report(error: PageError): void {
    const now = this.clock.now();
    if (now - this.windowStartMs >= MINUTE_MS) {
      if (this.dropped > 0) {
        this.logger.warn('page errors not logged (too many in a minute)', { count: this.dropped });
      }
      this.windowStartMs = now;
      this.inWindow = 0;
      this.dropped = 0;
    }
    if (this.inWindow >= MAX_PER_MINUTE) {
      this.dropped += 1;
      return;
    }
    this.inWindow += 1;
    // `message` is the log line's own key; the page's words go beside it.
    const { message, ...where } = error;
    this.logger.error('page error', { page: 'cashier', pageMessage: message, ...where });
  }
}
