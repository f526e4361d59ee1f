import { useEffect } from 'react';
import { callPos } from '../../shell/pos';

/**
 * The first key of an amount tells main to open the connection "Show QR" will use, while
 * the cashier is still typing (the `warmUpService` call: nothing is sent to the service).
 * Once per amount: again only after it was cleared. Main does nothing when a connection is
 * open already, and the answer is of no interest to the page.
 */
export function useServiceWarmUp(typing: boolean): void {
  useEffect(() => {
    if (typing) void callPos('warmUpService', {});
  }, [typing]);
}
