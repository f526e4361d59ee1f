import type { OrderPricing } from '../../shared/pricing/pricing-types';
import type { Asset } from '../../shared/wire/asset';
import type { Chain } from '../../shared/wire/chain';

/** What every order carries from the till's settings, read when the order is made. */
export interface SaleTerms {
  serialNumber: string;
  /** Currency code the wallet shows the customer (docs/payment-service.md: Types on the wire). */
  currency: string;
  /** Merchant fee added to QR orders typed in asset units, decimal text. */
  feeValue: string;
  /** How far the service's rate may differ from the till's for a money sale, in percent. */
  rateTolerancePercent: string;
}

/** A sale priced in the shop's currency: the fee in asset units and how the amounts came about. */
export interface MoneyPricing {
  feeValue: string;
  pricing: OrderPricing;
}

/** The cashier's "QR sale": an amount in units of the picked asset, on the picked chain. */
export interface QrSaleRequest {
  amount: string;
  asset: Asset;
  chain: Chain;
  /** Set when the price was typed in money: its fee replaces the settings' feeValue. */
  priced?: MoneyPricing;
}

/** The cashier's "NFC sale". */
export interface NfcSaleRequest {
  amount: string;
  /** The NFC request names no asset; when the cashier picked one it is journaled for reports. */
  asset?: Asset;
  /** Set when the price was typed in money (NFC sales carry no fee). */
  priced?: MoneyPricing;
}
