/**
 * Local calendar days as instants. A "day" in a report is the shop's day in its IANA time
 * zone (a setting, e.g. 'Europe/Berlin'), so on a DST change it is 23 or 25 hours long and
 * it starts at the first instant whose local date is that day (midnight, or later where
 * midnight does not exist). Computed with Intl only: no time-zone tables of our own.
 */

import type { Period } from '../../shared/reports/report-types';

export type { Period };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The local date of an instant, 'YYYY-MM-DD'. Throws RangeError for an unknown zone. */
export function localDateOf(ms: number, timeZone: string): string {
  const parts = formatter(timeZone).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Checks 'YYYY-MM-DD' is a real calendar date; returns its UTC midnight. */
function utcMidnightOf(date: string): number {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`not a date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  if (new Date(ms).toISOString().slice(0, 10) !== date)
    throw new RangeError(`no such date: ${date}`);
  return ms;
}

/** The next calendar day of a 'YYYY-MM-DD'. */
export function nextDate(date: string): string {
  return new Date(utcMidnightOf(date) + 86_400_000).toISOString().slice(0, 10);
}

const SECOND = 1000;
/** Every zone's offset lies within ±14 h; search a little wider. */
const SEARCH_SPAN_MS = 16 * 3_600_000;

/**
 * The first instant (to the second, as zone changes happen on whole seconds) whose local
 * date is `date` or later. Binary search, because the local date only moves forward in
 * the window around that day.
 */
export function startOfLocalDay(date: string, timeZone: string): number {
  const utcMidnight = utcMidnightOf(date);
  let low = (utcMidnight - SEARCH_SPAN_MS) / SECOND; // local date is before `date` here
  let high = (utcMidnight + SEARCH_SPAN_MS) / SECOND; // and on or after it here
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (localDateOf(middle * SECOND, timeZone) >= date) high = middle;
    else low = middle;
  }
  return high * SECOND;
}

/** Local days fromDate..toDate, both inclusive. */
export function periodOfDays(fromDate: string, toDate: string, timeZone: string): Period {
  if (toDate < fromDate)
    throw new RangeError(`the period ends (${toDate}) before it starts (${fromDate})`);
  return {
    fromMs: startOfLocalDay(fromDate, timeZone),
    toMs: startOfLocalDay(nextDate(toDate), timeZone),
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
