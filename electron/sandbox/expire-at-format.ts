import { wallClockAt } from '../../shared/time-zone';

/**
 * Writes `expire_at` as the service does: two-digit groups separated by slashes, then a
 * 24-hour time, in the service's time zone (docs/payment-service.md: Payment link). Day
 * first by default; month first when the sandbox is told to, so the app's reading of both
 * orders can be tested. The zone arithmetic is shared/time-zone's.
 */

export type ExpireAtOrder = 'day-first' | 'month-first';

export function formatExpireAt(atMs: number, timeZone: string, order: ExpireAtOrder): string {
  const wall = wallClockAt(atMs, timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  const [first, second] = order === 'month-first' ? [wall.month, wall.day] : [wall.day, wall.month];
  const year = String(wall.year).padStart(4, '0');
  return `${two(first)}/${two(second)}/${year} ${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}`;
}
