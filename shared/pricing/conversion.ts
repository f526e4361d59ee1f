import Big from 'big.js';
import { canonical } from '../money';
import type { AssetPrice, CrossRate, OrderPricing } from './pricing-types';
import { currencyFacts } from './shop-currency';

/**
 * Money in the shop's currency to asset units, exactly (docs/pricing.md: Conversion). All
 * arithmetic is big.js on decimal text; the asset amount is rounded UP to the asset's
 * decimals, so the shop is never short, and an exact result is never rounded at all.
 */

/** A private constructor: its precision and rounding are set here alone. */
const Dec = Big();
Dec.strict = true;
Dec.NE = -1_000_000;
Dec.PE = 1_000_000;

/** `value` divided, rounded at `places` with `mode` (big.js rounds using the exact remainder). */
function divide(dividend: Big, divisor: string, places: number, mode: Big.RoundingMode): string {
  Dec.DP = places;
  Dec.RM = mode;
  return canonical(dividend.div(new Dec(divisor)).toFixed(places));
}

/** money × usdPerUnit ÷ usdPrice, rounded up to `decimals`. */
export function assetAmountFor(
  money: string,
  usdPrice: string,
  usdPerUnit: string,
  decimals: number,
): string {
  return divide(new Dec(money).times(new Dec(usdPerUnit)), usdPrice, decimals, Big.roundUp);
}

/** Digits kept of a price shown per asset unit: enough for any coin, never misleading. */
const PRICE_PLACES = 8;

/** The shop currency per 1 asset unit (usdPrice ÷ usdPerUnit), half-up to 8 places. */
export function priceInCurrency(usdPrice: string, usdPerUnit: string): string {
  return divide(new Dec(usdPrice), usdPerUnit, PRICE_PLACES, Big.roundHalfUp);
}

/** The fee in money: a percentage of the price plus a fixed part, rounded up to the minor units. */
export function feeMoneyFor(
  moneyAmount: string,
  feePercent: string,
  feeFixed: string,
  currency: string,
): string {
  const fee = new Dec(moneyAmount).times(new Dec(feePercent)).plus(new Dec(feeFixed).times('100'));
  return divide(fee, '100', currencyFacts(currency).minorUnits, Big.roundUp);
}

export interface SaleQuote {
  /** The price's asset amount (the request's `amount`). */
  amount: string;
  /** The fee's asset amount (the request's `fee_value`). */
  feeValue: string;
  pricing: OrderPricing;
}

/** A price in money as the order asks for it, with the pricing journaled beside it. */
export function quoteSale(input: {
  money: string;
  currency: string;
  feePercent: string;
  feeFixed: string;
  price: AssetPrice;
  cross: CrossRate;
  decimals: number;
}): SaleQuote {
  const { money, currency, price, cross, decimals } = input;
  const feeMoney = feeMoneyFor(money, input.feePercent, input.feeFixed, currency);
  const toAsset = (value: string) =>
    value === '0' ? '0' : assetAmountFor(value, price.usdPrice, cross.usdPerUnit, decimals);
  return {
    amount: toAsset(money),
    feeValue: toAsset(feeMoney),
    pricing: {
      currency,
      moneyAmount: canonical(money),
      feeMoney,
      price: priceInCurrency(price.usdPrice, cross.usdPerUnit),
      usdPrice: price.usdPrice,
      usdPerUnit: cross.usdPerUnit,
      source: price.source,
      crossSource: cross.source,
      asOfMs: Math.min(price.asOfMs, cross.asOfMs),
      rounding: 'up-to-asset-decimals',
    },
  };
}
