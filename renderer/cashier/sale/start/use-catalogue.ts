import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallFailure, CallResult } from '../../../../shared/ipc/contract-kit';
import type { AssetView, ChainView } from '../../../../shared/ipc/views';
import { useLatestCallback } from '../../../common/use-latest-callback';
import { foregroundLoad } from '../../../common/foreground-loads';
import { whenIdle } from '../../../common/when-idle';
import { callPos } from '../../shell/pos';
import type { CatalogueMemory } from './catalogue-memory';

/**
 * How long the chain list main has at hand may take before the saved one is asked for: main's
 * list loaded ahead answers within it (8-10 ms after the ask for 10,000 chains in the
 * catalogue bench: 5 times that leaves room for a busy page), and a service that answers at
 * once shows its own list without the saved one flashing first; a hanging one shows the
 * saved list this much later. Every millisecond of it is one more before a cashier can start a
 * sale from the saved list when the service hangs.
 */
const SAVED_AFTER_MS = 50;

/** A list as a picker shows it: the items (null while none is known), a failure, a retry. */
export interface CatalogueList<Item> {
  items: Item[] | null;
  /** Only when no list is known: a failed refresh behind a known list stays silent. */
  failure: CallFailure | null;
  /** The items are the list main saved last time and the service has not answered since. */
  saved: boolean;
  retry: () => void;
}

/**
 * The service's chains, through main (logos come afterwards, per row: use-picker-logos.ts).
 * A list already known for this service shows at once and is asked for again behind it: a
 * changed answer replaces it, a failed one leaves it (main checks the sale itself against the
 * service anyway). Known first from this window's memory, else from the list main saved last
 * time (`savedChains`, kept across restarts), which answers at once whatever the service does.
 */
export function useChainList(
  memory: CatalogueMemory,
  serviceKey: string,
): CatalogueList<ChainView> {
  return useServiceList(
    `${serviceKey}|chains`,
    async () => {
      const result = await callPos('listChains', {});
      if (result.ok) memory.rememberChains(serviceKey, result.value);
      return result;
    },
    memory.chains(serviceKey),
    () => callPos('savedChains', {}),
    { askWhenIdle: true },
  );
}

/** The assets of the chosen chain, as useChainList; nothing while no chain is chosen. */
export function useAssetList(
  memory: CatalogueMemory,
  serviceKey: string,
  chainId: string | null,
): CatalogueList<AssetView> {
  return useServiceList(
    chainId === null ? null : `${serviceKey}|assets|${chainId}`,
    async () => {
      if (chainId === null) return { ok: true, value: [] };
      const result = await callPos('listAssets', { chainId });
      if (result.ok) memory.rememberAssets(serviceKey, chainId, result.value);
      return result;
    },
    chainId === null ? null : memory.assets(serviceKey, chainId),
    () =>
      chainId === null
        ? Promise.resolve({ ok: true, value: null })
        : callPos('savedAssets', { chainId }),
  );
}

/**
 * One list, named by `listKey` (service, and chain for assets; null: nothing to ask for),
 * asked for when the key changes and on retry. An answer for a key no longer shown (another
 * chain chosen meanwhile, the form gone) is not shown; the memory still keeps it.
 */
function useServiceList<Item>(
  listKey: string | null,
  fetchList: () => Promise<CallResult<Item[]>>,
  known: Item[] | null,
  fetchSaved: () => Promise<CallResult<Item[] | null>>,
  { askWhenIdle = false } = {},
): CatalogueList<Item> {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ key: string; items: Item[] } | null>(null);
  const [failure, setFailure] = useState<{
    key: string;
    attempt: number;
    error: CallFailure;
  } | null>(null);
  const fetchLatest = useLatestCallback(fetchList);
  const [saved, setSaved] = useState<{ key: string; items: Item[] } | null>(null);
  const fetchSavedLatest = useLatestCallback(fetchSaved);
  const knownHere = known !== null;
  /** The lists answered so far, as the effects' answers need them (state lags a render behind). */
  const answered = useRef<{
    fresh: string | null;
    saved: { key: string; items: Item[] } | null;
    /** Asks for the saved list at once, while it waits for SAVED_AFTER_MS (`askWhenIdle`). */
    askSavedNow?: () => void;
  }>({ fresh: null, saved: null });

  // The fresh list is asked for first: main may have it ready (it loads the chain list while
  // the page loads), and then the saved one, asked for at the same time, is not needed.
  // `askWhenIdle` (the chains): asked in the page's first idle moment. The picker mounts as
  // the page draws its first screen, and a long list answered then waited behind that work to
  // be parsed and drawn (answer to painted: 90-130 ms, against 30-70 ms when the page had
  // nothing else to do); main has usually loaded it ahead by then, and the saved list is
  // asked for only if the fresh one has not answered within SAVED_AFTER_MS, or at once when it
  // failed (at a first start both were the same 10,000 chains, parsed twice).
  useEffect(() => {
    if (listKey === null) return;
    let shown = true;
    const askFresh = () =>
      void foregroundLoad(fetchLatest()).then((result) => {
        if (!shown) return;
        if (!result.ok) {
          setFailure({ key: listKey, attempt, error: result.error });
          // No need to wait out SAVED_AFTER_MS: the saved list now, if it is still to come.
          answered.current.askSavedNow?.();
          return;
        }
        answered.current.fresh = listKey;
        // The same list as the saved one on screen: kept as it is, so nothing renders again.
        const before = answered.current.saved;
        const items =
          before?.key === listKey && sameItems(before.items, result.value)
            ? before.items
            : result.value;
        setAnswer({ key: listKey, items });
      });
    const cancel = askWhenIdle ? whenIdle(askFresh) : (askFresh(), () => undefined);
    return () => {
      shown = false;
      cancel();
    };
  }, [listKey, attempt, fetchLatest, askWhenIdle]);

  useEffect(() => {
    if (listKey === null || knownHere) return;
    let shown = true;
    const askSaved = () =>
      void foregroundLoad(fetchSavedLatest()).then((result) => {
        // A fresh list already in makes the saved one of no use.
        if (!shown || answered.current.fresh === listKey) return;
        if (result.ok && Array.isArray(result.value)) {
          const list = { key: listKey, items: result.value };
          answered.current.saved = list;
          setSaved(list);
        }
      });
    let cancel = () => undefined as void;
    let asked = false;
    const askOnce = () => {
      if (asked || !shown) return;
      asked = true;
      cancel();
      if (answered.current.fresh !== listKey) askSaved();
    };
    if (askWhenIdle) {
      answered.current.askSavedNow = askOnce;
      cancel = whenIdleThenAfter(SAVED_AFTER_MS, askOnce);
    } else askOnce();
    return () => {
      shown = false;
      cancel();
    };
  }, [listKey, knownHere, fetchSavedLatest, askWhenIdle]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (listKey === null) return { items: null, failure: null, saved: false, retry };
  const fresh = (answer?.key === listKey ? answer.items : null) ?? known;
  const fromSaved = fresh ? null : saved?.key === listKey ? saved.items : null;
  const items = fresh ?? fromSaved;
  const failedNow = failure?.key === listKey && failure.attempt === attempt ? failure.error : null;
  return {
    items,
    failure: items ? null : failedNow,
    saved: fromSaved !== null && failedNow !== null,
    retry,
  };
}

/** Runs `run` `delayMs` after the page's next idle moment. */
function whenIdleThenAfter(delayMs: number, run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancelIdle = whenIdle(() => {
    timer = setTimeout(run, delayMs);
  });
  return () => {
    cancelIdle();
    clearTimeout(timer);
  };
}

/** Two lists of plain items (ChainView, AssetView) with the same items in the same order. */
function sameItems<Item>(a: readonly Item[], b: readonly Item[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) {
    const left = a[index] as Record<string, unknown>;
    const right = b[index] as Record<string, unknown>;
    const keys = Object.keys(left);
    if (keys.length !== Object.keys(right).length) return false;
    for (const key of keys) if (left[key] !== right[key]) return false;
  }
  return true;
}
