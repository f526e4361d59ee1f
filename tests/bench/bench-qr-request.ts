import type { Asset } from '../../shared/wire/asset';
import type { GenerateQrRequest } from '../../shared/wire/requests';

/** The asset the service-client benchmarks ask a payment link in. */
export const benchAsset: Asset = {
  asset: 'USDT',
  chain: 'ETHEREUM',
  chain_id: 1,
  decimal: 6,
  logo: '',
};

/** The same QR request each time but for its order id: 12.5 USDT on chain 1, fee 0.5. */
export function benchQrRequest(orderId: string): GenerateQrRequest {
  return {
    order_id: orderId,
    amount: '12.5',
    asset: 'USDT',
    chain_id: '1',
    currency: 'USD',
    fee_value: '0.5',
    serial_number: 'POS-BENCH',
  };
}
