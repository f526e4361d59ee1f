import { createContext, useContext, useState } from 'react';
import type { AssetView, ChainView } from '../../../../shared/ipc/views';

/**
 * The chain and asset lists the service last gave, per service (the key names it: its URL and
 * whether demo mode is allowed), and the logos main fetched for their rows. The start form
 * mounts again after every sale and every visit to another screen: with the last lists it
 * shows its pickers at once, instead of "Loading…" and a round trip to the service between two
 * customers. Lists of another service are never shown for this one. A till talks to one
 * service, two at most over its life: nothing is evicted (a logo is a few KiB, asked for only
 * when its row was on screen).
 */
export class CatalogueMemory {
  readonly #chains = new Map<string, ChainView[]>();
  readonly #assets = new Map<string, Map<string, AssetView[]>>();
  readonly #logos = new Map<string, Map<string, string | null>>();

  chains(serviceKey: string): ChainView[] | null {
    return this.#chains.get(serviceKey) ?? null;
  }

  assets(serviceKey: string, chainId: string): AssetView[] | null {
    return this.#assets.get(serviceKey)?.get(chainId) ?? null;
  }

  rememberChains(serviceKey: string, chains: ChainView[]): void {
    this.#chains.set(serviceKey, chains);
  }

  rememberAssets(serviceKey: string, chainId: string, assets: AssetView[]): void {
    const byChain = this.#assets.get(serviceKey) ?? new Map<string, AssetView[]>();
    byChain.set(chainId, assets);
    this.#assets.set(serviceKey, byChain);
  }

  /** The logos known for one list (`scope`: the service's chains, or one chain's assets), by row id. */
  logos(scope: string): Map<string, string | null> {
    let logos = this.#logos.get(scope);
    if (!logos) this.#logos.set(scope, (logos = new Map()));
    return logos;
  }
}

/** Where the cashier window keeps its memory (CashierApp provides one for its lifetime). */
export const CatalogueMemoryContext = createContext<CatalogueMemory | null>(null);

/** The window's memory; without a provider (a component test) each form keeps its own. */
export function useCatalogueMemory(): CatalogueMemory {
  const shared = useContext(CatalogueMemoryContext);
  const [own] = useState(() => new CatalogueMemory());
  return shared ?? own;
}
