import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { CallFailure } from '../../../shared/ipc/contract-kit';
import type { AssetView, ChainView } from '../../../shared/ipc/views';
import { callPos } from '../shell/pos';

/** The lists the service last gave, for one service (the key names it). */
export interface CatalogueMemory {
  serviceKey: string;
  chains: ChainView[] | null;
  assets: Map<string, AssetView[]>;
}

/**
 * Where the cashier window keeps the last lists (CashierApp provides it). The start form
 * mounts again after every sale and every visit to another screen: with the last lists it
 * shows its pickers at once, instead of "Loading…" and a round trip to the service between
 * two customers. Without a provider (a component test) each form keeps its own.
 */
export const CatalogueMemoryContext = createContext<{ current: CatalogueMemory | null } | null>(
  null,
);

/**
 * The service's chains and, for the chosen chain, its assets; both through main (which
 * fetches logos as data: URLs). Lists already known for this service show at once and are
 * asked for again in the background: a changed answer replaces them, a failed one leaves them
 * (the sale itself is checked by main against the service). A late answer for a chain no
 * longer chosen is dropped.
 */
export function useCatalogue(serviceKey: string) {
  const memory = useCatalogueMemory(serviceKey);
  const [chains, setChains] = useState<ChainView[] | null>(memory.chains);
  const [chainFailure, setChainFailure] = useState<CallFailure | null>(null);
  const [assets, setAssets] = useState<AssetView[] | null>(null);
  const [assetFailure, setAssetFailure] = useState<CallFailure | null>(null);
  const wantedChain = useRef<string | null>(null);

  const loadChains = useCallback(async () => {
    const known = memory.chains;
    setChainFailure(null);
    setChains(known);
    const result = await callPos('listChains', {});
    if (result.ok) {
      memory.chains = result.value;
      setChains(result.value);
    } else if (!known) setChainFailure(result.error);
  }, [memory]);

  const loadAssets = useCallback(
    async (chainId: string | null) => {
      wantedChain.current = chainId;
      const known = chainId === null ? null : (memory.assets.get(chainId) ?? null);
      setAssetFailure(null);
      setAssets(known);
      if (chainId === null) return;
      const result = await callPos('listAssets', { chainId });
      if (result.ok) memory.assets.set(chainId, result.value);
      if (wantedChain.current !== chainId) return;
      if (result.ok) setAssets(result.value);
      else if (!known) setAssetFailure(result.error);
    },
    [memory],
  );

  useEffect(() => {
    void loadChains();
  }, [loadChains]);

  return { chains, chainFailure, loadChains, assets, assetFailure, loadAssets };
}

/** The window's memory for this service, emptied when the service changes. */
function useCatalogueMemory(serviceKey: string): CatalogueMemory {
  const shared = useContext(CatalogueMemoryContext);
  const own = useRef<CatalogueMemory | null>(null);
  const holder = shared ?? own;
  if (holder.current?.serviceKey !== serviceKey)
    holder.current = { serviceKey, chains: null, assets: new Map() };
  return holder.current;
}
