import type { PriceSource } from '../settings';

/**
 * Prices in the shop's currency (docs/pricing.md). Every amount is canonical decimal text;
 * rates are decimal text too, never a JavaScript number.
 */

/** What one unit of an asset is worth, from one rate source, at one moment. */
export interface AssetPrice {
  /** The asset symbol and, when the price holds only there, its chain (chain_id digits). */
  asset: string;
  chainId: string | null;
  /** US dollars per 1 unit of the asset (every source is brought to USD first). */
  usdPrice: string;
  source: PriceSource;
  /** When the source says the price was true (epoch ms). */
  asOfMs: number;
}

/** US dollars per 1 unit of the shop's currency ("1" for USD). */
export interface CrossRate {
  currency: string;
  usdPerUnit: string;
  /** 'usd': the shop prices in USD; 'fixed': set by IT; 'provider': the rate provider's. */
  source: 'usd' | 'fixed' | 'provider';
  asOfMs: number;
}

/** No usable rate: the asset is shown unavailable with this reason, never priced. */
export interface PriceUnavailable {
  asset: string;
  chainId: string | null;
  /** A sentence for the cashier ("No rate for ETH: the rate provider did not answer."). */
  reason: string;
}

/** How a money amount became the asset amount sent, recorded with the order. */
export interface OrderPricing {
  /** The shop's currency (ISO 4217). */
  currency: string;
  /** The price the cashier typed, in the shop's currency. */
  moneyAmount: string;
  /** The fee in the shop's currency (percentage + fixed part), "0" for none. */
  feeMoney: string;
  /** Shop currency per 1 unit of the asset, as used. */
  price: string;
  usdPrice: string;
  usdPerUnit: string;
  source: PriceSource;
  crossSource: CrossRate['source'];
  /** The older of the asset price's and the cross rate's moments. */
  asOfMs: number;
  /**
   * The rounding rule applied: 'total-up-to-asset-decimals', the total (price + fee) rounded
   * up once to the asset's decimals and the fee the rest; 'up-to-asset-decimals' (orders
   * made before): price and fee each rounded up on their own.
   */
  rounding: 'total-up-to-asset-decimals' | 'up-to-asset-decimals';
}

/**
 * A price per asset unit typed at the till for this session, in the currency the shop sold in
 * when it was typed. A change of the shop's currency retires it: it stays listed, is never used,
 * and the asset has no price from it until a manager types a new one.
 */
export interface ManualPrice {
  asset: string;
  /** Only on this chain; null: on every chain. */
  chainId: string | null;
  price: string;
  /** The shop's currency when the price was typed (ISO 4217). */
  currency: string;
  /** Who typed it (a staff id), null with staff PINs off. */
  setBy: string | null;
  setAtMs: number;
  /** The shop sells in another currency now: this price is not used. */
  retired: boolean;
}
