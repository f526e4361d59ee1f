import { offsetAt } from '../../shared/time-zone';
import { localTimestamp } from './local-timestamp';

const SECOND = 1000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** 1970-01-01 to 9999-12-31: where the arithmetic below writes what Date and localTimestamp write. */
const LAST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const TWO = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
const THREE = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

/** "2026-11-25T09:14:03" of a UTC instant in [0, LAST_MS] (civil date from days, H. Hinnant). */
function civilText(ms: number): string {
  const days = Math.floor(ms / DAY);
  const inDay = ms - days * DAY;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const seconds = Math.floor(inDay / SECOND);
  return `${year}-${TWO[month]}-${TWO[day]}T${TWO[Math.floor(seconds / 3600)]}:${TWO[Math.floor(seconds / 60) % 60]}:${TWO[seconds % 60]}`;
}

function offsetText(offsetMs: number): string {
  const minutes = Math.round(offsetMs / 60_000);
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${TWO[Math.floor(abs / 60)] ?? String(Math.floor(abs / 60))}:${TWO[abs % 60]}`;
}

export interface CsvTimestamps {
  /** What `new Date(atMs).toISOString()` writes: "2026-11-25T08:14:03.250Z". */
  utc(atMs: number): string;
  /** What `localTimestamp(atMs, timeZone)` writes: "2026-11-25T09:14:03+01:00". */
  local(atMs: number): string;
}

/**
 * The export's times, without asking Intl for every cell: a year of orders holds millions of
 * times, and Intl takes ~9 µs for each (localTimestamp asks it twice). The zone's offset is
 * asked once per hour of time (at its first and last second) and kept for that hour when both
 * agree: no zone in the tz database changes its offset twice within one hour. An hour with a
 * change in it, and any time outside the years 1970-9999, go through localTimestamp and Date
 * as before. One per export: the kept offsets go with it.
 */
export function csvTimestamps(timeZone: string): CsvTimestamps {
  const offsets = new Map<number, number | null>();
  const offsetOf = (atMs: number): number | null => {
    const hour = Math.floor(atMs / HOUR);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      const first = offsetAt(hour * HOUR, timeZone);
      offset = first === offsetAt(hour * HOUR + HOUR - SECOND, timeZone) ? first : null;
      offsets.set(hour, offset);
    }
    return offset;
  };
  return {
    utc: (atMs) =>
      atMs >= 0 && atMs <= LAST_MS && Number.isInteger(atMs)
        ? `${civilText(atMs)}.${THREE[atMs % SECOND]}Z`
        : new Date(atMs).toISOString(),
    local: (atMs) => {
      const offset = Number.isFinite(atMs) ? offsetOf(atMs) : null;
      const wallMs = offset === null ? -1 : Math.floor(atMs / SECOND) * SECOND + offset;
      return offset !== null && wallMs >= 0 && wallMs <= LAST_MS
        ? civilText(wallMs) + offsetText(offset)
        : localTimestamp(atMs, timeZone);
    },
  };
}
