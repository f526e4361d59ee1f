/**
 * Calendar dates as 'YYYY-MM-DD' text, the form report periods and the date pickers use.
 * Plain proleptic Gregorian arithmetic: no zone is involved (shared/time-zone.ts turns a
 * date into instants in a zone).
 */

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Reads 'YYYY-MM-DD', checking it is a real calendar date; RangeError otherwise. */
export function parseLocalDate(date: string): CalendarDate {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`not a date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    throw new RangeError(`no such date: ${date}`);
  return { year, month, day };
}

export function formatLocalDate({ year, month, day }: CalendarDate): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
}

/** The calendar day after a 'YYYY-MM-DD'. */
export function nextDate(date: string): string {
  const { year, month, day } = parseLocalDate(date);
  if (day < daysInMonth(year, month)) return formatLocalDate({ year, month, day: day + 1 });
  if (month < 12) return formatLocalDate({ year, month: month + 1, day: 1 });
  return formatLocalDate({ year: year + 1, month: 1, day: 1 });
}

/** How many calendar days 'YYYY-MM-DD' `fromDate` to `toDate` cover, both included (0 if reversed). */
export function daysInRange(fromDate: string, toDate: string): number {
  const dayNumber = (date: string) => {
    const { year, month, day } = parseLocalDate(date);
    return Date.UTC(year, month - 1, day) / 86_400_000;
  };
  return Math.max(0, dayNumber(toDate) - dayNumber(fromDate) + 1);
}
