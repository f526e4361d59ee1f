import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteReportReader } from '../../../electron/journal/sqlite-report-reader';
import {
  matchesFilter,
  orderOutcomes,
  type OrderFilter,
} from '../../../shared/history/order-filter';
import { saleStates, type SaleState } from '../../../shared/sale/sale-states';
import { ManualClock } from '../../support/manual-clock';
import { newQrOrder } from '../../support/order-fixtures';
import { tempJournal, type TempJournal } from '../../support/sale-fixtures';

// The history's list is filtered in SQL (recent-orders-query.ts) and the filter's rules are
// shared/history/order-filter.ts: for any orders, filter, range and limit, the reader's answer
// is exactly the orders the shared rule keeps, newest first, cut at the limit.
const cashiers = [null, 'staff-a', 'staff-b'] as const;
const assets = [
  { chainId: '1', asset: 'USDT', chainName: 'ETHEREUM' },
  { chainId: '1', asset: 'ETH', chainName: 'ETHEREUM' },
  { chainId: '137', asset: 'USDT', chainName: 'POLYGON' },
  { chainId: null, asset: null, chainName: null },
] as const;

interface Stored {
  orderId: string;
  createdAtMs: number;
  kind: 'qr' | 'nfc';
  state: SaleState;
  cashierId: string | null;
  chainId: string | null;
  asset: string | null;
}

const storedOrder = fc.record({
  createdAtMs: fc.integer({ min: 0, max: 100 }),
  kind: fc.constantFrom('qr' as const, 'nfc' as const),
  state: fc.constantFrom(...saleStates),
  cashierId: fc.constantFrom(...cashiers),
  where: fc.constantFrom(...assets),
});

const filter: fc.Arbitrary<OrderFilter> = fc.record(
  {
    cashierId: fc.constantFrom(...cashiers),
    outcome: fc.constantFrom(...orderOutcomes),
    asset: fc.constantFrom(...assets).map(({ chainId, asset }) => ({ chainId, asset })),
    way: fc.constantFrom('qr' as const, 'nfc' as const),
  },
  { requiredKeys: [] },
);

describe('the history list: filtered in SQL as the shared rule says', () => {
  let temp: TempJournal;
  let reader: SqliteReportReader;
  let stored: Stored[];

  beforeAll(() => {
    temp = tempJournal(new ManualClock());
    const orders = fc.sample(storedOrder, { numRuns: 80, seed: 20261126 });
    stored = orders.map((order, index) => {
      const orderId = `order-${String(index).padStart(3, '0')}`;
      temp.journal.createOrder(
        newQrOrder({
          orderId,
          reference: `AAA-${String(index).padStart(3, '0')}`,
          createdAtMs: order.createdAtMs,
          cashierId: order.cashierId,
          chainId: order.where.chainId,
          chainName: order.where.chainName,
          asset: order.where.asset,
        }),
        { atMs: order.createdAtMs, reasonKind: 'cashier' },
      );
      // Any kind and state, set directly: the transitions are not what this test is about.
      temp.journal.db
        .prepare('UPDATE orders SET state = ?, kind = ? WHERE order_id = ?')
        .run(order.state, order.kind, orderId);
      return {
        orderId,
        createdAtMs: order.createdAtMs,
        kind: order.kind,
        state: order.state,
        cashierId: order.cashierId,
        chainId: order.where.chainId,
        asset: order.where.asset,
      };
    });
    reader = new SqliteReportReader(temp.path);
  });
  afterAll(() => {
    reader.close();
    temp.cleanup();
  });

  it('answers exactly the orders the filter keeps, newest first, at most the limit', () => {
    fc.assert(
      fc.property(
        filter,
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 101 }),
        fc.integer({ min: 1, max: 90 }),
        (chosen, a, b, limit) => {
          const [fromMs, toMs] = a <= b ? [a, b] : [b, a];
          const expected = stored
            .filter((order) => order.createdAtMs >= fromMs && order.createdAtMs < toMs)
            .filter((order) => matchesFilter(order, chosen))
            .sort((x, y) => y.createdAtMs - x.createdAtMs || (x.orderId < y.orderId ? 1 : -1))
            .slice(0, limit)
            .map((order) => order.orderId);
          const answered = reader
            .recentOrders(fromMs, toMs, chosen, limit)
            .map((order) => order.orderId);
          expect(answered).toEqual(expected);
        },
      ),
      { numRuns: 300, seed: 20261126 },
    );
  });
});
