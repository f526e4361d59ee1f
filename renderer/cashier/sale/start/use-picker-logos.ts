import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CallResult } from '../../../../shared/ipc/contract-kit';
import { MAX_LOGOS_PER_CALL, type LogoView } from '../../../../shared/ipc/views';
import { useLatestCallback } from '../../../common/use-latest-callback';
import { callPos } from '../../shell/pos';
import type { CatalogueMemory } from './catalogue-memory';

/** Rows must stay on screen this long before their logos are asked for (a fast scroll asks nothing). */
const SETTLE_MS = 80;

export interface PickerLogos {
  /** The logo of a row; undefined while not known. Its identity changes when logos arrive. */
  logoOf: (id: string) => string | null | undefined;
  /** The picker tells which rows are on screen; those without a logo yet are asked for. */
  onRowsShown: (ids: string[]) => void;
}

/** Logos of the chain picker's rows on screen, from main (`chainLogos`). */
export function useChainLogos(memory: CatalogueMemory, serviceKey: string): PickerLogos {
  return usePickerLogos(memory, `${serviceKey}|chains`, (chainIds) =>
    callPos('chainLogos', { chainIds }),
  );
}

/** Logos of the asset picker's rows on screen, from main (`assetLogos`). */
export function useAssetLogos(
  memory: CatalogueMemory,
  serviceKey: string,
  chainId: string | null,
): PickerLogos {
  return usePickerLogos(memory, `${serviceKey}|assets|${chainId ?? ''}`, (assets) =>
    chainId === null
      ? Promise.resolve({ ok: true, value: [] })
      : callPos('assetLogos', { chainId, assets }),
  );
}

/**
 * Asks main for the logos of the rows a picker shows once they stayed on screen SETTLE_MS, at
 * most MAX_LOGOS_PER_CALL per call, each row once (kept in the window's memory per `scope`).
 * A failed call leaves the rows with their initials.
 */
function usePickerLogos(
  memory: CatalogueMemory,
  scope: string,
  fetchLogos: (ids: string[]) => Promise<CallResult<LogoView[]>>,
): PickerLogos {
  const [version, setVersion] = useState(0);
  const logos = memory.logos(scope);
  const asked = useRef(new Map<string, Set<string>>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fetchLatest = useLatestCallback(fetchLogos);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onRowsShown = useCallback(
    (ids: string[]) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        let askedHere = asked.current.get(scope);
        if (!askedHere) asked.current.set(scope, (askedHere = new Set()));
        const missing = ids.filter((id) => !logos.has(id) && !askedHere.has(id));
        for (const id of missing) askedHere.add(id);
        for (let start = 0; start < missing.length; start += MAX_LOGOS_PER_CALL) {
          void fetchLatest(missing.slice(start, start + MAX_LOGOS_PER_CALL)).then((result) => {
            if (!result.ok || !Array.isArray(result.value)) return;
            for (const row of result.value) logos.set(row.id, row.logo);
            setVersion((n) => n + 1);
          });
        }
      }, SETTLE_MS);
    },
    [scope, logos, fetchLatest],
  );

  // A new function when logos arrived, so the memoised picker re-renders its rows.
  const logoOf = useMemo(() => {
    void version; // new logos arrived in the same map
    return (id: string) => logos.get(id);
  }, [logos, version]);
  return { logoOf, onRowsShown };
}
