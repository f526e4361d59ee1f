import type { OrderPricing } from './pricing-types';

/**
 * What a price in the shop's currency comes to for one asset, before the sale starts: the
 * asset amount the QR will ask for and the fee in asset units (both rounded up to the asset's
 * decimals), with the pricing that will be recorded; or why the asset cannot be priced now.
 */
export type PriceQuote =
  | {
      ok: true;
      amount: string;
      feeValue: string;
      pricing: OrderPricing;
      /** How old the rate was when main quoted (whole seconds, never negative). */
      ageSeconds: number;
    }
  | { ok: false; reason: string };
