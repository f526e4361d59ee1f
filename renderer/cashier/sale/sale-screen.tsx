import type { SaleSnapshot } from '../../../shared/sale/sale-snapshot';
import { WAIT_SCREEN_DELAY_MS } from '../../../shared/sale/wait-screen';
import type { EffectiveSettings } from '../../../shared/settings';
import { ActiveSale } from './active/active-sale';
import { useDueAfter } from './use-due-after';
import { StartSale } from './start/start-sale';

/**
 * No sale: amount, chain, asset. A sale: its link, its state and what the cashier may do.
 * While a sale asks the service for its link, the start form stays (disabled, Show QR
 * spinning) until the wait lasts WAIT_SCREEN_DELAY_MS: a quick answer goes straight to the
 * link, a slow one gets the screen that says what the till is waiting for.
 */
export function SaleScreen({
  sale,
  settings,
}: {
  sale: SaleSnapshot | null;
  settings: EffectiveSettings | null;
}) {
  const requesting = sale?.state === 'requesting' ? sale.orderId : null;
  const waitScreenDue = useDueAfter(requesting, WAIT_SCREEN_DELAY_MS);
  if (sale && (requesting === null || waitScreenDue)) return <ActiveSale sale={sale} />;
  return <StartSale settings={settings} starting={requesting !== null} />;
}
