import type { SaleService } from '../../electron/sale/sale-service';
import type { SaleSnapshot } from '../../electron/sale/sale-snapshot';

/**
 * A tap's token handed to the sale as the NFC bridge hands it over: for the order on screen
 * now (as if the card had arrived just now). Resolves with the sale as the tap left it: after
 * the service's answer when the token was sent, at once when the sale refused it.
 */
export async function tapOnScreenSale(
  sale: SaleService,
  token: string,
): Promise<SaleSnapshot | null> {
  const verdict = sale.submitNfcToken(sale.current()?.orderId ?? '', token);
  return verdict.kind === 'sent' ? verdict.answered : sale.current();
}
