import fc from 'fast-check';
import type { OrderRecord } from '../../../electron/journal/order-record';
import { saleStates } from '../../../shared/sale/sale-states';
import { euroPricing } from '../../support/pricing-fixtures';

/** Orders of one shift made up at random: any state, assets, currencies, cashiers, long decimals. */
const decimalText = fc
  .tuple(
    fc.bigInt({ min: 0n, max: 10n ** 24n }),
    fc.option(fc.stringMatching(/^\d{1,20}$/), { nil: undefined }),
  )
  .map(([whole, fraction]) => (fraction === undefined ? whole.toString() : `${whole}.${fraction}`));

export const assets = [
  { chainId: '1', chainName: 'ETHEREUM', asset: 'USDT' },
  { chainId: '1', chainName: 'ETHEREUM', asset: 'ETH' },
  { chainId: '101', chainName: 'SUI', asset: 'USDC' },
  { chainId: null, chainName: null, asset: null },
];

const orderArb = fc.record({
  kind: fc.constantFrom('qr' as const, 'nfc' as const),
  state: fc.constantFrom(...saleStates),
  amount: decimalText,
  fee: decimalText,
  where: fc.constantFrom(...assets),
  cashierId: fc.constantFrom(null, 'staff-1', 'staff-2', 'staff-removed'),
  pricing: fc.option(
    fc.record({
      currency: fc.constantFrom('EUR', 'USD', 'JPY'),
      moneyAmount: decimalText,
      feeMoney: decimalText,
    }),
    { nil: null },
  ),
});

export type Made = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;

export function recordOf(made: Made, n: number): OrderRecord {
  return {
    orderId: `order-${String(n).padStart(4, '0')}`,
    reference: `R${n}`,
    kind: made.kind,
    state: made.state,
    amount: made.amount,
    fee: made.fee,
    asset: made.where.asset,
    assetDecimals: made.where.asset === null ? null : 6,
    chainId: made.where.chainId,
    chainName: made.where.chainName,
    currency: 'USD',
    serialNumber: 'POS-0001',
    createdAtMs: 2_000 + (n % 5),
    updatedAtMs: 3_000,
    attempts: 1,
    replacesOrderId: null,
    cashierId: made.cashierId,
    shiftId: 7,
    pricing: made.pricing ? euroPricing(made.pricing) : null,
    rateDifferencePercent: null,
    link: null,
    lastFailure: null,
  };
}

export const ordersArb = fc.array(orderArb, { maxLength: 80 }).map((list) => list.map(recordOf));
