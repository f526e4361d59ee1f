import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shiftReport } from '../../../electron/shifts/shift-report';
import { shiftReportDocument } from '../../../electron/shifts/shift-report-document';
import { formatAmount } from '../../../shared/money';
import type { PrintBlock, PrintDocument } from '../../../shared/printing/print-document';
import { formatMoney } from '../../../shared/pricing/shop-currency';
import type { ShiftReport, Slice, Totals } from '../../../shared/shifts/shift-report-types';
import type { ShiftRow } from '../../../shared/shifts/shift-views';
import { ordersArb } from './shift-orders-arbitrary';

const shift: ShiftRow = {
  shiftId: 7,
  serialNumber: 'POS-0001',
  // 26 Nov 2026 13:35 UTC: 14:35 in Paris.
  openedAtMs: Date.UTC(2026, 10, 26, 13, 35),
  openedBy: 'staff-1',
  closedAtMs: Date.UTC(2026, 10, 26, 21, 5),
  closedBy: 'staff-2',
  openedAfterEventId: 0,
  reopensShiftId: 6,
  reopenedBy: 'staff-1',
};
const names = new Map([
  ['staff-1', 'Mia'],
  ['staff-2', 'Cal'],
]);
const options = { timeZone: 'Europe/Paris', shopName: 'Corner Café' };

const reportOf = (orders: Parameters<typeof shiftReport>[0]['orders'], open = false) =>
  shiftReport({
    shift: open ? { ...shift, closedAtMs: null, closedBy: null } : shift,
    orders,
    earlierOrdersPaid: [],
    throughEventId: 42,
    names,
  });

type Row = Extract<PrintBlock, { type: 'row' }>;

/** The rows under a section's heading, up to the next rule. */
function rowsOf(doc: PrintDocument, heading: string): Row[] {
  const start = doc.blocks.findIndex(
    (block) => block.type === 'text' && block.bold === true && block.text === heading,
  );
  expect(start, `section "${heading}"`).toBeGreaterThan(-1);
  const rows: Row[] = [];
  for (const block of doc.blocks.slice(start + 1)) {
    if (block.type !== 'row') break;
    rows.push(block);
  }
  return rows;
}

const amount = (value: string, asset: string | null) =>
  asset ? `${formatAmount(value, 2)} ${asset}` : formatAmount(value, 2);

/** Every count and sum of `totals` is a row of `rows`, written with the app's money helpers. */
function expectTotalsIn(rows: Row[], totals: Totals): void {
  const has = (test: (row: Row) => boolean, what: string) =>
    expect(rows.some(test), `${what} in ${JSON.stringify(rows)}`).toBe(true);
  for (const row of totals.byAsset) {
    const name = row.asset ?? 'NFC, no asset';
    has(
      (r) =>
        r.label.startsWith(name) &&
        r.label.includes(`(${row.count} order`) &&
        r.value === amount(row.amount, row.asset),
      `${name} amount`,
    );
    has(
      (r) =>
        r.label.startsWith(name) &&
        r.label.endsWith('fees') &&
        r.value === amount(row.fee, row.asset),
      `${name} fee`,
    );
  }
  for (const row of totals.byCurrency) {
    has(
      (r) =>
        r.label.includes(`In ${row.currency} (${row.count} order`) &&
        r.value === formatMoney(row.amount, row.currency),
      `${row.currency} price`,
    );
    has((r) => r.value === formatMoney(row.fee, row.currency), `${row.currency} fee`);
    has(
      (r) => r.bold === true && r.value === formatMoney(row.total, row.currency),
      `${row.currency} total`,
    );
  }
  if (totals.withoutCurrency > 0)
    has((r) => r.value.startsWith(`${totals.withoutCurrency} order`), 'without currency');
}

function expectSliceIn(rows: Row[], slice: Slice): void {
  expect(rows.find((row) => row.label === 'Orders')?.value).toBe(String(slice.count));
  expect(rows.find((row) => row.label === 'Paid')?.value).toBe(String(slice.outcomes.paid));
  expect(rows.find((row) => row.label === 'Cancelled')?.value).toBe(
    String(slice.outcomes.cancelled),
  );
  expect(rows.find((row) => row.label === 'Expired')?.value).toBe(String(slice.outcomes.expired));
  expect(rows.find((row) => row.label === 'Not paid or unsure')?.value).toBe(
    String(slice.outcomes.unknown),
  );
  expectTotalsIn(rows, slice.paid);
}

function expectEveryFigure(doc: PrintDocument, report: ShiftReport): void {
  const taken = rowsOf(doc, 'Taken (paid orders)');
  expect(taken[0]).toMatchObject({
    label: 'Paid orders',
    value: String(report.byOutcome.paid.count),
  });
  expectTotalsIn(taken, report.byOutcome.paid);
  const all = rowsOf(doc, 'All orders started');
  expect(all[0]).toMatchObject({ label: 'Orders', value: String(report.orders.count) });
  expectTotalsIn(all, report.orders);
  const ended = rowsOf(doc, 'How the orders ended');
  expect(ended.map((row) => row.value)).toEqual(
    (['paid', 'cancelled', 'expired', 'unknown'] as const).map((o) =>
      String(report.byOutcome[o].count),
    ),
  );
  for (const [outcome, words] of [
    ['cancelled', 'Cancelled'],
    ['expired', 'Expired'],
    ['unknown', 'Not paid or unsure'],
  ] as const) {
    if (report.byOutcome[outcome].count > 0)
      expectTotalsIn(rowsOf(doc, `${words}: amounts asked`), report.byOutcome[outcome]);
  }
  expectSliceIn(rowsOf(doc, 'By payment way: QR code'), report.byWay.qr);
  expectSliceIn(rowsOf(doc, 'By payment way: Tap to pay (NFC)'), report.byWay.nfc);
  const seen = new Map<string, number>();
  for (const slice of report.byCashier) {
    // Two cashiers of one name (nobody, a removed member: "Unknown") are told apart.
    const n = (seen.get(slice.cashier.name) ?? 0) + 1;
    seen.set(slice.cashier.name, n);
    const name = n === 1 ? slice.cashier.name : `${slice.cashier.name} (${n})`;
    expectSliceIn(rowsOf(doc, `By cashier: ${name}`), slice);
  }
  for (const [heading, lines] of [
    ['Voided', report.voided],
    ['Paid late', report.latePayments],
    ['Not finished', report.unresolved],
  ] as const) {
    const rows = rowsOf(doc, `${heading} (${lines.length})`);
    if (lines.length === 0) expect(rows).toEqual([{ type: 'row', label: 'None', value: '' }]);
    else
      expect(rows.map((row) => row.label.split(' · ')[0])).toEqual(
        lines.map((line) => line.reference),
      );
    for (const [i, line] of lines.entries())
      expect(rows[i]?.value.startsWith(amount(line.amount, line.asset))).toBe(true);
  }
}

describe('the printable X and Z report', () => {
  it('prints every figure of the report, whatever the shift took', () => {
    fc.assert(
      fc.property(ordersArb, fc.boolean(), (orders, isZ) => {
        const report = reportOf(orders, !isZ);
        const doc = shiftReportDocument(
          { zNumber: isZ ? 12 : null, madeAtMs: shift.closedAtMs!, report },
          options,
        );
        expectEveryFigure(doc, report);
      }),
      { numRuns: 150 },
    );
  });

  it('a Z report carries its number; an X report says it is not a close', () => {
    const report = reportOf([]);
    const z = shiftReportDocument({ zNumber: 12, madeAtMs: shift.closedAtMs!, report }, options);
    expect(z.kind).toBe('z-report');
    expect(z.title).toBe('Z report 12 — shift 7');
    expect(z.blocks.slice(0, 3)).toEqual([
      { type: 'title', text: 'Z report 12' },
      { type: 'text', text: 'Corner Café', align: 'center' },
      { type: 'mark', text: 'Z report 12' },
    ]);
    expect(JSON.stringify(z)).not.toContain('not a close');
    const header = rowsOf(z, 'Z report 12');
    expect(header).toEqual([
      { type: 'row', label: 'Shift', value: '7', bold: true },
      { type: 'row', label: 'Continues', value: 'Shift 6 (reopened by Mia)' },
      { type: 'row', label: 'Till', value: 'POS-0001' },
      { type: 'row', label: 'Opened', value: '26 Nov 2026, 14:35' },
      { type: 'row', label: 'Opened by', value: 'Mia' },
      { type: 'row', label: 'Closed', value: '26 Nov 2026, 22:05' },
      { type: 'row', label: 'Closed by', value: 'Cal' },
      { type: 'row', label: 'Report made', value: '26 Nov 2026, 22:05' },
    ]);

    const x = shiftReportDocument(
      { zNumber: null, madeAtMs: shift.closedAtMs!, report: reportOf([], true) },
      { timeZone: 'Europe/Paris' },
    );
    expect(x.kind).toBe('x-report');
    expect(x.blocks.slice(0, 2)).toEqual([
      { type: 'title', text: 'X report' },
      { type: 'mark', text: 'X report — not a close' },
    ]);
    expect(rowsOf(x, 'X report').find((row) => row.label === 'Closed')?.value).toBe('Still open');
    expect(JSON.stringify(x)).not.toContain('Z report');
  });
});
