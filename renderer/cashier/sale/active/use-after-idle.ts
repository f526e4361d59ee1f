import { useEffect, useState } from 'react';

/**
 * True once the page has been idle after `key` changed (or after `timeoutMs` at the latest).
 * The cashier's copy of the QR waits for it: when a link arrives, the customer display draws
 * its large QR at the same moment, and on a small till the customer's screen goes first.
 */
export function useAfterIdle(key: string | null, timeoutMs = 150): boolean {
  const [readyFor, setReadyFor] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    if (typeof window.requestIdleCallback === 'function') {
      // Called on window: a detached reference throws "Illegal invocation".
      const id = window.requestIdleCallback(() => setReadyFor(key), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setReadyFor(key), 50);
    return () => clearTimeout(id);
  }, [key, timeoutMs]);
  return key !== null && readyFor === key;
}
