/**
 * Formats `expire_at` as API 2.4 shows it: two-digit groups separated by slashes, then a
 * 24-hour time, in the service's time zone. Day first by default; month first when the
 * sandbox is told to, so the app's reading of both orders can be tested (NOTES).
 */

export type ExpireAtOrder = 'day-first' | 'month-first';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Throws RangeError for a zone Intl does not know, so a bad setting fails at once. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function assertTimeZone(timeZone: string): void {
  formatterFor(timeZone);
}

export function formatExpireAt(atMs: number, timeZone: string, order: ExpireAtOrder): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(atMs)))
    parts[part.type] = part.value;
  const year = (parts.year ?? '').padStart(4, '0');
  const first = order === 'month-first' ? parts.month : parts.day;
  const second = order === 'month-first' ? parts.day : parts.month;
  return `${first}/${second}/${year} ${parts.hour}:${parts.minute}:${parts.second}`;
}
