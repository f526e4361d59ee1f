import { formatAmount } from '../money';
import { formatMoney } from '../pricing/shop-currency';
import type { OrderKind } from '../sale/sale-states';
import type {
  EarlierOrderPaidLine,
  EarlierPaymentVoidedLine,
  OrderLine,
  Outcome,
  ShiftReport,
  Slice,
  Takings,
  Totals,
} from './shift-report-types';

/**
 * An X or Z report in words, as the cashier's screen shows it and the printer prints it: the
 * same sections and the same text in both places. Every figure of the report is here, each
 * already formatted for people (money through formatMoney and formatAmount, times in the
 * shop's report time zone).
 */

/** What to show: a Z report as made (ZReportView fits), or an X report made now (zNumber null). */
export interface ShiftReportSource {
  zNumber: number | null;
  madeAtMs: number;
  report: ShiftReport;
}

export interface ShiftReportWordsOptions {
  /** The zone the shop's reports use (the reportTimeZone setting). */
  timeZone: string;
  locale?: string;
}

interface ReportRow {
  label: string;
  value: string;
  /** A total people look for first. */
  bold?: boolean;
}

export interface ReportSection {
  /** Stable, for test ids: 'shift', 'orders', 'outcome-paid', 'way-qr', 'cashier-0', 'voided'… */
  id: string;
  heading: string;
  rows: ReportRow[];
}

const outcomeWords: Record<Outcome, string> = {
  paid: 'Paid',
  cancelled: 'Cancelled',
  expired: 'Expired',
  unknown: 'Not paid or unsure',
};

const wayWords: Record<OrderKind, string> = {
  qr: 'QR code',
  nfc: 'Tap to pay (NFC)',
};

const outcomeList: readonly Outcome[] = ['paid', 'cancelled', 'expired', 'unknown'];

/** "X report" or "Z report 12". */
export function reportTitle(source: Pick<ShiftReportSource, 'zNumber'>): string {
  return source.zNumber === null ? 'X report' : `Z report ${source.zNumber}`;
}

/** The line no one may mistake: an X report is not a close. */
export function reportMark(source: Pick<ShiftReportSource, 'zNumber'>): string {
  return source.zNumber === null ? 'X report — not a close' : `Z report ${source.zNumber}`;
}

/** "26 Nov 2026, 14:35" in the shop's zone; in UTC, said so, when Intl does not know the zone. */
export function reportTime(atMs: number, options: ShiftReportWordsOptions): string {
  const style = { dateStyle: 'medium', timeStyle: 'short' } as const;
  try {
    return new Intl.DateTimeFormat(options.locale ?? 'en-GB', {
      ...style,
      timeZone: options.timeZone,
    }).format(atMs);
  } catch {
    return `${new Intl.DateTimeFormat('en-GB', { ...style, timeZone: 'UTC' }).format(atMs)} UTC`;
  }
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** An asset amount as the screens show it, never rounded ("12.50 USDT"). */
function assetAmount(amount: string, asset: string | null): string {
  let text: string;
  try {
    text = formatAmount(amount, 2);
  } catch {
    text = amount;
  }
  return asset ? `${text} ${asset}` : text;
}

function totalsRows(totals: Totals, what: string): ReportRow[] {
  const rows: ReportRow[] = [{ label: what, value: String(totals.count), bold: true }];
  for (const row of totals.byAsset) {
    const name = row.asset
      ? `${row.asset}${row.chainName ? ` on ${row.chainName}` : ''}`
      : 'NFC, no asset';
    rows.push({
      label: `${name} (${plural(row.count, 'order')})`,
      value: assetAmount(row.amount, row.asset),
    });
    rows.push({ label: `${name}: fees`, value: assetAmount(row.fee, row.asset) });
  }
  for (const row of totals.byCurrency) {
    rows.push({
      label: `In ${row.currency} (${plural(row.count, 'order')}): price`,
      value: formatMoney(row.amount, row.currency),
    });
    rows.push({
      label: `In ${row.currency}: fees`,
      value: formatMoney(row.fee, row.currency),
    });
    rows.push({
      label: `In ${row.currency}: total`,
      value: formatMoney(row.total, row.currency),
      bold: true,
    });
  }
  if (totals.withoutCurrency > 0) {
    rows.push({
      label: 'Typed in asset units (no price in money)',
      value: plural(totals.withoutCurrency, 'order'),
    });
  }
  return rows;
}

/** A signed amount: "−0.50 USDT" reads as money going out. */
function signedAsset(amount: string, asset: string | null): string {
  return amount.startsWith('-')
    ? `−${assetAmount(amount.slice(1), asset)}`
    : assetAmount(amount, asset);
}

function signedMoney(amount: string, currency: string): string {
  return amount.startsWith('-')
    ? `−${formatMoney(amount.slice(1), currency)}`
    : formatMoney(amount, currency);
}

/**
 * The money of the shift by when it came in: net per currency and per asset first (what the
 * shift must account for), then what was received and voided, and who vouched for the payments.
 */
function takingsRows(takings: Takings): ReportRow[] {
  const rows: ReportRow[] = [];
  for (const row of takings.net.byCurrency) {
    rows.push({
      label: `In ${row.currency}: net taken`,
      value: signedMoney(row.total, row.currency),
      bold: true,
    });
  }
  for (const row of takings.net.byAsset) {
    const name = row.asset
      ? `${row.asset}${row.chainName ? ` on ${row.chainName}` : ''}`
      : 'NFC, no asset';
    rows.push({ label: `${name}: net taken`, value: signedAsset(row.amount, row.asset) });
    rows.push({ label: `${name}: net fees`, value: signedAsset(row.fee, row.asset) });
  }
  const counted = (totals: Totals, what: string) => {
    rows.push({ label: what, value: plural(totals.count, 'payment') });
    for (const row of totals.byCurrency)
      rows.push({
        label: `${what} in ${row.currency}`,
        value: formatMoney(row.total, row.currency),
      });
  };
  counted(takings.received, 'Received');
  counted(takings.voided, 'Voided');
  counted(takings.byConfirmation.service, 'Accepted by the service (tap to pay)');
  counted(takings.byConfirmation.cashier, 'Confirmed by the cashier (QR)');
  const unpriced = takings.received.withoutCurrency + takings.voided.withoutCurrency;
  if (unpriced > 0)
    rows.push({
      label: 'Typed in asset units (in the asset lines only)',
      value: plural(unpriced, 'payment'),
    });
  return rows;
}

function sliceRows(slice: Slice): ReportRow[] {
  return [
    { label: 'Orders', value: String(slice.count) },
    ...outcomeList.map((outcome) => ({
      label: outcomeWords[outcome],
      value: String(slice.outcomes[outcome]),
    })),
    ...totalsRows(slice.paid, 'Paid orders').slice(1),
  ];
}

function orderRow(line: OrderLine, options: ShiftReportWordsOptions, atMs: number): ReportRow {
  const money = line.money ? ` · ${formatMoney(line.money.amount, line.money.currency)}` : '';
  return {
    label: `${line.reference} · ${reportTime(atMs, options)} · ${line.cashier.name}`,
    value: `${assetAmount(line.amount, line.asset)}${money}`,
  };
}

function listSection(
  id: string,
  heading: string,
  lines: readonly OrderLine[],
  options: ShiftReportWordsOptions,
): ReportSection {
  return {
    id,
    heading: `${heading} (${lines.length})`,
    rows:
      lines.length === 0
        ? [{ label: 'None', value: '' }]
        : lines.map((line) => orderRow(line, options, line.createdAtMs)),
  };
}

function earlierRow(line: EarlierOrderPaidLine, options: ShiftReportWordsOptions): ReportRow {
  return fromShift(orderRow(line, options, line.paidAtMs), line.shiftId);
}

function earlierVoidedRow(
  line: EarlierPaymentVoidedLine,
  options: ShiftReportWordsOptions,
): ReportRow {
  return fromShift(orderRow(line, options, line.voidedAtMs), line.shiftId);
}

/** A row of an order started in another shift (or in none) says which. */
function fromShift(row: ReportRow, shiftId: number | null): ReportRow {
  const from = shiftId === null ? 'no shift' : `shift ${shiftId}`;
  return { ...row, label: `${row.label} (from ${from})` };
}

/**
 * A cashier's name, told apart when two share it (nobody signed in and a removed member are
 * both "Unknown"): the second is "Unknown (2)".
 */
function cashierHeading(report: ShiftReport, index: number): string {
  const name = report.byCashier[index]?.cashier.name ?? '';
  const before = report.byCashier
    .slice(0, index)
    .filter((slice) => slice.cashier.name === name).length;
  return before === 0 ? name : `${name} (${before + 1})`;
}

/** The report, section by section, in words. */
export function shiftReportSections(
  source: ShiftReportSource,
  options: ShiftReportWordsOptions,
): ReportSection[] {
  const { report } = source;
  const header: ReportRow[] = [
    { label: 'Shift', value: String(report.shiftId), bold: true },
    ...(report.continues
      ? [
          {
            label: 'Continues',
            value: `Shift ${report.continues.shiftId} (reopened by ${report.continues.reopenedBy.name})`,
          },
        ]
      : []),
    { label: 'Till', value: report.serialNumber || '—' },
    { label: 'Opened', value: reportTime(report.openedAtMs, options) },
    { label: 'Opened by', value: report.openedBy.name },
    {
      label: 'Closed',
      value: report.closedAtMs === null ? 'Still open' : reportTime(report.closedAtMs, options),
    },
    ...(report.closedBy ? [{ label: 'Closed by', value: report.closedBy.name }] : []),
    {
      label: source.zNumber === null ? 'Figures as of' : 'Report made',
      value: reportTime(source.madeAtMs, options),
    },
  ];
  const sections: ReportSection[] = [
    { id: 'shift', heading: reportTitle(source), rows: header },
    ...(report.takings
      ? [
          {
            id: 'takings',
            heading: 'Money taken in this shift (by when it was paid)',
            rows: takingsRows(report.takings),
          },
        ]
      : []),
    {
      id: 'taken',
      heading: report.takings ? "This shift's sales that were paid" : 'Taken (paid orders)',
      rows: totalsRows(report.byOutcome.paid, 'Paid orders'),
    },
    { id: 'orders', heading: 'All orders started', rows: totalsRows(report.orders, 'Orders') },
    {
      id: 'outcomes',
      heading: 'How the orders ended',
      rows: outcomeList.map((outcome) => ({
        label: outcomeWords[outcome],
        value: String(report.byOutcome[outcome].count),
      })),
    },
    ...outcomeList
      .filter((outcome) => outcome !== 'paid' && report.byOutcome[outcome].count > 0)
      .map((outcome) => ({
        id: `outcome-${outcome}`,
        heading: `${outcomeWords[outcome]}: amounts asked`,
        rows: totalsRows(report.byOutcome[outcome], 'Orders'),
      })),
    ...(['qr', 'nfc'] as const).map((kind) => ({
      id: `way-${kind}`,
      heading: `By payment way: ${wayWords[kind]}`,
      rows: sliceRows(report.byWay[kind]),
    })),
    ...report.byCashier.map((slice, index) => ({
      id: `cashier-${index}`,
      heading: `By cashier: ${cashierHeading(report, index)}`,
      rows: sliceRows(slice),
    })),
    listSection('voided', 'Voided', report.voided, options),
    listSection('late', 'Paid late', report.latePayments, options),
    listSection('unresolved', 'Not finished', report.unresolved, options),
  ];
  if (report.takenBeforeOpening && report.takenBeforeOpening.length > 0) {
    sections.push(
      listSection(
        'before-opening',
        'Sold with no shift open, taken into this shift',
        report.takenBeforeOpening,
        options,
      ),
    );
  }
  if (report.earlierOrdersPaid.length > 0) {
    sections.push({
      id: 'earlier',
      heading: `Earlier sales paid during this shift (${report.earlierOrdersPaid.length})`,
      rows: report.earlierOrdersPaid.map((line) => earlierRow(line, options)),
    });
  }
  const voidedEarlier = report.earlierPaymentsVoided ?? [];
  if (voidedEarlier.length > 0) {
    sections.push({
      id: 'earlier-voided',
      heading: `Earlier payments voided during this shift (${voidedEarlier.length})`,
      rows: voidedEarlier.map((line) => earlierVoidedRow(line, options)),
    });
  }
  return sections;
}
