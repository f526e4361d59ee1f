import type { Asset } from '../../shared/wire/asset';
import type { Chain } from '../../shared/wire/chain';

/** What every order carries from the till's settings, read when the order is made. */
export interface SaleTerms {
  serialNumber: string;
  /** Currency code the wallet shows the customer (docs/payment-service.md: Types on the wire). */
  currency: string;
  /** Merchant fee added to QR orders, decimal text. */
  feeValue: string;
}

/** The cashier's "QR sale": an amount in units of the picked asset, on the picked chain. */
export interface QrSaleRequest {
  amount: string;
  asset: Asset;
  chain: Chain;
}

/** The cashier's "NFC sale". */
export interface NfcSaleRequest {
  amount: string;
  /** The NFC request names no asset; when the cashier picked one it is journaled for reports. */
  asset?: Asset;
}
