import type { Clock } from '../../shared/clock';
import { daysInRange } from '../../shared/calendar-date';
import { HISTORY_ROW_LIMIT, MAX_RANGE_DAYS } from '../../shared/history/history-limits';
import type { Calls } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import type { OrderRecord } from '../journal/order-record';
import type { OrderReportSource } from '../journal/report-source';
import { exportPeriodCsv } from '../reports/csv-export';
import { localDateOf } from '../../shared/time-zone';
import { periodOfDays } from '../reports/report-period';
import { searchOrders } from '../reports/order-search';
import { periodReport } from '../reports/period-report';
import type { AppPlatform } from './app-platform';
import { CallRefusal } from '../../shared/ipc/call-refusal';
import { orderSummaryOf } from '../history/order-summary';
import { auditActionsByKind, knownAuditActions } from '../../shared/audit/audit-kinds';
import { AUDIT_ROW_LIMIT, type AuditQuery } from '../../shared/audit/audit-views';
import { writeAuditCsv } from '../reports/audit-csv';
import type { AuditChainWatch } from '../staff/audit-chain-watch';
import type { AuditEvent, AuditSelection, AuditTrail } from '../staff/audit-trail';
import { auditKindChoices, auditRowView } from '../history/audit-row-view';

export interface JournalHandlerParts {
  clock: Clock;
  reports: OrderReportSource;
  /** The zone day reports are cut in, read per call so a changed setting applies at once. */
  reportTimeZone: () => string;
  saveCsv: AppPlatform['saveCsv'];
  /** The name of a staff member, for the history's cashier column. */
  staffName: (staffId: string | null) => string | null;
  /** The most orders one list holds (HISTORY_ROW_LIMIT; smaller in tests). */
  historyLimit?: number;
}

/** History, search, reports and the CSV export: what the cashier reads back from the journal. */
export function journalHandlers(
  parts: JournalHandlerParts,
): Pick<CallHandlers<Calls>, 'listOrders' | 'searchOrders' | 'report' | 'todayDate' | 'exportCsv'> {
  const { clock, reports, reportTimeZone, saveCsv } = parts;
  const limit = parts.historyLimit ?? HISTORY_ROW_LIMIT;
  const summary = (record: OrderRecord) => orderSummaryOf(record, parts.staffName);
  const period = (args: { fromDate: string; toDate: string }) => {
    if (args.fromDate > args.toDate)
      throw new CallRefusal('invalid-period', 'The start date is after the end date.');
    if (daysInRange(args.fromDate, args.toDate) > MAX_RANGE_DAYS)
      throw new CallRefusal(
        'period-too-long',
        `Choose at most ${MAX_RANGE_DAYS} days: from ${args.fromDate} to ${args.toDate} is longer.`,
      );
    return periodOfDays(args.fromDate, args.toDate, reportTimeZone());
  };

  return {
    listOrders: async (args) => {
      const { fromMs, toMs } = period(args);
      // One more than the limit tells whether the list was cut.
      const found = reports.recentOrders(fromMs, toMs, args.filter ?? {}, limit + 1);
      return {
        orders: found.slice(0, limit).map(summary),
        truncated: found.length > limit,
        limit,
      };
    },
    searchOrders: async ({ query }) => searchOrders(reports, query).map(summary),
    report: async (args) => periodReport(reports, period(args), parts.staffName),
    todayDate: async () => localDateOf(clock.now(), reportTimeZone()),
    exportCsv: async (args) => {
      const chosen = period(args);
      const name =
        chosen.fromDate === chosen.toDate
          ? `orders-${chosen.fromDate}.csv`
          : `orders-${chosen.fromDate}-to-${chosen.toDate}.csv`;
      return saveCsv(name, (out) => exportPeriodCsv(reports, chosen, out));
    },
  };
}

export interface AuditHandlerParts {
  trail: Pick<AuditTrail, 'list' | 'each' | 'staffIds'>;
  chain: Pick<AuditChainWatch, 'status'>;
  staffName: (staffId: string | null) => string | null;
  /** The zone the days are cut in, read per call. */
  reportTimeZone: () => string;
  saveCsv: AppPlatform['saveCsv'];
  /** The most rows one list holds (AUDIT_ROW_LIMIT; smaller in tests). */
  rowLimit?: number;
}

/** The audit view: rows of a range by kind and person, their CSV, and the chain's state. */
export function auditHandlers(
  parts: AuditHandlerParts,
): Pick<CallHandlers<Calls>, 'auditEvents' | 'exportAuditCsv' | 'auditChain'> {
  const { trail, chain, staffName } = parts;
  const limit = parts.rowLimit ?? AUDIT_ROW_LIMIT;
  const view = (event: AuditEvent) => auditRowView(event, staffName);
  const selection = (query: AuditQuery): AuditSelection => {
    if (query.fromDate > query.toDate)
      throw new CallRefusal('invalid-period', 'The start date is after the end date.');
    if (daysInRange(query.fromDate, query.toDate) > MAX_RANGE_DAYS)
      throw new CallRefusal('period-too-long', `Choose at most ${MAX_RANGE_DAYS} days.`);
    const { fromMs, toMs } = periodOfDays(query.fromDate, query.toDate, parts.reportTimeZone());
    return {
      fromMs,
      toMs,
      ...(query.kind === 'other'
        ? { notActions: knownAuditActions }
        : query.kind !== undefined
          ? { actions: auditActionsByKind[query.kind] }
          : {}),
      ...(query.staffId !== undefined ? { staffId: query.staffId } : {}),
    };
  };

  return {
    auditEvents: async (query) => {
      const chosen = selection(query);
      // One more than the limit tells whether the list was cut.
      const found = trail.list(chosen, limit + 1);
      const people = trail
        .staffIds()
        .map((staffId) => ({ staffId, name: staffName(staffId) }))
        .sort((a, b) => (a.name ?? a.staffId).localeCompare(b.name ?? b.staffId));
      return {
        rows: found.slice(0, limit).map(view),
        truncated: found.length > limit,
        limit,
        people,
        kinds: auditKindChoices,
        timeZone: parts.reportTimeZone(),
        // As checked at start: a check walks every row, too slow to repeat per filter.
        chain: chain.status(),
      };
    },
    exportAuditCsv: async (query) => {
      const chosen = selection(query);
      const name =
        query.fromDate === query.toDate
          ? `audit-${query.fromDate}.csv`
          : `audit-${query.fromDate}-to-${query.toDate}.csv`;
      const rows = (function* () {
        for (const event of trail.each(chosen)) yield view(event);
      })();
      return parts.saveCsv(name, (out) => writeAuditCsv(rows, out, parts.reportTimeZone()));
    },
    auditChain: async () => chain.status(),
  };
}
