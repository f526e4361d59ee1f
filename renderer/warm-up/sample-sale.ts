import type { SaleSnapshot } from '../../shared/sale/sale-snapshot';
import { samplePaymentLink } from './idle-warm-up';

/**
 * A QR sale waiting for the customer's payment, as the cashier's warm-up draws it: the link
 * with its amount, a countdown, the buttons a waiting sale has. The link and the amount change
 * each round; odd rounds are priced in the shop's `currency` with a fee, even rounds typed in
 * asset units with their USD value, so both ways a sale is shown are drawn.
 */
export function sampleSale(round: number, currency: string): SaleSnapshot {
  const amount = `${round}2.5`;
  const inMoney = round % 2 === 1;
  return {
    orderId: `WARM-UP-${round}`,
    reference: `WARMUP${round}`,
    kind: 'qr',
    state: 'awaiting-payment',
    terminal: false,
    amount,
    fee: '0',
    asset: 'USDT',
    assetDecimals: 6,
    chainId: '1',
    chainName: 'ETHEREUM',
    currency,
    pricing: inMoney
      ? {
          currency,
          moneyAmount: amount,
          feeMoney: '0.25',
          price: '1',
          usdPrice: '1',
          usdPerUnit: '1',
          source: 'manual',
          crossSource: 'fixed',
          asOfMs: 0,
          rounding: 'up-to-asset-decimals',
        }
      : null,
    rateDifferencePercent: null,
    link: {
      qrUrl: samplePaymentLink(round),
      linkAmount: amount,
      rateUsd: '1',
      amountMatches: true,
    },
    showQr: true,
    expiry: { kind: 'known', atMs: 15 * 60_000 },
    lastFailure: null,
    allowedActions: ['confirmPaidByCashier', 'cancel'],
    attempts: 1,
    replacesOrderId: null,
    replacedLinkMayBePaid: false,
    createdAtMs: 0,
    updatedAtMs: 0,
    notice: null,
  };
}
