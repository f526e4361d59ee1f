import { useEffect, useState } from 'react';
import { whenIdle } from '../../../common/when-idle';

/**
 * True once `delayMs` have passed after `key` changed and the page is then idle (or
 * `timeoutMs` later at the latest). The cashier's copy of the QR waits for it: when a link
 * arrives, the customer display encodes and draws its large QR, and on a till's two cores
 * the customer's screen must go first; the cashier's small copy is not what anyone scans.
 */
export function useAfterIdle(key: string | null, delayMs = 250, timeoutMs = 150): boolean {
  const [readyFor, setReadyFor] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    let cancelIdle = () => undefined as void;
    const delay = setTimeout(() => {
      cancelIdle = whenIdle(() => setReadyFor(key), timeoutMs);
    }, delayMs);
    return () => {
      clearTimeout(delay);
      cancelIdle();
    };
  }, [key, delayMs, timeoutMs]);
  return key !== null && readyFor === key;
}
