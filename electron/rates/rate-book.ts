import Big from 'big.js';
import type { Clock } from '../../shared/clock';
import type {
  AssetPrice,
  CrossRate,
  ManualPrice,
  PriceUnavailable,
} from '../../shared/pricing/pricing-types';
import type { PriceSource, Settings } from '../../shared/settings';
import type { Logger } from '../logging/logger';
import { readProviderAnswer, type ProviderPrices } from './provider-format';

type RateSettings = Pick<
  Settings,
  | 'currency'
  | 'ratePegs'
  | 'rateProviderUrl'
  | 'rateMaxAgeSeconds'
  | 'lastLinkRateMaxAgeSeconds'
  | 'rateSourceOrder'
  | 'fixedUsdPerUnit'
>;

export interface RateBookOptions {
  clock: Clock;
  logger: Logger;
  settings: () => RateSettings;
  /** The provider to use when the settings name none (demo mode: the sandbox's /rates). */
  defaultProviderUrl?: () => string | undefined;
  fetch?: typeof fetch;
}

export type PriceLookup =
  { ok: true; price: AssetPrice; cross: CrossRate } | { ok: false; unavailable: PriceUnavailable };

const Dec = Big();
Dec.strict = true;
Dec.NE = -1_000_000;
Dec.PE = 1_000_000;
Dec.DP = 30;

/** A provider request gives up after this, on the Clock. */
const REQUEST_DEADLINE_MS = 5_000;
/** The provider is asked at least this often (and at half the maximum age when shorter). */
const MAX_REFRESH_MS = 60_000;

type ProviderState =
  | { kind: 'none' }
  | { kind: 'failed'; reason: string }
  | { kind: 'answered'; prices: ProviderPrices };

const keyOf = (asset: string, chainId: string | null) => `${chainId ?? ''}|${asset}`;

/**
 * Where the till's prices come from (docs/pricing.md: Rate sources): IT's pegs, a price a
 * manager typed, the rate provider, and the rate_usd of this till's latest link for the asset,
 * asked in IT's order; each brought to US dollars, then to the shop's currency with the cross
 * rate. A price too old or missing is never used: the asset is unavailable, with the reason.
 */
export class RateBook {
  private provider: ProviderState = { kind: 'none' };
  private readonly manual = new Map<string, string>();
  private readonly lastLinks = new Map<string, { rateUsd: string; atMs: number }>();
  private readonly listeners = new Set<() => void>();
  private cancelNext: (() => void) | null = null;
  private inFlight: Promise<void> | null = null;
  private stopped = true;

  constructor(private readonly options: RateBookOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.refresh();
  }

  stop(): void {
    this.stopped = true;
    this.cancelNext?.();
  }

  /** Resolves once the provider's first answer (or failure) is in, or after `withinMs`. */
  async ready(withinMs = REQUEST_DEADLINE_MS): Promise<void> {
    if (!this.inFlight) return;
    let cancel = () => undefined as void;
    await Promise.race([
      this.inFlight,
      new Promise<void>((resolve) => {
        cancel = this.options.clock.at(this.options.clock.now() + withinMs, resolve);
      }),
    ]);
    cancel();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  recordLinkRate(asset: string, chainId: string | null, rateUsd: string, atMs: number): void {
    if (!/^\d+(?:\.\d+)?$/.test(rateUsd) || !/[1-9]/.test(rateUsd)) return;
    this.lastLinks.set(keyOf(asset, chainId), { rateUsd, atMs });
  }

  /** A manager's price in the shop's currency per 1 asset unit, for this session; null clears. */
  setManualPrice(asset: string, chainId: string | null, price: string | null): void {
    if (price === null) this.manual.delete(keyOf(asset, chainId));
    else this.manual.set(keyOf(asset, chainId), price);
    this.tell();
  }

  /** The prices typed at the till this session, newest last. */
  manualPrices(): ManualPrice[] {
    return [...this.manual].map(([key, price]) => {
      const [chainId, asset] = key.split('|') as [string, string];
      return { asset, chainId: chainId === '' ? null : chainId, price };
    });
  }

  priceFor(asset: string, chainId: string | null): PriceLookup {
    const settings = this.options.settings();
    const unavailable = (reason: string): PriceLookup => ({
      ok: false,
      unavailable: { asset, chainId, reason: `No price for ${asset}: ${reason}.` },
    });
    const cross = this.crossRate(settings);
    if (!cross.ok)
      return {
        ok: false,
        unavailable: {
          asset,
          chainId,
          reason: `No exchange rate for ${settings.currency}: ${cross.reason}.`,
        },
      };
    let lastReason = 'no rate source has one';
    for (const source of settings.rateSourceOrder) {
      const found = this.fromSource(source, asset, chainId, settings, cross.rate);
      if (found.ok) return { ok: true, price: found.price, cross: cross.rate };
      if (found.reason) lastReason = found.reason;
    }
    return unavailable(lastReason);
  }

  private fromSource(
    source: PriceSource,
    asset: string,
    chainId: string | null,
    settings: RateSettings,
    cross: CrossRate,
  ): { ok: true; price: AssetPrice } | { ok: false; reason: string | null } {
    const now = this.options.clock.now();
    const price = (usdPrice: string, asOfMs: number) => ({
      ok: true as const,
      price: { asset, chainId, usdPrice, source, asOfMs },
    });
    switch (source) {
      case 'peg': {
        const peg =
          settings.ratePegs.find((p) => p.asset === asset && p.chainId === chainId) ??
          settings.ratePegs.find((p) => p.asset === asset && p.chainId === undefined);
        if (!peg) return { ok: false, reason: null };
        const usdPerUnit = this.usdPerUnitOf(peg.currency, settings);
        if (!usdPerUnit)
          return { ok: false, reason: `no exchange rate for its peg in ${peg.currency}` };
        return price(new Dec(peg.price).times(new Dec(usdPerUnit)).toFixed(), now);
      }
      case 'manual': {
        const typed = this.manual.get(keyOf(asset, chainId)) ?? this.manual.get(keyOf(asset, null));
        if (!typed) return { ok: false, reason: null };
        return price(new Dec(typed).times(new Dec(cross.usdPerUnit)).toFixed(), now);
      }
      case 'provider': {
        const state = this.freshProvider(settings);
        if (!state.ok) return { ok: false, reason: state.reason };
        const usd = state.prices.usd.get(`${chainId}:${asset}`) ?? state.prices.usd.get(asset);
        if (!usd) return { ok: false, reason: 'the rate provider gave no usable price for it' };
        return price(usd, state.prices.asOfMs);
      }
      case 'last-link': {
        const link = this.lastLinks.get(keyOf(asset, chainId));
        const maxAgeMs = settings.lastLinkRateMaxAgeSeconds * 1000;
        if (!link || maxAgeMs === 0) return { ok: false, reason: null };
        if (now - link.atMs > maxAgeMs)
          return { ok: false, reason: "the last link's rate is too old" };
        return price(link.rateUsd, link.atMs);
      }
    }
  }

  private crossRate(
    settings: RateSettings,
  ): { ok: true; rate: CrossRate } | { ok: false; reason: string } {
    const now = this.options.clock.now();
    const currency = settings.currency;
    if (currency === 'USD')
      return { ok: true, rate: { currency, usdPerUnit: '1', source: 'usd', asOfMs: now } };
    if (settings.fixedUsdPerUnit !== '')
      return {
        ok: true,
        rate: { currency, usdPerUnit: settings.fixedUsdPerUnit, source: 'fixed', asOfMs: now },
      };
    const state = this.freshProvider(settings);
    if (!state.ok) return { ok: false, reason: state.reason };
    const usdPerUnit = state.prices.usdPerUnit.get(currency);
    if (!usdPerUnit) return { ok: false, reason: 'the rate provider gave none' };
    return {
      ok: true,
      rate: { currency, usdPerUnit, source: 'provider', asOfMs: state.prices.asOfMs },
    };
  }

  /** USD per unit of a peg's currency: 1 for USD, IT's fixed rate or the provider's. */
  private usdPerUnitOf(currency: string, settings: RateSettings): string | null {
    if (currency === 'USD') return '1';
    if (currency === settings.currency && settings.fixedUsdPerUnit !== '')
      return settings.fixedUsdPerUnit;
    const state = this.freshProvider(settings);
    return state.ok ? (state.prices.usdPerUnit.get(currency) ?? null) : null;
  }

  private freshProvider(
    settings: RateSettings,
  ): { ok: true; prices: ProviderPrices } | { ok: false; reason: string } {
    if (!this.providerUrl(settings)) return { ok: false, reason: 'no rate provider is set' };
    const state = this.provider;
    if (state.kind === 'none')
      return { ok: false, reason: 'the rate provider has not answered yet' };
    if (state.kind === 'failed')
      return { ok: false, reason: `the rate provider failed: ${state.reason}` };
    const ageMs = this.options.clock.now() - state.prices.asOfMs;
    if (ageMs > settings.rateMaxAgeSeconds * 1000)
      return { ok: false, reason: `the rate provider's prices are ${describeAge(ageMs)} old` };
    return { ok: true, prices: state.prices };
  }

  private providerUrl(settings: RateSettings): string | undefined {
    return settings.rateProviderUrl || this.options.defaultProviderUrl?.() || undefined;
  }

  private refresh(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    this.inFlight = this.ask().finally(() => {
      this.inFlight = null;
      if (this.stopped) return;
      const settings = this.options.settings();
      const every = Math.min(MAX_REFRESH_MS, (settings.rateMaxAgeSeconds * 1000) / 2);
      this.cancelNext = this.options.clock.at(this.options.clock.now() + every, () => {
        void this.refresh();
      });
    });
    return this.inFlight;
  }

  private async ask(): Promise<void> {
    const url = this.providerUrl(this.options.settings());
    if (!url) return;
    const { clock, logger } = this.options;
    const abort = new AbortController();
    const cancelDeadline = clock.at(clock.now() + REQUEST_DEADLINE_MS, () => abort.abort());
    let next: ProviderState;
    try {
      const response = await (this.options.fetch ?? fetch)(url, {
        signal: abort.signal,
        redirect: 'error',
        headers: { accept: 'application/json' },
      });
      const text = await response.text();
      if (!response.ok) next = { kind: 'failed', reason: `it answered HTTP ${response.status}` };
      else {
        const read = readProviderAnswer(text, clock.now());
        next = read.ok
          ? { kind: 'answered', prices: read.prices }
          : { kind: 'failed', reason: read.reason };
        if (read.ok && read.prices.refused.length > 0)
          logger.warn('rates: entries left out', { refused: read.prices.refused.slice(0, 20) });
      }
    } catch {
      next = {
        kind: 'failed',
        reason: abort.signal.aborted ? 'it did not answer in time' : 'it could not be reached',
      };
    } finally {
      cancelDeadline();
    }
    if (next.kind === 'failed' && this.provider.kind !== 'failed')
      logger.warn('rates: the rate provider failed', { reason: next.reason });
    this.provider = next;
    this.tell();
  }

  private tell(): void {
    for (const listener of this.listeners) listener();
  }
}

function describeAge(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 2) return `${Math.round(ms / 1000)} seconds`;
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.round(minutes / 60)} hours`;
}
