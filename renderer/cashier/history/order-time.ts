/**
 * The order's time in the report's zone, so the list and the report agree; with its day too
 * when the list covers several days.
 */
export function orderTime(ms: number, timeZone: string | undefined, withDay = false): string {
  const options: Intl.DateTimeFormatOptions = {
    hour: '2-digit',
    minute: '2-digit',
    ...(withDay ? { day: 'numeric', month: 'short' } : {}),
  };
  try {
    return new Date(ms).toLocaleString([], { ...options, ...(timeZone ? { timeZone } : {}) });
  } catch {
    return new Date(ms).toLocaleString([], options);
  }
}

/** "22 Nov 2026, 10:04:31": a moment in the shop's zone, for the order's detail. */
export function orderDateTime(ms: number, timeZone: string | undefined): string {
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  };
  try {
    return new Date(ms).toLocaleString([], { ...options, ...(timeZone ? { timeZone } : {}) });
  } catch {
    return new Date(ms).toLocaleString([], options);
  }
}
