import type { Clock } from '../../shared/clock';
import type { Logger } from '../logging/logger';
import { askProvider, REQUEST_DEADLINE_MS } from './provider-fetch';
import { readProviderAnswer, type ProviderPrices } from './provider-format';

/** The provider is asked at least this often (and at half the maximum age when shorter). */
const MAX_REFRESH_MS = 60_000;

interface CacheOptions {
  clock: Clock;
  logger: Logger;
  /** The address to ask now ('' or undefined: none), and the maximum age of a price. */
  target: () => { url: string | undefined; maxAgeSeconds: number };
  fetch?: typeof fetch;
  /** Told after each request, good or not. */
  changed: () => void;
}

/**
 * The rate provider's last good answer, asked on the Clock, one request at a time. A failed
 * request does not drop prices still young enough: the age rule alone retires them.
 */
export class ProviderCache {
  private prices: ProviderPrices | null = null;
  /** Why the latest request failed; null when it did not. */
  private failure: string | null = null;
  private cancelNext: (() => void) | null = null;
  private inFlight: Promise<void> | null = null;
  private stopped = true;

  constructor(private readonly options: CacheOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.refresh();
  }

  stop(): void {
    this.stopped = true;
    this.cancelNext?.();
    this.cancelNext = null;
  }

  /** Resolves once the request under way (if any) is done, or after `withinMs` on the Clock. */
  async ready(withinMs = REQUEST_DEADLINE_MS): Promise<void> {
    if (!this.inFlight) return;
    const { clock } = this.options;
    let cancel = () => undefined as void;
    await Promise.race([
      this.inFlight,
      new Promise<void>((resolve) => {
        cancel = clock.at(clock.now() + withinMs, resolve);
      }),
    ]);
    cancel();
  }

  /** Prices young enough to use now, or a clause saying why there are none. */
  fresh(): { ok: true; prices: ProviderPrices } | { ok: false; reason: string } {
    const { url, maxAgeSeconds } = this.options.target();
    if (!url) return { ok: false, reason: 'no rate provider is set' };
    const ageMs = this.prices ? this.options.clock.now() - this.prices.asOfMs : Infinity;
    if (this.prices && ageMs <= maxAgeSeconds * 1000) return { ok: true, prices: this.prices };
    if (this.failure) return { ok: false, reason: this.failure };
    if (this.prices)
      return { ok: false, reason: `the rate provider's prices are ${describeAge(ageMs)} old` };
    return { ok: false, reason: 'the rate provider has not answered yet' };
  }

  private refresh(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    this.inFlight = this.ask().finally(() => {
      this.inFlight = null;
      if (this.stopped) return;
      const { clock, target } = this.options;
      const every = Math.min(MAX_REFRESH_MS, (target().maxAgeSeconds * 1000) / 2);
      this.cancelNext = clock.at(clock.now() + every, () => void this.refresh());
    });
    return this.inFlight;
  }

  private async ask(): Promise<void> {
    const { url } = this.options.target();
    if (!url) return;
    const { clock, logger } = this.options;
    const answer = await askProvider(url, clock, this.options.fetch ?? globalThis.fetch);
    const read = answer.ok ? readProviderAnswer(answer.text, clock.now()) : answer;
    if (read.ok) {
      // The provider's latest word replaces the last, even when older: it is what it says now.
      this.prices = read.prices;
      this.failure = null;
      if (read.prices.refused.length > 0)
        logger.warn('rates: entries left out', { refused: read.prices.refused.slice(0, 20) });
    } else {
      // Once per outage, not once a minute; never the address (it may carry a key).
      if (!this.failure) logger.warn('rates: the rate provider failed', { reason: read.reason });
      this.failure = read.reason;
    }
    this.options.changed();
  }
}

function describeAge(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 2) return `${Math.round(ms / 1000)} seconds`;
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.round(minutes / 60)} hours`;
}
