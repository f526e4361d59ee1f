import { useMemo, useState } from 'react';
import type { AssetView, ChainView } from '../../../../shared/ipc/views';
import type { PageSettings } from '../../../../shared/settings';
import { useLatestCallback } from '../../../common/use-latest-callback';
import { callPos } from '../../shell/pos';
import { useCatalogueMemory } from './catalogue-memory';
import type { PickerItem } from './option-picker';
import { useAssetList, useChainList, type CatalogueList } from './use-catalogue';
import { useAssetLogos, useChainLogos, type PickerLogos } from './use-picker-logos';

export interface ChainAssetChoice {
  chainId: string | null;
  asset: AssetView | null;
  chains: CatalogueList<ChainView>;
  assets: CatalogueList<AssetView>;
  /** The lists as picker tiles; the same arrays until a list changes. */
  chainItems: PickerItem[] | null;
  assetItems: PickerItem[] | null;
  /** Stable identities: the memoised pickers skip renders that do not concern them. */
  chooseChain: (chainId: string) => void;
  chooseAsset: (symbol: string) => void;
  /** Changes when the asset picker should take the focus (a chain was just chosen). */
  assetFocus: number;
  /** The logos of the rows each picker shows, asked of main as they come on screen. */
  chainLogos: PickerLogos;
  assetLogos: PickerLogos;
}

/**
 * The chain and the asset of the next sale. Until the cashier picks one, the last choice
 * (settings `lastChainId`, `lastAsset`) is taken once it is in the list, or the only entry of
 * a list of one. Each pick is remembered in the settings, unless IT locked that setting.
 */
export function useChainAssetChoice(
  settings: PageSettings | null,
  onAssetChosen: () => void,
): ChainAssetChoice {
  const values = settings?.values;
  const serviceKey = values ? `${values.serviceBaseUrl}|${values.demoModeAllowed}` : '';
  const memory = useCatalogueMemory();
  const [pickedChain, setPickedChain] = useState<string | null>(null);
  const [pickedAsset, setPickedAsset] = useState<{ chainId: string; symbol: string } | null>(null);
  const [assetFocus, setAssetFocus] = useState(0);

  const chains = useChainList(memory, serviceKey);
  const chainId =
    pickedChain ??
    rememberedOrOnly(chains.items, (chain) => chain.chainId === values?.lastChainId)?.chainId ??
    null;
  const assets = useAssetList(memory, serviceKey, chainId);
  const chainLogos = useChainLogos(memory, serviceKey);
  const assetLogos = useAssetLogos(memory, serviceKey, chainId);
  const symbol =
    pickedAsset && pickedAsset.chainId === chainId
      ? pickedAsset.symbol
      : (rememberedOrOnly(assets.items, (item) => item.asset === values?.lastAsset)?.asset ?? null);
  const asset = assets.items?.find((candidate) => candidate.asset === symbol) ?? null;

  const remember = (patch: { lastChainId?: string; lastAsset?: string }) => {
    const locked = settings?.keys;
    const allowed = Object.fromEntries(
      Object.entries(patch).filter(([key]) => !locked?.[key as 'lastAsset']?.locked),
    );
    if (Object.keys(allowed).length > 0) void callPos('updateSettings', { patch: allowed });
  };
  const chooseChain = useLatestCallback((id: string) => {
    if (id === chainId) return;
    setPickedChain(id);
    setAssetFocus((n) => n + 1);
    remember({ lastChainId: id });
  });
  const chooseAsset = useLatestCallback((id: string) => {
    if (!chainId) return;
    setPickedAsset({ chainId, symbol: id });
    remember({ lastChainId: chainId, lastAsset: id });
    onAssetChosen();
  });

  const chainItems = useMemo(() => chains.items?.map(chainTile) ?? null, [chains.items]);
  const assetItems = useMemo(() => assets.items?.map(assetTile) ?? null, [assets.items]);
  return {
    chainId,
    asset,
    chains,
    assets,
    chainItems,
    assetItems,
    chooseChain,
    chooseAsset,
    assetFocus,
    chainLogos,
    assetLogos,
  };
}

function rememberedOrOnly<Item>(
  items: Item[] | null,
  isRemembered: (item: Item) => boolean,
): Item | undefined {
  if (!items) return undefined;
  return items.find(isRemembered) ?? (items.length === 1 ? items[0] : undefined);
}

function chainTile(chain: ChainView): PickerItem {
  return {
    id: chain.chainId,
    label: chain.name,
    detail: `Chain ${chain.chainId}`,
  };
}

function assetTile(item: AssetView): PickerItem {
  return {
    id: item.asset,
    label: item.asset,
    detail: `${item.decimals} decimals`,
    keywords: [item.chainName],
  };
}
