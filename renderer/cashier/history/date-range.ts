import { daysInRange } from '../../../shared/calendar-date';
import { MAX_RANGE_DAYS } from '../../../shared/history/history-limits';

/** The history's days, 'YYYY-MM-DD', both included. */
export interface DateRange {
  fromDate: string;
  toDate: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why these dates cannot be shown, in the cashier's words; null when they can. */
export function rangeProblem({ fromDate, toDate }: DateRange): string | null {
  if (!DATE.test(fromDate) || !DATE.test(toDate)) return 'Pick both dates.';
  if (fromDate > toDate) return 'The first day is after the last day: swap them.';
  try {
    if (daysInRange(fromDate, toDate) > MAX_RANGE_DAYS)
      return `Pick at most ${MAX_RANGE_DAYS} days at once.`;
  } catch {
    return 'Pick both dates.';
  }
  return null;
}

/** "2026-11-22" for one day, "2026-11-22 to 2026-11-23" for several. */
export function rangeWords({ fromDate, toDate }: DateRange): string {
  return fromDate === toDate ? fromDate : `${fromDate} to ${toDate}`;
}
