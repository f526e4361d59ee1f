import type { Calls, SaleStepCall } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import type { SaleService } from '../sale/sale-service';
import type { Catalogue } from './catalogue';

/**
 * The one active sale. The page names a chain and an asset; the catalogue turns them into
 * the service's own Chain and Asset before the sale sees them.
 */
export function saleHandlers(parts: {
  sale: SaleService;
  catalogue: Catalogue;
}): Pick<CallHandlers<Calls>, 'currentSale' | 'startQrSale' | 'startNfcSale' | SaleStepCall> {
  const { sale, catalogue } = parts;
  return {
    currentSale: async () => sale.current(),
    startQrSale: async ({ amount, chainId, asset }) => {
      const resolved = await catalogue.resolve(chainId, asset);
      return sale.startQrSale({ amount, chain: resolved.chain, asset: resolved.asset });
    },
    startNfcSale: async ({ amount, chainId, asset }) => {
      const resolved = chainId && asset ? await catalogue.resolve(chainId, asset) : undefined;
      return sale.startNfcSale({ amount, ...(resolved ? { asset: resolved.asset } : {}) });
    },
    acceptLinkAmount: () => sale.acceptLinkAmount(),
    confirmPaidByCashier: () => sale.confirmPaidByCashier(),
    cancelSale: () => sale.cancel(),
    retrySameOrder: () => sale.retrySameOrder(),
    voidOrder: () => sale.voidOrder(),
    newLinkForExpired: () => sale.newLinkForExpired(),
    finishSale: async () => {
      sale.clear();
      return null;
    },
  };
}
