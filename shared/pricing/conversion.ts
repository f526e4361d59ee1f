import Big from 'big.js';
import { canonical, MAX_DECIMALS } from '../money';
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

const PLAIN_UNSIGNED = /^\d+(?:\.\d+)?$/;

/**
 * Reads decimal text we checked before (a typed price, a rate from a source) or throws
 * RangeError: a malformed or zero rate here is a bug upstream, not something to price with.
 */
function read(value: string, what: string, mayBeZero = false): Big {
  if (typeof value !== 'string' || value.length > 200 || !PLAIN_UNSIGNED.test(value))
    throw new RangeError(
      `${what}: not plain decimal text: ${JSON.stringify(String(value).slice(0, 40))}`,
    );
  const number = new Dec(value);
  if (!mayBeZero && number.eq('0')) throw new RangeError(`${what}: must be more than zero`);
  return number;
}

function checkPlaces(places: number): void {
  if (!Number.isInteger(places) || places < 0 || places > MAX_DECIMALS)
    throw new RangeError(`decimals: not an integer from 0 to ${MAX_DECIMALS}: ${String(places)}`);
}

/**
 * `dividend ÷ divisor`, rounded once at `places` with `mode`. big.js works out the quotient
 * digit by digit and rounds with the exact remainder in view, so "up" adds a unit only when
 * something non-zero is left over: an exact quotient is never rounded.
 */
function divide(dividend: Big, divisor: Big, places: number, mode: Big.RoundingMode): string {
  Dec.DP = places;
  Dec.RM = mode;
  return canonical(dividend.div(divisor).toFixed(places));
}

/** money × usdPerUnit ÷ usdPrice, rounded up to `decimals`. */
export function assetAmountFor(
  money: string,
  usdPrice: string,
  usdPerUnit: string,
  decimals: number,
): string {
  checkPlaces(decimals);
  const owedUsd = read(money, 'money', true).times(read(usdPerUnit, 'usdPerUnit'));
  return divide(owedUsd, read(usdPrice, 'usdPrice'), decimals, Big.roundUp);
}

/** Fraction digits kept of a price per asset unit (as a satoshi is 8 places of a bitcoin). */
const PRICE_PLACES = 8;

/**
 * The shop currency per 1 asset unit (usdPrice ÷ usdPerUnit), for display and the order's
 * record only, never to compute an amount: half-up to at most 8 fraction places, canonical
 * ("2400", "0.33333333"). A price below 0.000000005 of the currency shows as "0".
 */
export function priceInCurrency(usdPrice: string, usdPerUnit: string): string {
  return divide(
    read(usdPrice, 'usdPrice', true),
    read(usdPerUnit, 'usdPerUnit'),
    PRICE_PLACES,
    Big.roundHalfUp,
  );
}

/** The fee in money: a percentage of the price plus a fixed part, rounded up to the minor units. */
export function feeMoneyFor(
  moneyAmount: string,
  feePercent: string,
  feeFixed: string,
  currency: string,
): string {
  // (money × percent + fixed × 100) ÷ 100: one division, so one rounding, up to the minor units.
  const fee = read(moneyAmount, 'moneyAmount', true)
    .times(read(feePercent, 'feePercent', true))
    .plus(read(feeFixed, 'feeFixed', true).times('100'));
  return divide(fee, new Dec('100'), currencyFacts(currency).minorUnits, Big.roundUp);
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
