import type { CustomerPhase, CustomerView, ShopFace } from '../ipc/views';
import { addAmounts, usdValue, isUsableRate } from '../money';
import type { SaleSnapshot } from './sale-snapshot';
import type { SaleState } from './sale-states';

/** Logos the display may show for the sale's chain and asset (data: URLs), looked up by main. */
export interface CustomerLogos {
  chainLogo: string | null;
  assetLogo: string | null;
}

const phaseOfState: Record<SaleState, CustomerPhase> = {
  requesting: 'preparing',
  'amount-differs': 'preparing',
  'awaiting-payment': 'scan',
  'paid-confirmed-by-cashier': 'paid',
  cancelled: 'cancelled',
  expired: 'expired',
  'waiting-for-tap': 'tap',
  submitting: 'processing',
  'accepted-by-service': 'paid',
  refused: 'declined',
  'outcome-unknown': 'problem',
  failed: 'problem',
  'retry-refused': 'problem',
  voided: 'cancelled',
  'paid-after-all': 'paid',
};

/**
 * The customer hears "declined" only for what is theirs: the service refusing the payment
 * their phone handed over (NFC). A refused request for a QR link is the till's trouble (the
 * customer never had a code): they see the calm 'problem' screen while the cashier deals
 * with it, as for every failure of the till or the network.
 */
function phaseOf(sale: SaleSnapshot): CustomerPhase {
  if (sale.state === 'refused' && sale.kind === 'qr') return 'problem';
  return phaseOfState[sale.state];
}

/**
 * What the customer sees for a sale. The QR appears only while the sale says it may be shown
 * (`showQr`): never for a link that differs from the asked amount until the cashier accepts
 * it, never after expiry or cancellation. The amount is the link's own amount once there is
 * a link: that is what the wallet will ask for (docs/payment-service.md: Payment link).
 */
export function customerViewOf(
  sale: SaleSnapshot | null,
  shop: ShopFace,
  logos: CustomerLogos,
): CustomerView {
  const idle: CustomerView = {
    phase: 'idle',
    ...shop,
    amount: null,
    asset: null,
    chainName: null,
    chainLogo: null,
    assetLogo: null,
    usdValue: null,
    currency: null,
    money: null,
    qrUrl: null,
    expiresAtMs: null,
    expiryUnknown: false,
    reference: null,
  };
  if (!sale) return idle;
  const phase = phaseOf(sale);
  // A link whose amount differs from the request is not the customer's business until the
  // cashier accepts it: until then the display shows neither amount.
  const differs = sale.state === 'amount-differs';
  const amount = differs ? null : (sale.link?.linkAmount ?? sale.amount);
  const rate = sale.link?.rateUsd;
  return {
    ...idle,
    phase,
    amount,
    asset: sale.asset,
    chainName: sale.chainName,
    chainLogo: logos.chainLogo,
    assetLogo: logos.assetLogo,
    usdValue: amount && rate !== undefined && isUsableRate(rate) ? usdValue(amount, rate) : null,
    currency: sale.currency,
    money:
      sale.pricing && !differs
        ? {
            total: addAmounts(sale.pricing.moneyAmount, sale.pricing.feeMoney),
            fee: sale.pricing.feeMoney,
            currency: sale.pricing.currency,
          }
        : null,
    qrUrl: sale.showQr && sale.link ? sale.link.qrUrl : null,
    expiresAtMs: sale.showQr && sale.expiry?.kind === 'known' ? sale.expiry.atMs : null,
    expiryUnknown: sale.showQr && sale.expiry?.kind === 'unknown',
    reference: sale.reference,
  };
}
