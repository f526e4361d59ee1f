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
