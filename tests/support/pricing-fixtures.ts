import type { OrderPricing } from '../../shared/pricing/pricing-types';

/**
 * €12.50 of USDT pegged to the dollar at IT's fixed $1.25 per euro, with a €0.30 fee:
 * the pricing a euro sale records (15.625 USDT plus 0.375 USDT of fee).
 */
export function euroPricing(overrides: Partial<OrderPricing> = {}): OrderPricing {
  return {
    currency: 'EUR',
    moneyAmount: '12.5',
    feeMoney: '0.3',
    price: '0.8',
    usdPrice: '1',
    usdPerUnit: '1.25',
    source: 'peg',
    crossSource: 'fixed',
    asOfMs: Date.UTC(2026, 10, 25, 9, 14, 3),
    rounding: 'up-to-asset-decimals',
    ...overrides,
  };
}
