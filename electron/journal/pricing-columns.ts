import type { OrderPricing } from '../../shared/pricing/pricing-types';
import type { PriceSource } from '../../shared/settings';

/**
 * How an order priced in the shop's currency keeps its pricing (migration 2): one column per
 * field, all null for an order typed in asset units and for every order made before prices in
 * money existed (read back as "no money amount", never worked out after the fact).
 */
export const PRICING_COLUMNS = `money_currency, money_amount, fee_money, price, usd_price, usd_per_unit,
  price_source, cross_source, price_as_of_ms, price_rounding, rate_difference_percent`;

export type PricingRow = {
  money_currency: string | null;
  money_amount: string | null;
  fee_money: string | null;
  price: string | null;
  usd_price: string | null;
  usd_per_unit: string | null;
  price_source: PriceSource | null;
  cross_source: OrderPricing['crossSource'] | null;
  price_as_of_ms: number | null;
  price_rounding: OrderPricing['rounding'] | null;
  rate_difference_percent: string | null;
};

export type InsertPricingParams = Omit<PricingRow, 'rate_difference_percent'>;

export function pricingParams(pricing: OrderPricing | null): InsertPricingParams {
  return {
    money_currency: pricing?.currency ?? null,
    money_amount: pricing?.moneyAmount ?? null,
    fee_money: pricing?.feeMoney ?? null,
    price: pricing?.price ?? null,
    usd_price: pricing?.usdPrice ?? null,
    usd_per_unit: pricing?.usdPerUnit ?? null,
    price_source: pricing?.source ?? null,
    cross_source: pricing?.crossSource ?? null,
    price_as_of_ms: pricing?.asOfMs ?? null,
    price_rounding: pricing?.rounding ?? null,
  };
}

export function pricingFromRow(row: PricingRow): OrderPricing | null {
  if (row.money_currency === null || row.money_amount === null) return null;
  return {
    currency: row.money_currency,
    moneyAmount: row.money_amount,
    feeMoney: row.fee_money ?? '0',
    price: row.price ?? '',
    usdPrice: row.usd_price ?? '',
    usdPerUnit: row.usd_per_unit ?? '',
    source: row.price_source ?? 'provider',
    crossSource: row.cross_source ?? 'usd',
    asOfMs: row.price_as_of_ms ?? 0,
    rounding: row.price_rounding ?? 'up-to-asset-decimals',
  };
}
