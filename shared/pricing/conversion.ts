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
  /** The fee's asset amount (the request's `fee_value`): what the one rounding leaves for it. */
  feeValue: string;
  pricing: OrderPricing;
  /**
   * How much the rounding up added to what the customer pays, in percent of the money owed
   * (price + fee), half-up to 2 places: "0" when exact. Large only for coarse assets (few
   * decimals or a high price per unit), where the cashier is told before the QR is shown.
   */
  roundingPercent: string;
}

/**
 * A price in money as the order asks for it, with the pricing journaled beside it. One
 * rounding: the total the customer pays (price + fee) is converted and rounded up once; the
 * price's amount is rounded up on its own and the fee is the rest, so amount + fee is never a
 * unit over the rounded total.
 */
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
  // feeMoneyFor read the money already: it is plain decimal text from here on.
  const feeMoney = feeMoneyFor(money, input.feePercent, input.feeFixed, currency);
  const owed = new Dec(money).plus(feeMoney);
  const toAsset = (value: Big) =>
    value.eq('0')
      ? '0'
      : assetAmountFor(value.toFixed(), price.usdPrice, cross.usdPerUnit, decimals);
  const amount = toAsset(new Dec(money));
  const total = toAsset(owed);
  return {
    amount,
    feeValue: canonical(new Dec(total).minus(new Dec(amount)).toFixed()),
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
      rounding: 'total-up-to-asset-decimals',
    },
    roundingPercent: roundingPercentOf(total, owed, price.usdPrice, cross.usdPerUnit),
  };
}

/**
 * (what `total` asset units are worth − owed) ÷ owed × 100, half-up to 2 places, as one
 * division of exact products: (total × usdPrice − owed × usdPerUnit) × 100 ÷ (owed × usdPerUnit).
 * Nothing owed asks for nothing ("0"); otherwise the rates were read when `total` was made.
 */
function roundingPercentOf(total: string, owed: Big, usdPrice: string, usdPerUnit: string): string {
  if (total === '0') return '0';
  const owedUsd = owed.times(usdPerUnit);
  const worthUsd = new Dec(total).times(usdPrice);
  return divide(worthUsd.minus(owedUsd).times('100'), owedUsd, 2, Big.roundHalfUp);
}
