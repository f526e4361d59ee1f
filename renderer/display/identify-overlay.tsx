import { useEffect, useState } from 'react';
import type { DisplayApi } from '../../shared/ipc/contract';

/** How long "identify displays" keeps the label up: long enough to walk over and look. */
export const IDENTIFY_MS = 5_000;

/**
 * "Identify displays" from the cashier's settings: a large label over everything for a few
 * seconds. A plain timer is right here: it is screen furniture, not sale time.
 */
export function IdentifyOverlay({ api }: { api: DisplayApi }) {
  const [label, setLabel] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = api.on('identify-display', ({ label: next }) => {
      clearTimeout(timer);
      setLabel(next);
      timer = setTimeout(() => setLabel(null), IDENTIFY_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [api]);
  if (label === null) return null;
  return (
    <div className="cd-overlay" data-testid="identify-overlay" role="alert">
      {label}
    </div>
  );
}
