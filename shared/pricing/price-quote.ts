import type { OrderPricing } from './pricing-types';

/**
 * What a price in the shop's currency comes to for one asset, before the sale starts: the
 * asset amount the QR will ask for and the fee in asset units (their total rounded up once to
 * the asset's decimals), with the pricing that will be recorded; or why the asset cannot be
 * priced now.
 */
export type PriceQuote =
  | {
      ok: true;
      amount: string;
      feeValue: string;
      pricing: OrderPricing;
      /** How old the rate was when main quoted (whole seconds, never negative). */
      ageSeconds: number;
      /** How much rounding up to the asset's decimals added, in percent ("0" when exact). */
      roundingPercent: string;
    }
  | { ok: false; reason: string };
