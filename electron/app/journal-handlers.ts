import type { Clock } from '../../shared/clock';
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
import { CallRefusal } from './call-failure';
import { orderSummaryOf } from './order-summary';

/** The history list shows at most this many orders of a period, the newest. */
const HISTORY_LIMIT = 1000;

export interface JournalHandlerParts {
  clock: Clock;
  reports: OrderReportSource;
  /** The zone day reports are cut in, read per call so a changed setting applies at once. */
  reportTimeZone: () => string;
  saveCsv: AppPlatform['saveCsv'];
  /** The name of a staff member, for the history's cashier column. */
  staffName: (staffId: string | null) => string | null;
}

/** History, search, reports and the CSV export: what the cashier reads back from the journal. */
export function journalHandlers(
  parts: JournalHandlerParts,
): Pick<CallHandlers<Calls>, 'listOrders' | 'searchOrders' | 'report' | 'todayDate' | 'exportCsv'> {
  const { clock, reports, reportTimeZone, saveCsv } = parts;
  const summary = (record: OrderRecord) => orderSummaryOf(record, parts.staffName);
  const period = (args: { fromDate: string; toDate: string }) => {
    if (args.fromDate > args.toDate)
      throw new CallRefusal('invalid-period', 'The start date is after the end date.');
    return periodOfDays(args.fromDate, args.toDate, reportTimeZone());
  };

  return {
    listOrders: async (args) => {
      const { fromMs, toMs } = period(args);
      // The period may hold a year of orders: keep only the newest HISTORY_LIMIT while streaming.
      const newest: OrderRecord[] = [];
      for (const record of reports.ordersBetween(fromMs, toMs)) {
        newest.push(record);
        if (newest.length > HISTORY_LIMIT) newest.shift();
      }
      return newest.reverse().map(summary);
    },
    searchOrders: async ({ query }) => searchOrders(reports, query).map(summary),
    report: async (args) => periodReport(reports, period(args)),
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
