import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallFailure } from '../../../shared/ipc/contract-kit';
import type { AssetView, ChainView } from '../../../shared/ipc/views';
import { callPos } from '../shell/pos';

/**
 * The service's chains and, for the chosen chain, its assets; both through main (which
 * fetches logos as data: URLs). A late answer for a chain no longer chosen is dropped.
 */
export function useCatalogue(serviceKey: string) {
  const [chains, setChains] = useState<ChainView[] | null>(null);
  const [chainFailure, setChainFailure] = useState<CallFailure | null>(null);
  const [assets, setAssets] = useState<AssetView[] | null>(null);
  const [assetFailure, setAssetFailure] = useState<CallFailure | null>(null);
  const wantedChain = useRef<string | null>(null);

  const loadChains = useCallback(async () => {
    setChainFailure(null);
    setChains(null);
    const result = await callPos('listChains', {});
    if (result.ok) setChains(result.value);
    else setChainFailure(result.error);
  }, []);

  const loadAssets = useCallback(async (chainId: string | null) => {
    wantedChain.current = chainId;
    setAssetFailure(null);
    setAssets(null);
    if (chainId === null) return;
    const result = await callPos('listAssets', { chainId });
    if (wantedChain.current !== chainId) return;
    if (result.ok) setAssets(result.value);
    else setAssetFailure(result.error);
  }, []);

  useEffect(() => {
    void loadChains();
  }, [loadChains, serviceKey]);

  return { chains, chainFailure, loadChains, assets, assetFailure, loadAssets };
}
