import type { AssetView, ChainView } from '../../shared/ipc/views';
import type { Asset } from '../../shared/wire/asset';
import type { Chain } from '../../shared/wire/chain';
import type { PaymentServiceClient } from '../service-client/payment-service-client';
import { CallRefusal } from './call-failure';
import type { LogoFetcher } from './logo-fetcher';

/**
 * The service's chains and assets as the pickers show them, and the lookup a sale needs: the
 * page names a chain id and an asset symbol, and main uses the service's own Chain and Asset
 * (with its decimals), never values the page sent.
 *
 * What it holds belongs to the client it came from: when the connection hands out a new
 * client (another service, token, serial or time zone), everything is forgotten and loaded
 * again from the new one. Anything else (a picker tap remembering the chain) keeps it.
 */
export class Catalogue {
  private chains = new Map<string, Chain>();
  private assets = new Map<string, Asset[]>();
  /** The client the maps were loaded from. */
  private source: PaymentServiceClient | null = null;

  constructor(
    private readonly client: () => PaymentServiceClient,
    private readonly logos: LogoFetcher,
  ) {}

  /** Forget everything: the client changed. */
  private reset(): void {
    this.chains = new Map();
    this.assets = new Map();
  }

  async listChains(): Promise<ChainView[]> {
    const client = this.currentClient();
    const chains = await client.listChains();
    // An answer from a client replaced meanwhile is shown but not kept.
    if (client === this.source)
      this.chains = new Map(chains.map((chain) => [String(chain.chain_id), chain]));
    return Promise.all(
      chains.map(async (chain) => ({
        chainId: String(chain.chain_id),
        name: chain.name,
        logo: await this.logos.dataUrl(chain.logo),
      })),
    );
  }

  async listAssets(chainId: string): Promise<AssetView[]> {
    const client = this.currentClient();
    const assets = await client.listAssets(chainId);
    if (client === this.source) this.assets.set(chainId, assets);
    return Promise.all(
      assets.map(async (asset) => ({
        asset: asset.asset,
        chainId: String(asset.chain_id),
        chainName: asset.chain,
        decimals: asset.decimal,
        logo: await this.logos.dataUrl(asset.logo),
      })),
    );
  }

  /** The connection's client now, after forgetting what an earlier client loaded. */
  private currentClient(): PaymentServiceClient {
    const client = this.client();
    if (client !== this.source) {
      this.reset();
      this.source = client;
    }
    return client;
  }

  /** The service's Chain and Asset for a sale; loads them when the pickers have not. */
  async resolve(chainId: string, symbol: string): Promise<{ chain: Chain; asset: Asset }> {
    this.currentClient();
    if (!this.chains.has(chainId)) await this.listChains();
    const chain = this.chains.get(chainId);
    if (!chain)
      throw new CallRefusal(
        'unknown-chain',
        'The service does not offer this chain any more. Pick another one.',
      );
    if (!this.assets.has(chainId)) await this.listAssets(chainId);
    const asset = this.assets.get(chainId)?.find((candidate) => candidate.asset === symbol);
    if (!asset)
      throw new CallRefusal(
        'unknown-asset',
        `The service does not offer ${symbol} on ${chain.name} any more. Pick another asset.`,
      );
    return { chain, asset };
  }

  /** Logos of a sale's chain and asset for the customer display, from what was already loaded. */
  async logosFor(
    chainId: string | null,
    symbol: string | null,
  ): Promise<{ chainLogo: string | null; assetLogo: string | null }> {
    this.currentClient();
    const chain = chainId ? this.chains.get(chainId) : undefined;
    const asset =
      chainId && symbol
        ? this.assets.get(chainId)?.find((candidate) => candidate.asset === symbol)
        : undefined;
    return {
      chainLogo: chain ? await this.logos.dataUrl(chain.logo) : null,
      assetLogo: asset ? await this.logos.dataUrl(asset.logo) : null,
    };
  }
}
