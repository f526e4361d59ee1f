import { csvText } from '../reports/csv-format';
import { formulaSafe } from '../reports/formula-guard';
import { outcomes } from './shift-outcomes';
import type {
  OrderLine,
  ShiftReport,
  Slice,
  StaffRef,
  Takings,
  Totals,
} from '../../shared/shifts/shift-report-types';
import type { ZReportView } from '../../shared/shifts/shift-views';

/**
 * One Z report as CSV, in the orders export's dialect (csv-format.ts) with every cell through
 * the formula guard: asset and chain names come from the payment service, staff names from
 * whoever typed them. One long table: `section` and `name` say what a row counts, `part` how
 * (all orders, one asset, one currency ...). Amounts in a row with an asset are in that asset;
 * in a row with a currency, in that currency; the 'takings' rows come first after the shift's
 * (new rows are only ever added, as sections). Never reorder columns: scripts read by position.
 */
const columns = [
  { name: 'section', numeric: false },
  { name: 'name', numeric: false },
  { name: 'part', numeric: false },
  { name: 'value', numeric: false },
  { name: 'chain_name', numeric: false },
  { name: 'chain_id', numeric: false },
  { name: 'asset', numeric: false },
  { name: 'currency', numeric: false },
  { name: 'count', numeric: true },
  { name: 'amount', numeric: true },
  { name: 'fee', numeric: true },
  { name: 'total', numeric: true },
  { name: 'order_id', numeric: false },
  { name: 'reference', numeric: false },
  { name: 'state', numeric: false },
  { name: 'at_utc', numeric: false },
  { name: 'cashier', numeric: false },
  { name: 'money_amount', numeric: true },
  { name: 'money_fee', numeric: true },
] as const;

type Column = (typeof columns)[number]['name'];
type Row = Partial<Record<Column, string | number | null>>;

export function zReportCsv(view: ZReportView): string {
  const report = view.report;
  const rows: Row[] = [
    ...shiftRows(view),
    ...(report.takings ? takingsRows(report.takings) : []),
    ...totalsRows('orders', 'all', 'all', report.orders),
    ...outcomes.flatMap((outcome) =>
      totalsRows('outcome', outcome, 'all', report.byOutcome[outcome]),
    ),
    ...report.byState.map(({ state, count }) => ({ section: 'state', name: state, count })),
    ...sliceRows('way', 'qr', report.byWay.qr),
    ...sliceRows('way', 'nfc', report.byWay.nfc),
    ...report.byCashier.flatMap((slice) => sliceRows('cashier', slice.cashier.name, slice)),
    ...report.voided.map((line) => orderRow('voided', line, line.createdAtMs)),
    ...report.latePayments.map((line) => orderRow('late payment', line, line.createdAtMs)),
    ...report.unresolved.map((line) => orderRow('unresolved', line, line.createdAtMs)),
    ...(report.takenBeforeOpening ?? []).map((line) =>
      orderRow('sold before opening', line, line.createdAtMs),
    ),
    ...report.earlierOrdersPaid.map((line) => ({
      ...orderRow('earlier order paid', line, line.paidAtMs),
      value: line.shiftId === null ? 'no shift' : `shift ${line.shiftId}`,
    })),
    ...(report.earlierPaymentsVoided ?? []).map((line) => ({
      ...orderRow('earlier payment voided', line, line.voidedAtMs),
      value: line.shiftId === null ? 'no shift' : `shift ${line.shiftId}`,
    })),
  ];
  return csvText(
    columns.map((column) => column.name),
    rows.map((row) =>
      columns.map((column) => formulaSafe(String(row[column.name] ?? ''), column.numeric)),
    ),
    true,
  );
}

function shiftRows(view: ZReportView): Row[] {
  const report: ShiftReport = view.report;
  const who = (ref: StaffRef | null) => ref?.name ?? '';
  const fields: [string, string | number][] = [
    ['z_number', view.zNumber],
    ['shift_id', report.shiftId],
    ['serial_number', report.serialNumber],
    ['opened_at', iso(report.openedAtMs)],
    ['opened_by', who(report.openedBy)],
    ['closed_at', report.closedAtMs === null ? '' : iso(report.closedAtMs)],
    ['closed_by', who(report.closedBy)],
    ['made_at', iso(view.madeAtMs)],
    // Only a shift that continues a reopened one has these rows.
    ...(report.continues
      ? ([
          ['continues_shift_id', report.continues.shiftId],
          ['reopened_by', report.continues.reopenedBy.name],
        ] as [string, string | number][])
      : []),
  ];
  return fields.map(([name, value]) => ({ section: 'shift', name, value }));
}

function totalsRows(section: string, name: string, part: string, totals: Totals): Row[] {
  return [
    { section, name, part, count: totals.count },
    ...totals.byAsset.map((row) => ({
      section,
      name,
      part: `${part} by asset`,
      chain_name: row.chainName,
      chain_id: row.chainId,
      asset: row.asset,
      count: row.count,
      amount: row.amount,
      fee: row.fee,
    })),
    ...totals.byCurrency.map((row) => ({
      section,
      name,
      part: `${part} by currency`,
      currency: row.currency,
      count: row.count,
      amount: row.amount,
      fee: row.fee,
      total: row.total,
    })),
    { section, name, part: `${part} without currency`, count: totals.withoutCurrency },
  ];
}

/**
 * The money by when it moved: section 'takings', name 'net' (signed: received − voided),
 * 'received', 'voided', 'service' (tap to pay, accepted by the service) and 'cashier'
 * (confirmed by the cashier's eye).
 */
function takingsRows(takings: Takings): Row[] {
  return [
    ...takings.net.byAsset.map((row) => ({
      section: 'takings',
      name: 'net',
      part: 'net by asset',
      chain_name: row.chainName,
      chain_id: row.chainId,
      asset: row.asset,
      amount: row.amount,
      fee: row.fee,
    })),
    ...takings.net.byCurrency.map((row) => ({
      section: 'takings',
      name: 'net',
      part: 'net by currency',
      currency: row.currency,
      amount: row.amount,
      fee: row.fee,
      total: row.total,
    })),
    ...totalsRows('takings', 'received', 'received', takings.received),
    ...totalsRows('takings', 'voided', 'voided', takings.voided),
    ...totalsRows('takings', 'service', 'received', takings.byConfirmation.service),
    ...totalsRows('takings', 'cashier', 'received', takings.byConfirmation.cashier),
  ];
}

function sliceRows(section: string, name: string, slice: Slice): Row[] {
  return [
    { section, name, part: 'all', count: slice.count },
    ...outcomes.map((outcome) => ({
      section,
      name,
      part: 'outcome',
      value: outcome,
      count: slice.outcomes[outcome],
    })),
    ...totalsRows(section, name, 'paid', slice.paid),
  ];
}

function orderRow(section: string, line: OrderLine, atMs: number): Row {
  return {
    section,
    name: line.reference,
    part: line.kind,
    chain_name: line.chainName,
    chain_id: line.chainId,
    asset: line.asset,
    currency: line.money?.currency,
    amount: line.amount,
    fee: line.fee,
    order_id: line.orderId,
    reference: line.reference,
    state: line.state,
    at_utc: iso(atMs),
    cashier: line.cashier.name,
    money_amount: line.money?.amount,
    money_fee: line.money?.fee,
  };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
