import Big from 'big.js';
import type { Clock } from '../../shared/clock';
import { checkAmount, MAX_DECIMALS } from '../../shared/money';
import type {
  AssetPrice,
  CrossRate,
  ManualPrice,
  PriceUnavailable,
} from '../../shared/pricing/pricing-types';
import type { PriceSource, Settings } from '../../shared/settings';
import type { Logger } from '../logging/logger';
import { ProviderCache } from './provider-cache';

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

/** Plain decimal text above zero: the money rules' own check (shared/money.ts). */
const isPositiveDecimal = (text: string) => checkAmount(text, MAX_DECIMALS).ok;

const Dec = Big();
Dec.strict = true;
Dec.NE = -1_000_000;
Dec.PE = 1_000_000;
Dec.DP = 30;

const keyOf = (asset: string, chainId: string | null) => `${chainId ?? ''}|${asset}`;

/** A manager's price as kept: with the currency it was typed in, by whom and when. */
interface TypedPrice {
  price: string;
  currency: string;
  setBy: string | null;
  setAtMs: number;
}

/**
 * Where the till's prices come from (docs/pricing.md: Rate sources): IT's pegs, a price a
 * manager typed, the rate provider, and the rate_usd of this till's latest link for the asset,
 * asked in IT's order; each brought to US dollars, then to the shop's currency with the cross
 * rate. A price too old or missing is never used: the asset is unavailable, with the reason.
 */
export class RateBook {
  private readonly manual = new Map<string, TypedPrice>();
  private readonly lastLinks = new Map<string, { rateUsd: string; atMs: number }>();
  private readonly listeners = new Set<() => void>();
  private readonly cache: ProviderCache;

  constructor(private readonly options: RateBookOptions) {
    this.cache = new ProviderCache({
      clock: options.clock,
      logger: options.logger,
      target: () => {
        const settings = options.settings();
        return { url: this.providerUrl(settings), maxAgeSeconds: settings.rateMaxAgeSeconds };
      },
      ...(options.fetch ? { fetch: options.fetch } : {}),
      changed: () => this.tell(),
    });
  }

  /** Asks the provider now, then every min(maxAge/2, 60 s) on the Clock; idempotent. */
  start(): void {
    this.cache.start();
  }

  stop(): void {
    this.cache.stop();
  }

  /** Waits for the provider's answer under way (or its failure), at most `withinMs` on the Clock. */
  ready(withinMs?: number): Promise<void> {
    return this.cache.ready(withinMs);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  recordLinkRate(asset: string, chainId: string | null, rateUsd: string, atMs: number): void {
    if (!isPositiveDecimal(rateUsd)) return;
    this.lastLinks.set(keyOf(asset, chainId), { rateUsd, atMs });
  }

  /**
   * A manager's price in the shop's currency per 1 asset unit (what a manager reads on a
   * screen, not dollars), for this session; brought to dollars with the cross rate when
   * used. It holds only while the shop sells in the currency it was typed in. chainId null:
   * every chain (a chain's own price wins). null clears.
   */
  setManualPrice(
    asset: string,
    chainId: string | null,
    price: string | null,
    setBy: string | null = null,
  ): void {
    if (price === null) this.manual.delete(keyOf(asset, chainId));
    else if (!isPositiveDecimal(price))
      // The caller checks what the manager typed; a bad price here is a bug, not a price.
      throw new RangeError('A manual price must be a positive decimal.');
    else
      this.manual.set(keyOf(asset, chainId), {
        price,
        currency: this.options.settings().currency,
        setBy,
        setAtMs: this.options.clock.now(),
      });
    this.tell();
  }

  /** The prices typed at the till this session, newest last, each saying whether it still holds. */
  manualPrices(): ManualPrice[] {
    const currency = this.options.settings().currency;
    return [...this.manual].map(([key, typed]) => {
      const [chainId, asset] = key.split('|') as [string, string];
      return {
        asset,
        chainId: chainId === '' ? null : chainId,
        ...typed,
        retired: typed.currency !== currency,
      };
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
        // The chain's own price first, unless it was typed in another currency: its number
        // means nothing in this one, and a price for every chain in this currency holds.
        const own = this.manual.get(keyOf(asset, chainId));
        const everyChain = this.manual.get(keyOf(asset, null));
        const typed =
          own && (own.currency === settings.currency || everyChain?.currency !== settings.currency)
            ? own
            : everyChain;
        if (!typed) return { ok: false, reason: null };
        if (typed.currency !== settings.currency)
          return {
            ok: false,
            reason: `the price typed by hand is in ${typed.currency}, not in ${settings.currency}: a manager types a new one`,
          };
        return price(new Dec(typed.price).times(new Dec(cross.usdPerUnit)).toFixed(), now);
      }
      case 'provider': {
        const state = this.cache.fresh();
        if (!state.ok) return { ok: false, reason: state.reason };
        const usd = state.prices.usd.get(`${chainId}:${asset}`) ?? state.prices.usd.get(asset);
        if (!usd) return { ok: false, reason: 'the rate provider gave no price for it' };
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
    const state = this.cache.fresh();
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
    const state = this.cache.fresh();
    return state.ok ? (state.prices.usdPerUnit.get(currency) ?? null) : null;
  }

  private providerUrl(settings: RateSettings): string | undefined {
    return settings.rateProviderUrl || this.options.defaultProviderUrl?.() || undefined;
  }

  private tell(): void {
    for (const listener of this.listeners) listener();
  }
}
