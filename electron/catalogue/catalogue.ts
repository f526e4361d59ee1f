import { systemClock, type Clock } from '../../shared/clock';
import type { AssetView, ChainView, LogoView } from '../../shared/ipc/views';
import { assetSchema, type Asset } from '../../shared/wire/asset';
import { chainSchema, type Chain } from '../../shared/wire/chain';
import type { CatalogueStore } from '../journal/catalogue-store';
import type { Logger } from '../logging/logger';
import { mapInChunks } from '../service-client/in-chunks';
import { parseListInChunks } from '../service-client/parse-list-in-chunks';
import type { PaymentServiceClient } from '../service-client/payment-service-client';
import { CallRefusal } from '../../shared/ipc/call-refusal';
import type { LogoFetcher } from './logo-fetcher';

/**
 * How long a chain list loaded ahead (loadChainsAhead) may wait for the page's own request:
 * the cashier page asks for it within a second or so of starting to load.
 */
export const AHEAD_FRESH_MS = 10_000;

/** One chain list, indexed as the lookups need it and mapped once for the pickers. */
interface ChainList {
  byId: Map<string, Chain>;
  views: ChainView[];
}

export interface CatalogueOptions {
  client: () => PaymentServiceClient;
  /** The name the current service's lists are saved under; null when there is no service. */
  serviceKey: () => string | null;
  logos: LogoFetcher;
  /** Where the last good lists are kept across restarts (the journal's file). */
  store: CatalogueStore | null;
  logger?: Logger;
  /**
   * Whether a logo URL may be fetched at all (besides the fetcher's own rules). In demo mode:
   * only the running sandbox's own, since a list saved by an earlier sandbox names a loopback
   * port that something else may listen on now.
   */
  logoAllowed?: (url: string) => boolean;
  /** Dates a list loaded ahead (AHEAD_FRESH_MS); the system clock by default. */
  clock?: Clock;
}

/**
 * The service's chains and assets as the pickers show them, and the lookup a sale needs: the
 * page names a chain id and an asset symbol, and main uses the service's own Chain and Asset
 * (with its decimals), never values the page sent.
 *
 * Lists answer as soon as the service has: logos come afterwards, by `chainLogos` and
 * `assetLogos`, for the rows a picker shows, through the bounded LogoFetcher. Each good answer
 * is saved (CatalogueStore); `savedChains`/`savedAssets` answer at once with the last good
 * lists, so a hanging or failing service never leaves the pickers empty, and a sale is
 * resolved against them while no fresh list is loaded (the service still checks the order).
 * Long lists are mapped and checked in chunks (in-chunks.ts): main never freezes on them.
 *
 * What it holds belongs to the client it came from: when the connection hands out a new
 * client (another service, token, serial or time zone), everything is forgotten and loaded
 * again from the new one. Anything else (a picker tap remembering the chain) keeps it.
 */
export class Catalogue {
  private chains: ChainList | null = null;
  private assets = new Map<string, Asset[]>();
  /** The saved lists of the service `saved.key`, as read (null: none saved). */
  private saved: { key: string; chains?: ChainList | null; assets: Map<string, Asset[] | null> } = {
    key: '',
    assets: new Map(),
  };
  /** The client the maps were loaded from. */
  private source: PaymentServiceClient | null = null;
  /** A chain list asked of the service before the page asked for it (loadChainsAhead). */
  private ahead: {
    client: PaymentServiceClient;
    startedAtMs: number;
    views: Promise<ChainView[]>;
    failed: boolean;
    /** Resolves once it loaded or failed (never rejects). */
    settled: Promise<void>;
  } | null = null;

  constructor(private readonly options: CatalogueOptions) {}

  /**
   * Starts loading the chain list while the cashier page loads, so the page's own request
   * (its start screen asks at once) finds it on its way or ready, instead of waiting for the
   * service's answer and its check after the page has started. The first listChains within
   * AHEAD_FRESH_MS takes it: joins it while it loads (its failure is then that call's
   * answer), answers with it once loaded, or asks afresh if it failed; any later call asks
   * the service as always. The promise it returns only tells when it loaded or failed
   * (never rejects: a failure is logged by the client and told to the page if it asks).
   */
  loadChainsAhead(): Promise<void> {
    const key = this.options.serviceKey();
    // No service set up yet: nothing to ask (the page shows the set-up, not the pickers).
    if (key === null) return Promise.resolve();
    let client: PaymentServiceClient;
    try {
      client = this.currentClient();
    } catch (error) {
      this.options.logger?.warn('chain list not loaded ahead', { reason: String(error) });
      return Promise.resolve();
    }
    const current = this.usableAhead(client);
    if (current) return current.settled;
    const views = this.loadChains(client, key);
    const ahead = {
      client,
      startedAtMs: this.clock().now(),
      views,
      failed: false,
      settled: views.then(
        () => undefined,
        () => {
          ahead.failed = true;
        },
      ),
    };
    this.ahead = ahead;
    return ahead.settled;
  }

  async listChains(): Promise<ChainView[]> {
    const client = this.currentClient();
    const ahead = this.takeAhead(client);
    if (ahead) return ahead;
    return this.loadChains(client, this.options.serviceKey());
  }

  /** The list loaded ahead for this client, once, while fresh and not failed; else null. */
  private takeAhead(client: PaymentServiceClient): Promise<ChainView[]> | null {
    const ahead = this.usableAhead(client);
    this.ahead = null;
    return ahead?.views ?? null;
  }

  /** The list loading or loaded ahead, if it is this client's, not failed and still fresh. */
  private usableAhead(client: PaymentServiceClient) {
    const ahead = this.ahead;
    if (!ahead || ahead.client !== client || ahead.failed) return null;
    return this.clock().now() - ahead.startedAtMs <= AHEAD_FRESH_MS ? ahead : null;
  }

  private clock(): Clock {
    return this.options.clock ?? systemClock;
  }

  private async loadChains(client: PaymentServiceClient, key: string | null): Promise<ChainView[]> {
    const chains = await client.listChains();
    const list = await indexChains(chains);
    // An answer from a client replaced meanwhile is shown but not kept.
    if (client === this.source) {
      this.chains = list;
      this.saveSoon(key, 'chains', chains);
    }
    return list.views;
  }

  async listAssets(chainId: string): Promise<AssetView[]> {
    const client = this.currentClient();
    const key = this.options.serviceKey();
    const assets = await client.listAssets(chainId);
    if (client === this.source) {
      this.assets.set(chainId, assets);
      this.saveSoon(key, `assets:${chainId}`, assets);
    }
    return assetViews(assets);
  }

  /** The last good chain list of this service (loaded now, or saved before); null if none. */
  async savedChains(): Promise<ChainView[] | null> {
    this.currentClient();
    const list = this.chains ?? (await this.savedChainList());
    return list ? list.views : null;
  }

  async savedAssets(chainId: string): Promise<AssetView[] | null> {
    this.currentClient();
    const assets = this.assets.get(chainId) ?? (await this.savedAssetList(chainId));
    return assets ? assetViews(assets) : null;
  }

  /** Logos of the chains a picker shows, as data: URLs (null: none, or it did not load). */
  async chainLogos(chainIds: readonly string[]): Promise<LogoView[]> {
    this.currentClient();
    const list = this.chains ?? (await this.savedChainList());
    return Promise.all(
      chainIds.map(async (id) => {
        const chain = list?.byId.get(id);
        return { id, logo: chain ? await this.logo(chain.logo) : null };
      }),
    );
  }

  async assetLogos(chainId: string, symbols: readonly string[]): Promise<LogoView[]> {
    this.currentClient();
    const assets = this.assets.get(chainId) ?? (await this.savedAssetList(chainId));
    return Promise.all(
      symbols.map(async (id) => {
        const asset = assets?.find((candidate) => candidate.asset === id);
        return { id, logo: asset ? await this.logo(asset.logo) : null };
      }),
    );
  }

  private logo(url: string): Promise<string | null> {
    if (this.options.logoAllowed && !this.options.logoAllowed(url)) return Promise.resolve(null);
    return this.options.logos.dataUrl(url);
  }

  /** The connection's client now, after forgetting what an earlier client loaded. */
  private currentClient(): PaymentServiceClient {
    const client = this.options.client();
    if (client !== this.source) {
      this.chains = null;
      this.assets = new Map();
      this.source = client;
    }
    return client;
  }

  /**
   * The service's Chain and Asset for a sale: from the lists loaded now, else from the saved
   * ones (a hanging service must not keep the cashier from selling), else loaded now.
   */
  async resolve(chainId: string, symbol: string): Promise<{ chain: Chain; asset: Asset }> {
    this.currentClient();
    let chain = (this.chains ?? (await this.savedChainList()))?.byId.get(chainId);
    if (!chain) {
      await this.listChains();
      chain = this.chains?.byId.get(chainId);
    }
    if (!chain)
      throw new CallRefusal(
        'unknown-chain',
        'The service does not offer this chain any more. Pick another one.',
      );
    let assets = this.assets.get(chainId) ?? (await this.savedAssetList(chainId));
    if (!assets?.some((candidate) => candidate.asset === symbol)) {
      await this.listAssets(chainId);
      assets = this.assets.get(chainId) ?? null;
    }
    const asset = assets?.find((candidate) => candidate.asset === symbol);
    if (!asset)
      throw new CallRefusal(
        'unknown-asset',
        `The service does not offer ${symbol} on ${chain.name} any more. Pick another asset.`,
      );
    // The customer display shows both logos with the link: fetched meanwhile (cached after).
    void this.logo(chain.logo);
    void this.logo(asset.logo);
    return { chain, asset };
  }

  /** Logos of a sale's chain and asset for the customer display, from what was already loaded. */
  async logosFor(
    chainId: string | null,
    symbol: string | null,
  ): Promise<{ chainLogo: string | null; assetLogo: string | null }> {
    this.currentClient();
    const chain = chainId
      ? (this.chains ?? (await this.savedChainList()))?.byId.get(chainId)
      : undefined;
    const assets = chainId
      ? (this.assets.get(chainId) ?? (await this.savedAssetList(chainId)))
      : undefined;
    const asset = symbol ? assets?.find((candidate) => candidate.asset === symbol) : undefined;
    return {
      chainLogo: chain ? await this.logo(chain.logo) : null,
      assetLogo: asset ? await this.logo(asset.logo) : null,
    };
  }

  /**
   * Saved once the answer is on its way: the page does not wait for the write. A failed
   * write (the journal closing, a full disk) only loses the saved copy: logged, never thrown.
   */
  private saveSoon(key: string | null, list: string, items: readonly unknown[]): void {
    setImmediate(() => {
      try {
        this.save(key, list, items);
      } catch (error) {
        this.options.logger?.warn('catalogue not saved', { list, reason: String(error) });
      }
    });
  }

  private save(key: string | null, list: string, items: readonly unknown[]): void {
    if (key === null || !this.options.store) return;
    this.options.store.save(key, list, items);
    // What was just saved is what a later read would find.
    if (this.saved.key === key) {
      if (list === 'chains') delete this.saved.chains;
      else this.saved.assets.delete(list.slice('assets:'.length));
    }
  }

  /** The saved lists of the current service, read once per service. */
  private savedFor(): typeof this.saved | null {
    const key = this.options.serviceKey();
    if (key === null || !this.options.store) return null;
    if (this.saved.key !== key) this.saved = { key, assets: new Map() };
    return this.saved;
  }

  private async savedChainList(): Promise<ChainList | null> {
    const saved = this.savedFor();
    if (!saved) return null;
    if (saved.chains === undefined) {
      const items = await checked(this.options.store!.load(saved.key, 'chains'), chainSchema);
      saved.chains = items ? await indexChains(items) : null;
    }
    return saved.chains;
  }

  private async savedAssetList(chainId: string): Promise<Asset[] | null> {
    const saved = this.savedFor();
    if (!saved) return null;
    if (!saved.assets.has(chainId))
      saved.assets.set(
        chainId,
        await checked(this.options.store!.load(saved.key, `assets:${chainId}`), assetSchema),
      );
    return saved.assets.get(chainId) ?? null;
  }
}

async function indexChains(chains: Chain[]): Promise<ChainList> {
  const byId = new Map<string, Chain>();
  const views = await mapInChunks(chains, (chain) => {
    const chainId = String(chain.chain_id);
    byId.set(chainId, chain);
    return { chainId, name: chain.name };
  });
  return { byId, views };
}

function assetViews(assets: Asset[]): Promise<AssetView[]> {
  return mapInChunks(assets, (asset) => ({
    asset: asset.asset,
    chainId: String(asset.chain_id),
    chainName: asset.chain,
    decimals: asset.decimal,
  }));
}

/** A saved list checked item by item against its wire schema; null unless every item passes. */
async function checked<T>(
  value: unknown,
  schema: { safeParse(item: unknown): { success: true; data: T } | { success: false } },
): Promise<T[] | null> {
  if (!Array.isArray(value)) return null;
  const parsed = await parseListInChunks(value as unknown[], schema);
  return parsed.ok ? parsed.items : null;
}
