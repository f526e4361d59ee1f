import { offsetAt, wallClockAt } from '../../shared/time-zone';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * "2026-11-25T09:14:03+01:00": the instant as the shop's clock showed it, with the offset,
 * so a spreadsheet in any zone reads the shop's own time and still knows the instant.
 */
export function localTimestamp(atMs: number, timeZone: string): string {
  const wall = wallClockAt(atMs, timeZone);
  const offsetMinutes = Math.round(offsetAt(atMs, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const date = `${String(wall.year).padStart(4, '0')}-${two(wall.month)}-${two(wall.day)}`;
  const time = `${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}`;
  return `${date}T${time}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}
