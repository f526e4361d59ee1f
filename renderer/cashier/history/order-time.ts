/** The order's time in the report's zone, so the list and the day's report agree. */
export function orderTime(ms: number, timeZone: string | undefined): string {
  try {
    return new Date(ms).toLocaleTimeString([], {
      hour: '2-digit',
      minute: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    });
  } catch {
    return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
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
