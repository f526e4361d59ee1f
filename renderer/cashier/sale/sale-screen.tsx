import type { SaleSnapshot } from '../../../shared/sale/sale-snapshot';
import type { EffectiveSettings } from '../../../shared/settings';
import { ActiveSale } from './active-sale';
import { StartSale } from './start-sale';

/** No sale: amount, chain, asset. A sale: its link, its state and what the cashier may do. */
export function SaleScreen({
  sale,
  settings,
}: {
  sale: SaleSnapshot | null;
  settings: EffectiveSettings | null;
}) {
  return sale ? <ActiveSale sale={sale} /> : <StartSale settings={settings} />;
}
