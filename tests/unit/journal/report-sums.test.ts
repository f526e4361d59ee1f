import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewOrder } from '../../../electron/journal/order-record';
import type { MoneyGroup, TotalsGroup } from '../../../electron/journal/report-source';
import { SqliteReportReader } from '../../../electron/journal/sqlite-report-reader';
import { periodReport } from '../../../electron/reports/period-report';
import { newOrderId } from '../../../shared/order-id';
import { sumAmounts } from '../../../shared/money';
import { ManualClock } from '../../support/manual-clock';
import { newQrOrder } from '../../support/order-fixtures';
import { euroPricing } from '../../support/pricing-fixtures';
import { tempJournal, type TempJournal } from '../../support/sale-fixtures';

/**
 * The report's sums are made in SQL on fixed-point integer columns, with the texts those do
 * not hold summed in JS and a text-only way when a 64-bit sum would overflow. Whatever the
 * amounts, the totals must be what big.js (shared/money) makes of the same texts.
 */

const DAY = 86_400_000;

/** Decimal texts of every shape: short and long whole parts (past 9 digits and 2^53), 0-36 decimals. */
const decimalText = fc
  .tuple(
    fc.oneof(
      fc.bigInt({ min: 0n, max: 999n }),
      fc.bigInt({ min: 0n, max: 999_999_999n }),
      fc.bigInt({ min: 0n, max: 10n ** 25n }),
    ),
    fc.oneof(
      fc.stringMatching(/^\d{1,6}$/),
      fc.stringMatching(/^\d{18}$/),
      fc.stringMatching(/^\d{1,36}$/),
    ),
    fc.boolean(),
  )
  .map(([whole, decimals, withDecimals]) =>
    withDecimals ? `${whole}.${decimals}` : whole.toString(),
  );

const orderSpec = fc.record({
  asset: fc.constantFrom(
    { chainId: '1', chainName: 'ETHEREUM', asset: 'ETH' },
    { chainId: '1', chainName: 'ETHEREUM', asset: 'USDT' },
    { chainId: '101', chainName: 'SUI', asset: 'SUI' },
  ),
  paid: fc.boolean(),
  amount: decimalText,
  fee: decimalText,
  money: fc.option(
    fc.record({ currency: fc.constantFrom('EUR', 'CHF'), amount: decimalText, fee: decimalText }),
    { nil: null },
  ),
});
type OrderSpec = typeof orderSpec extends fc.Arbitrary<infer T> ? T : never;

function groupTexts<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  textsOf: (item: T) => string[],
) {
  const groups = new Map<string, string[]>();
  for (const item of items)
    groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), ...textsOf(item)]);
  return new Map([...groups].map(([key, texts]) => [key, sumAmounts(texts)]));
}

describe('report sums in SQL', () => {
  let temp: TempJournal;
  let reader: SqliteReportReader;
  let run = 0;
  let n = 0;

  beforeAll(() => {
    temp = tempJournal(new ManualClock(), 'report-sums-');
    reader = new SqliteReportReader(temp.path);
  });
  afterAll(() => {
    reader.close();
    temp.cleanup();
  });

  /** Writes the orders into a day of their own; returns that day as [fromMs, toMs). */
  function writeDay(specs: readonly OrderSpec[]): [number, number] {
    const fromMs = ++run * DAY;
    specs.forEach((spec, i) => {
      const atMs = fromMs + i;
      const id = newOrderId(atMs, () => new Uint8Array(16).fill(++n % 256));
      const order: NewOrder = newQrOrder({
        orderId: `${id.orderId.slice(0, 24)}${String(n).padStart(12, '0')}`,
        reference: id.reference,
        createdAtMs: atMs,
        ...spec.asset,
        amount: spec.amount,
        fee: spec.fee,
        pricing: spec.money
          ? euroPricing({
              currency: spec.money.currency,
              moneyAmount: spec.money.amount,
              feeMoney: spec.money.fee,
            })
          : null,
      });
      temp.journal.createOrder(order, { atMs, reasonKind: 'cashier' });
      if (spec.paid) {
        const step = { orderId: order.orderId, atMs: atMs + 1 } as const;
        temp.journal.transition({
          ...step,
          from: 'requesting',
          to: 'awaiting-payment',
          reasonKind: 'service',
        });
        temp.journal.transition({
          ...step,
          from: 'awaiting-payment',
          to: 'paid-confirmed-by-cashier',
          reasonKind: 'cashier',
        });
      }
    });
    return [fromMs, fromMs + DAY];
  }

  const stateOf = (spec: OrderSpec) => (spec.paid ? 'paid-confirmed-by-cashier' : 'requesting');
  const totalsKey = (g: Pick<TotalsGroup, 'chainId' | 'asset' | 'state'>) =>
    `${g.chainId} ${g.asset} ${g.state}`;

  function expectTotals(specs: readonly OrderSpec[], groups: readonly TotalsGroup[]): void {
    const key = (spec: OrderSpec) => totalsKey({ ...spec.asset, state: stateOf(spec) });
    const amounts = groupTexts(specs, key, (spec) => [spec.amount]);
    const fees = groupTexts(specs, key, (spec) => [spec.fee]);
    expect(new Map(groups.map((g) => [totalsKey(g), g.amount]))).toEqual(amounts);
    expect(new Map(groups.map((g) => [totalsKey(g), g.fee]))).toEqual(fees);
  }

  function expectMoney(specs: readonly OrderSpec[], groups: readonly MoneyGroup[]): void {
    const priced = specs.filter((spec) => spec.money !== null);
    const totals = groupTexts(
      priced,
      (spec) => `${spec.money?.currency} ${stateOf(spec)}`,
      (spec) => [spec.money?.amount ?? '', spec.money?.fee ?? ''],
    );
    const withCurrency = groups.filter((g) => g.currency !== null);
    expect(new Map(withCurrency.map((g) => [`${g.currency} ${g.state}`, g.total]))).toEqual(totals);
  }

  it('totals by chain, asset and state, and in money, are exactly big.js sums of the texts', () => {
    fc.assert(
      fc.property(fc.array(orderSpec, { minLength: 1, maxLength: 25 }), (specs) => {
        const [fromMs, toMs] = writeDay(specs);
        expectTotals(specs, reader.totalsGroups(fromMs, toMs));
        expectMoney(specs, reader.moneyGroups(fromMs, toMs));
      }),
      { numRuns: 150 },
    );
  });

  it('carries decimals 10 to 18 into the 9th, and the 9th into whole units', () => {
    const specs: OrderSpec[] = ['0.999999999999999999', '0.000000000000000001', '2'].map(
      (amount) => ({
        asset: { chainId: '1', chainName: 'ETHEREUM', asset: 'ETH' },
        paid: false,
        amount,
        fee: '0.5',
        money: null,
      }),
    );
    const [fromMs, toMs] = writeDay(specs);
    expect(reader.totalsGroups(fromMs, toMs)).toMatchObject([{ amount: '3', fee: '1.5' }]);
  });

  it('sums the texts in JS when a 64-bit sum overflows (ten amounts near a billion units)', () => {
    const big = (amount: string): OrderSpec => ({
      asset: { chainId: '1', chainName: 'ETHEREUM', asset: 'USDT' },
      paid: true,
      amount,
      fee: '0.000000000000000001',
      money: { currency: 'EUR', amount, fee: amount },
    });
    // Each amount is ~10^18 in the e9 column: ten of them pass 2^63 - 1.
    const specs = Array.from({ length: 10 }, (_, i) => big(`99999999${i}.123456789123456789`));
    const [fromMs, toMs] = writeDay(specs);
    expectTotals(specs, reader.totalsGroups(fromMs, toMs));
    expectMoney(specs, reader.moneyGroups(fromMs, toMs));
    expect(reader.totalsGroups(fromMs, toMs)[0]?.amount).toBe('9999999946.23456789123456789');
  });

  it('gives NULL, then the texts, when price plus fee overflow only once added together', () => {
    // Five prices and five fees of ~10^18 each in the e9 columns: each SUM fits, their sum not.
    const specs: OrderSpec[] = Array.from({ length: 5 }, () => ({
      asset: { chainId: '101', chainName: 'SUI', asset: 'SUI' },
      paid: true,
      amount: '1',
      fee: '0',
      money: { currency: 'CHF', amount: '999999999.5', fee: '999999999.5' },
    }));
    const [fromMs, toMs] = writeDay(specs);
    expect(reader.moneyGroups(fromMs, toMs)).toEqual([
      { currency: 'CHF', state: 'paid-confirmed-by-cashier', count: 5, total: '9999999995' },
    ]);
  });

  it('feeds the day report: taken totals per asset and per currency stay exact', () => {
    const specs: OrderSpec[] = [
      {
        asset: { chainId: '1', chainName: 'ETHEREUM', asset: 'ETH' },
        paid: true,
        amount: '0.1',
        fee: '0.000000000000000001',
        money: { currency: 'EUR', amount: '0.1', fee: '0.2' },
      },
      {
        asset: { chainId: '1', chainName: 'ETHEREUM', asset: 'ETH' },
        paid: true,
        amount: '0.2',
        fee: '1234567890.5',
        money: null,
      },
      {
        asset: { chainId: '1', chainName: 'ETHEREUM', asset: 'ETH' },
        paid: false,
        amount: '7',
        fee: '0',
        money: { currency: 'EUR', amount: '9', fee: '0' },
      },
    ];
    const [fromMs, toMs] = writeDay(specs);
    const report = periodReport(reader, {
      fromMs,
      toMs,
      fromDate: '1970-01-01',
      toDate: '1970-01-01',
      timeZone: 'UTC',
    });
    expect(report.byChainAsset).toMatchObject([
      {
        asset: 'ETH',
        count: 3,
        amount: '7.3',
        takenCount: 2,
        takenAmount: '0.3',
        takenFee: '1234567890.500000000000000001',
      },
    ]);
    expect(report.money).toEqual([{ currency: 'EUR', takenCount: 1, takenTotal: '0.3' }]);
    expect(report.takenWithoutMoney).toBe(1);
  });
});
