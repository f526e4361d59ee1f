import Big from 'big.js';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../electron/journal/order-record';
import { silentLogger } from '../../../electron/logging/logger';
import { ShiftService } from '../../../electron/shifts/shift-service';
import type { Takings } from '../../../shared/shifts/shift-report-types';
import { ManualClock } from '../../support/manual-clock';
import { euroPricing } from '../../support/pricing-fixtures';
import { tempJournal } from '../../support/sale-fixtures';
import { move, sell } from './shift-sales';

// Reconciliation by when the money came in, on a real journal file: over random days of
// sales, voids, late payments, reopenings and midnight crossings, the sum of every Z report's
// takings, per currency and per asset, is exactly what the till received minus what it voided.
// The expected sums are kept by the test itself as it acts (big.js), not read from the journal.

/** Prices in three currencies with 2, 0 and 3 minor units; null: typed in asset units. */
const currencyArb = fc.constantFrom('EUR', 'JPY', 'KWD', null);
const moneyArb = (currency: string) =>
  fc
    .integer({ min: 1, max: 10_000_000 })
    .map((minor) => new Big(minor).div(currency === 'JPY' ? 1 : currency === 'KWD' ? 1000 : 100));
const assetArb = fc.constantFrom('USDT', 'ETH');

type Step =
  | { kind: 'open' }
  | { kind: 'close' }
  | { kind: 'reopen' }
  | {
      kind: 'sell';
      currency: string | null;
      money: string;
      fee: string;
      amount: string;
      assetFee: string;
      asset: string;
      way: 'qr' | 'nfc';
    }
  | { kind: 'sell-expired'; amount: string; asset: string }
  | { kind: 'late-pay'; pick: number }
  | { kind: 'void'; pick: number }
  | { kind: 'wait'; ms: number };

const sellArb: fc.Arbitrary<Step> = currencyArb.chain((currency) =>
  fc.record({
    kind: fc.constant('sell' as const),
    currency: fc.constant(currency),
    money: moneyArb(currency ?? 'EUR').map((value) => value.toFixed()),
    fee: moneyArb(currency ?? 'EUR').map((value) =>
      value.div(50).round(3, Big.roundDown).toFixed(),
    ),
    amount: fc
      .integer({ min: 1, max: 10 ** 9 })
      .map((units) => new Big(units).div(10 ** 6).toFixed()),
    assetFee: fc
      .integer({ min: 0, max: 10 ** 6 })
      .map((units) => new Big(units).div(10 ** 6).toFixed()),
    asset: assetArb,
    way: fc.constantFrom('qr' as const, 'nfc' as const),
  }),
);

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'open' } as Step) },
  { weight: 2, arbitrary: fc.constant({ kind: 'close' } as Step) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reopen' } as Step) },
  { weight: 6, arbitrary: sellArb },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('sell-expired' as const),
      amount: fc
        .integer({ min: 1, max: 10 ** 6 })
        .map((units) => new Big(units).div(100).toFixed()),
      asset: assetArb,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('late-pay' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }) },
  {
    weight: 2,
    // Up to two days: shifts and payments cross midnight.
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.integer({ min: 1, max: 2 * 86_400_000 }),
    }),
  },
);

/** Signed sums the test keeps: per currency (price + fee) and per asset (amount, fee). */
class Ledger {
  readonly byCurrency = new Map<string, Big>();
  readonly byAsset = new Map<string, { amount: Big; fee: Big }>();

  add(order: OrderRecord, sign: 1 | -1): void {
    const asset = this.byAsset.get(order.asset!) ?? { amount: new Big(0), fee: new Big(0) };
    this.byAsset.set(order.asset!, {
      amount: asset.amount.plus(new Big(order.amount).times(sign)),
      fee: asset.fee.plus(new Big(order.fee).times(sign)),
    });
    if (order.pricing) {
      const { currency, moneyAmount, feeMoney } = order.pricing;
      const total = new Big(moneyAmount).plus(feeMoney).times(sign);
      this.byCurrency.set(currency, (this.byCurrency.get(currency) ?? new Big(0)).plus(total));
    }
  }
}

/** The Z reports' takings added up, the same way. */
function sumOfTakings(all: readonly Takings[]): Ledger {
  const sum = new Ledger();
  for (const takings of all) {
    for (const row of takings.net.byCurrency)
      sum.byCurrency.set(
        row.currency,
        (sum.byCurrency.get(row.currency) ?? new Big(0)).plus(row.total),
      );
    for (const row of takings.net.byAsset) {
      const before = sum.byAsset.get(row.asset!) ?? { amount: new Big(0), fee: new Big(0) };
      sum.byAsset.set(row.asset!, {
        amount: before.amount.plus(row.amount),
        fee: before.fee.plus(row.fee),
      });
    }
  }
  return sum;
}

/** Zero sums left out, as decimal texts: the form both sides are compared in. */
function plain(ledger: Ledger) {
  const nonZero = <T>(entries: [string, T][], zero: (value: T) => boolean) =>
    entries.filter(([, value]) => !zero(value)).sort(([a], [b]) => (a < b ? -1 : 1));
  return {
    currencies: nonZero([...ledger.byCurrency], (value) => value.eq(0)).map(([currency, total]) => [
      currency,
      total.toFixed(),
    ]),
    assets: nonZero([...ledger.byAsset], (value) => value.amount.eq(0) && value.fee.eq(0)).map(
      ([asset, { amount, fee }]) => [asset, amount.toFixed(), fee.toFixed()],
    ),
  };
}

function runDay(steps: readonly Step[]): {
  expected: Ledger;
  zTakings: Takings[];
  zCsv: string[];
} {
  const clock = new ManualClock(Date.UTC(2026, 10, 27, 22, 0, 0));
  const temp = tempJournal(clock, 'reconcile-');
  try {
    const journal = temp.journal;
    const shifts = new ShiftService({
      db: journal.db,
      clock,
      serialNumber: () => 'POS-0001',
      staffName: () => null,
      logger: silentLogger,
    });
    const expected = new Ledger();
    const paid: OrderRecord[] = [];
    const expired: OrderRecord[] = [];
    let handedOutZ = 0;
    for (const step of steps) {
      switch (step.kind) {
        case 'open':
          if (shifts.openShiftId() === null) shifts.open(null);
          break;
        case 'close':
          if (shifts.openShiftId() !== null) {
            const z = shifts.close(null, true);
            // Now and then the Z report leaves the till: its shift is final.
            if (z.zNumber % 3 === 0) {
              shifts.handOut(z.zNumber, 'printed');
              handedOutZ = z.zNumber;
            }
          }
          break;
        case 'reopen': {
          const latest = shifts.zReports()[0];
          if (shifts.openShiftId() === null && latest && latest.zNumber !== handedOutZ)
            shifts.reopen(latest.shiftId, null, null);
          break;
        }
        case 'sell': {
          const pricing =
            step.currency === null
              ? null
              : euroPricing({
                  currency: step.currency,
                  moneyAmount: step.money,
                  feeMoney: step.fee,
                });
          const order = sell(journal, clock, {
            kind: step.way,
            to: step.way === 'qr' ? 'paid-confirmed-by-cashier' : 'accepted-by-service',
            amount: step.amount,
            fee: step.way === 'qr' ? step.assetFee : '0',
            asset: step.asset,
            shiftId: shifts.openShiftId(),
            pricing,
          });
          expected.add(order, 1);
          paid.push(order);
          break;
        }
        case 'sell-expired': {
          const order = sell(journal, clock, {
            to: 'expired',
            amount: step.amount,
            fee: '0',
            asset: step.asset,
            shiftId: shifts.openShiftId(),
            pricing: euroPricing({ moneyAmount: step.amount, feeMoney: '0' }),
          });
          expired.push(order);
          break;
        }
        case 'late-pay': {
          if (expired.length === 0) break;
          const [order] = expired.splice(step.pick % expired.length, 1);
          const late = move(journal, clock, order!, 'paid-after-all', 'cashier');
          expected.add(late, 1);
          paid.push(late);
          break;
        }
        case 'void': {
          if (paid.length === 0) break;
          const [order] = paid.splice(step.pick % paid.length, 1);
          move(journal, clock, order!, 'voided', 'cashier');
          expected.add(order!, -1);
          break;
        }
        case 'wait':
          clock.advance(step.ms);
          break;
      }
    }
    if (shifts.openShiftId() === null) shifts.open(null);
    shifts.close(null, true);
    const zTakings = shifts
      .zReports()
      .map((summary) => shifts.zReport(summary.zNumber)!.report.takings!);
    const zCsv = shifts.zReports().map((summary) => shifts.zReportCsv(summary.zNumber));
    // And every stored Z report is what the journal says it was.
    for (const summary of shifts.zReports())
      expect(shifts.recompute(summary.zNumber)).toEqual(shifts.zReport(summary.zNumber)!.report);
    return { expected, zTakings, zCsv };
  } finally {
    temp.cleanup();
  }
}

describe('Z reports add up to the money taken', () => {
  it('sums, over all Z reports, to the payments received minus the payments voided, exactly', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 40 }), (steps) => {
        const { expected, zTakings } = runDay(steps);
        expect(plain(sumOfTakings(zTakings))).toEqual(plain(expected));
      }),
      { numRuns: 60 },
    );
  });

  it('counts a sale of shift 1 paid after all in shift 2 in Z 2, naming shift 1', () => {
    const { expected, zTakings, zCsv } = runDay([
      { kind: 'open' },
      { kind: 'sell-expired', amount: '40', asset: 'USDT' },
      { kind: 'close' },
      { kind: 'open' },
      { kind: 'late-pay', pick: 0 },
      { kind: 'close' },
    ]);
    // Newest first: Z 3 (the closing one, empty), Z 2 with the late payment, Z 1 with none.
    expect(zTakings.map((takings) => takings.received.count)).toEqual([0, 1, 0]);
    expect(zTakings[1]!.net.byCurrency).toEqual([
      { currency: 'EUR', amount: '40', fee: '0', total: '40' },
    ]);
    expect(zTakings[1]!.byConfirmation.cashier.count).toBe(1);
    const csv = parse(zCsv[1]!, { columns: true }) as Record<string, string>[];
    expect(
      csv
        .filter((row) => row.section === 'takings' && row.part === 'net by currency')
        .map((row) => [row.currency, row.total]),
    ).toEqual([['EUR', '40']]);
    expect(csv.find((row) => row.section === 'earlier order paid')?.value).toBe('shift 1');
    expect(plain(sumOfTakings(zTakings))).toEqual(plain(expected));
  });
});
