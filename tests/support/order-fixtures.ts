import type { NewOrder } from '../../electron/journal/order-record';

/**
 * A QR order for 12.5 USDT on Ethereum (chain 1) as the sale hands it to the journal, still
 * `requesting`. `fields` names the order and may change anything else.
 */
export function newQrOrder(
  fields: Pick<NewOrder, 'orderId' | 'reference' | 'createdAtMs'> & Partial<NewOrder>,
): NewOrder {
  return {
    kind: 'qr',
    state: 'requesting',
    amount: '12.5',
    fee: '0.25',
    asset: 'USDT',
    assetDecimals: 6,
    chainId: '1',
    chainName: 'ETHEREUM',
    currency: 'USD',
    serialNumber: 'POS-1',
    pricing: null,
    replacesOrderId: null,
    ...fields,
  };
}
