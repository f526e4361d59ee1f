import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../electron/journal/order-record';
import { outcomeOf, outcomes } from '../../../electron/shifts/shift-outcomes';
import { shiftReport } from '../../../electron/shifts/shift-report';
import type { ShiftReport, Totals } from '../../../shared/shifts/shift-report-types';
import type { ShiftRow } from '../../../shared/shifts/shift-views';
import { isTerminal, saleStates, type SaleState } from '../../../shared/sale/sale-states';
import { assets, ordersArb, recordOf, type Made } from './shift-orders-arbitrary';

/** An independent sum to hold the report to: big.js, never exponent notation. */
const Dec = Big();
Dec.NE = -1_000_000;
Dec.PE = 1_000_000;
const sum = (values: readonly string[]) =>
  values.reduce((total, value) => total.plus(value), new Dec(0)).toString();

const shift: ShiftRow = {
  shiftId: 7,
  serialNumber: 'POS-0001',
  openedAtMs: 1_000,
  openedBy: 'staff-1',
  closedAtMs: 9_000,
  closedBy: null,
  openedAfterEventId: 0,
  reopensShiftId: null,
  reopenedBy: null,
};
const names = new Map([
  ['staff-1', 'Mia'],
  ['staff-2', 'Cal'],
]);

const reportOf = (orders: OrderRecord[]): ShiftReport =>
  shiftReport({ shift, orders, earlierOrdersPaid: [], throughEventId: 42, names });

const assetKey = (row: {
  chainId: string | null;
  chainName: string | null;
  asset: string | null;
}) => JSON.stringify([row.chainId, row.chainName, row.asset]);

/** Totals recomputed the slow, obvious way, to compare with what the report says. */
function expectedTotals(orders: readonly OrderRecord[]): Totals {
  const byAsset = new Map<string, OrderRecord[]>();
  const byCurrency = new Map<string, OrderRecord[]>();
  for (const order of orders) {
    const key = assetKey(order);
    byAsset.set(key, [...(byAsset.get(key) ?? []), order]);
    if (order.pricing)
      byCurrency.set(order.pricing.currency, [
        ...(byCurrency.get(order.pricing.currency) ?? []),
        order,
      ]);
  }
  return {
    count: orders.length,
    byAsset: [...byAsset.values()].map((list) => ({
      chainId: list[0]!.chainId,
      chainName: list[0]!.chainName,
      asset: list[0]!.asset,
      count: list.length,
      amount: sum(list.map((order) => order.amount)),
      fee: sum(list.map((order) => order.fee)),
    })),
    byCurrency: [...byCurrency].map(([currency, list]) => {
      const amounts = list.map((order) => order.pricing!.moneyAmount);
      const fees = list.map((order) => order.pricing!.feeMoney);
      return {
        currency,
        count: list.length,
        amount: sum(amounts),
        fee: sum(fees),
        total: sum([...amounts, ...fees]),
      };
    }),
    withoutCurrency: orders.filter((order) => order.pricing === null).length,
  };
}

/** The same totals whatever the order of their rows. */
function expectSameTotals(actual: Totals, expected: Totals): void {
  expect(actual.count).toBe(expected.count);
  expect(actual.withoutCurrency).toBe(expected.withoutCurrency);
  expect(new Set(actual.byAsset)).toEqual(new Set(expected.byAsset));
  expect(new Set(actual.byCurrency)).toEqual(new Set(expected.byCurrency));
}

/** Several totals added up per asset and per currency, with big.js. */
function added(parts: readonly Totals[]): Totals {
  const assetsSeen = new Map<string, Totals['byAsset'][number]>();
  const currenciesSeen = new Map<string, Totals['byCurrency'][number]>();
  for (const part of parts) {
    for (const row of part.byAsset) {
      const seen = assetsSeen.get(assetKey(row));
      assetsSeen.set(
        assetKey(row),
        seen
          ? {
              ...seen,
              count: seen.count + row.count,
              amount: sum([seen.amount, row.amount]),
              fee: sum([seen.fee, row.fee]),
            }
          : row,
      );
    }
    for (const row of part.byCurrency) {
      const seen = currenciesSeen.get(row.currency);
      currenciesSeen.set(
        row.currency,
        seen
          ? {
              currency: row.currency,
              count: seen.count + row.count,
              amount: sum([seen.amount, row.amount]),
              fee: sum([seen.fee, row.fee]),
              total: sum([seen.total, row.total]),
            }
          : row,
      );
    }
  }
  return {
    count: parts.reduce((n, part) => n + part.count, 0),
    byAsset: [...assetsSeen.values()],
    byCurrency: [...currenciesSeen.values()],
    withoutCurrency: parts.reduce((n, part) => n + part.withoutCurrency, 0),
  };
}

describe('shift report arithmetic', () => {
  it('sums every asset and every currency exactly, for all orders and each outcome', () => {
    fc.assert(
      fc.property(ordersArb, (orders) => {
        const report = reportOf(orders);
        expectSameTotals(report.orders, expectedTotals(orders));
        for (const outcome of outcomes) {
          const inBucket = orders.filter((order) => outcomeOf(order.state) === outcome);
          expectSameTotals(report.byOutcome[outcome], expectedTotals(inBucket));
        }
        // The buckets together are the whole shift, to the last digit.
        expectSameTotals(
          added(outcomes.map((outcome) => report.byOutcome[outcome])),
          report.orders,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('counts add up across outcomes, states, payment ways and cashiers', () => {
    fc.assert(
      fc.property(ordersArb, (orders) => {
        const report = reportOf(orders);
        const n = orders.length;
        const total = (counts: number[]) => counts.reduce((a, b) => a + b, 0);
        expect(report.orders.count).toBe(n);
        expect(total(outcomes.map((outcome) => report.byOutcome[outcome].count))).toBe(n);
        expect(total(report.byState.map((row) => row.count))).toBe(n);
        const slices = [report.byWay.qr, report.byWay.nfc];
        for (const group of [slices, report.byCashier]) {
          expect(total(group.map((slice) => slice.count))).toBe(n);
          for (const outcome of outcomes) {
            expect(total(group.map((slice) => slice.outcomes[outcome]))).toBe(
              report.byOutcome[outcome].count,
            );
          }
          for (const slice of group)
            expect(total(outcomes.map((outcome) => slice.outcomes[outcome]))).toBe(slice.count);
          // The paid money of the ways (of the cashiers) adds up to the paid money of the shift.
          expectSameTotals(added(group.map((slice) => slice.paid)), report.byOutcome.paid);
        }
        for (const totals of [report.orders, ...outcomes.map((o) => report.byOutcome[o])]) {
          expect(total(totals.byAsset.map((row) => row.count))).toBe(totals.count);
          expect(total(totals.byCurrency.map((row) => row.count)) + totals.withoutCurrency).toBe(
            totals.count,
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('lists the voided, the paid after all and the unfinished orders, oldest first', () => {
    fc.assert(
      fc.property(ordersArb, (orders) => {
        const report = reportOf(orders);
        const ids = (test: (state: SaleState) => boolean) =>
          orders
            .filter((order) => test(order.state))
            .sort((a, b) => a.createdAtMs - b.createdAtMs || (a.orderId < b.orderId ? -1 : 1))
            .map((order) => order.orderId);
        expect(report.voided.map((line) => line.orderId)).toEqual(ids((s) => s === 'voided'));
        expect(report.latePayments.map((line) => line.orderId)).toEqual(
          ids((s) => s === 'paid-after-all'),
        );
        expect(report.unresolved.map((line) => line.orderId)).toEqual(ids((s) => !isTerminal(s)));
        expect(JSON.parse(JSON.stringify(report))).toEqual(report);
      }),
      { numRuns: 200 },
    );
  });

  it('puts each state in its bucket', () => {
    expect(Object.fromEntries(saleStates.map((state) => [state, outcomeOf(state)]))).toEqual({
      requesting: 'unknown',
      'amount-differs': 'unknown',
      'awaiting-payment': 'unknown',
      'paid-confirmed-by-cashier': 'paid',
      cancelled: 'cancelled',
      expired: 'expired',
      'waiting-for-tap': 'unknown',
      submitting: 'unknown',
      'accepted-by-service': 'paid',
      refused: 'unknown',
      'outcome-unknown': 'unknown',
      failed: 'unknown',
      'retry-refused': 'unknown',
      voided: 'unknown',
      'paid-after-all': 'paid',
    });
  });

  it('names staff, "Unknown" for nobody signed in or a name it does not have', () => {
    const made = (cashierId: Made['cashierId'], n: number): OrderRecord => ({
      ...recordOf(
        {
          kind: 'qr',
          state: 'paid-confirmed-by-cashier',
          amount: '1',
          fee: '0',
          where: assets[0]!,
          cashierId,
          pricing: null,
        },
        n,
      ),
    });
    const report = reportOf([made('staff-2', 1), made(null, 2), made('staff-removed', 3)]);
    expect(report.openedBy).toEqual({ staffId: 'staff-1', name: 'Mia' });
    expect(report.closedBy).toEqual({ staffId: null, name: 'Unknown' });
    expect(report.byCashier.map((slice) => slice.cashier)).toEqual([
      { staffId: 'staff-2', name: 'Cal' },
      { staffId: 'staff-removed', name: 'Unknown' },
      { staffId: null, name: 'Unknown' },
    ]);
    expect(report.throughEventId).toBe(42);
    expect(reportOf([]).byOutcome.paid).toEqual({
      count: 0,
      byAsset: [],
      byCurrency: [],
      withoutCurrency: 0,
    });
  });
});
