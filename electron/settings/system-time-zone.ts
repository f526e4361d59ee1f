/** The computer's IANA zone, for the report time zone's default; 'UTC' when the runtime cannot tell. */
export function systemTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
