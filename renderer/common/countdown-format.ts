/**
 * Countdown arithmetic, shared by both screens so they show the same number: both compute
 * the link's expiry minus main's latest clock tick (never the page's own Date.now).
 */

/** Whole seconds left, rounded up (a link with 0.4 s left still shows 00:01), never negative. */
export function secondsLeft(expiresAtMs: number, nowMs: number): number {
  if (!Number.isFinite(expiresAtMs) || !Number.isFinite(nowMs)) return 0;
  return Math.max(0, Math.ceil((expiresAtMs - nowMs) / 1000));
}

/** "mm:ss" under an hour, "h:mm:ss" from an hour on (a service may set long expiries). */
export function formatSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const mmss = `${pad(minutes)}:${pad(rest)}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** The text a countdown shows, or null when there is nothing to count (no expiry or no tick yet). */
export function countdownText(expiresAtMs: number | null, nowMs: number | null): string | null {
  if (expiresAtMs === null || nowMs === null) return null;
  return formatSeconds(secondsLeft(expiresAtMs, nowMs));
}

/** Under this many seconds the countdown turns urgent (colour and words, not colour alone). */
export const URGENT_SECONDS = 60;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
