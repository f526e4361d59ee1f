/**
 * The periods reports cover: whole local days in the shop's IANA zone (a setting, e.g.
 * 'Europe/Berlin'), so on a DST change a day is 23 or 25 hours long and starts at the first
 * instant whose local date is that day. The zone arithmetic is shared/time-zone's.
 */

import type { Period } from '../../shared/reports/report-types';
import { endOfLocalDay, localDateOf, startOfLocalDay } from '../../shared/time-zone';

export type { Period };

/** Local days fromDate..toDate ('YYYY-MM-DD'), both inclusive. */
export function periodOfDays(fromDate: string, toDate: string, timeZone: string): Period {
  if (toDate < fromDate)
    throw new RangeError(`the period ends (${toDate}) before it starts (${fromDate})`);
  return {
    fromMs: startOfLocalDay(fromDate, timeZone),
    toMs: endOfLocalDay(toDate, timeZone),
    fromDate,
    toDate,
    timeZone,
  };
}

/** The local day containing `nowMs` (from the Clock). */
export function todayPeriod(nowMs: number, timeZone: string): Period {
  const today = localDateOf(nowMs, timeZone);
  return periodOfDays(today, today, timeZone);
}
