/**
 * How long wrong PINs lock a person out. Five in a row may be typos; from the fifth on, each
 * further wrong PIN doubles the wait, so guessing a 4-digit PIN takes days, not minutes, and a
 * colleague who mistypes waits half a minute.
 */
const FREE_ATTEMPTS = 5;
const FIRST_LOCK_MS = 30_000;
const LONGEST_LOCK_MS = 15 * 60_000;

/** Until when sign-in is refused after `failedAttempts` wrong PINs in a row; null: not locked. */
export function lockedUntilAfter(failedAttempts: number, nowMs: number): number | null {
  if (failedAttempts < FREE_ATTEMPTS) return null;
  const doublings = Math.min(failedAttempts - FREE_ATTEMPTS, 30);
  return nowMs + Math.min(FIRST_LOCK_MS * 2 ** doublings, LONGEST_LOCK_MS);
}

/** "30 seconds", "2 minutes": the wait in the words the refusal shows. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
