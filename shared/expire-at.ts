import { daysInMonth } from './calendar-date';
import { instantsOfWallClock, isValidTimeZone } from './time-zone';

/**
 * Reading a payment link's `expire_at` (docs/payment-service.md: Payment link, expire_at).
 *
 * The service writes `NN/NN/YYYY HH:MM:SS` in its own time zone (a setting, default UTC)
 * and does not document the day/month order. We read day/month/year; when that reading is
 * impossible (a month above 12) or implausible (not within the next 24 h) and the swapped
 * month/day reading is plausible, the service must have written month/day, and we read it
 * that way. Anything doubtful becomes "expiry unknown": the till
 * shows no countdown rather than a wrong one, and the reason tells the cashier why.
 */

export type Expiry =
  | { kind: 'known'; atMs: number; order: 'day-first' | 'month-first' }
  | { kind: 'unknown'; reason: string; raw: string };

export interface ExpireAtContext {
  /** When the generate_qr request was sent (Clock time). */
  sentAtMs: number;
  /** The service's IANA time zone setting, e.g. 'UTC', 'Europe/Berlin'. */
  timeZone: string;
}

/** Longest expiry a link may have before we call it implausible. */
const MAX_EXPIRY_AHEAD_MS = 24 * 60 * 60 * 1000;

/** Surrounding whitespace only; one space between date and time. */
const SHAPE = /^\s*(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})\s*$/;

export function readExpireAt(raw: string, ctx: ExpireAtContext): Expiry {
  // Built without per-call closures, and the quoted text only when a reason needs it: this
  // runs on every payment link, and the success path should cost next to nothing.
  if (typeof raw !== 'string') return unknownExpiry('The service sent no expiry time.', raw);

  const match = SHAPE.exec(raw);
  if (!match) {
    return unknownExpiry(
      `The expiry time ${quote(raw)} is not in the form DD/MM/YYYY HH:MM:SS.`,
      raw,
    );
  }
  const first = Number(match[1]);
  const second = Number(match[2]);
  const year = Number(match[3]);
  const hour = Number(match[4]);
  const minute = Number(match[5]);
  const secondOfMinute = Number(match[6]);

  if (first > 12 && second > 12)
    return unknownExpiry(`The expiry date ${quote(raw)} has no valid month.`, raw);
  if (hour > 23 || minute > 59 || secondOfMinute > 59) {
    return unknownExpiry(`The expiry time ${quote(raw)} is not a real time of day.`, raw);
  }
  if (!Number.isFinite(ctx.sentAtMs))
    return unknownExpiry('The expiry cannot be checked: the send time is missing.', raw);
  if (!isValidTimeZone(ctx.timeZone)) {
    return unknownExpiry(
      `The service time zone setting "${String(ctx.timeZone)}" is not a known time zone; ask IT to correct it.`,
      raw,
    );
  }

  // Day-first is the reading we expect. Month-first is tried when day-first is impossible
  // (second group above 12) or implausible: with expiries at most 24 h ahead, both readings
  // can only be plausible when day and month are equal, and then they are the same instant.
  // Month-first is only read when day-first failed (each reading may cost Intl calls).
  const time: TimeFields = { year, hour, minute, second: secondOfMinute };
  const dayFirst = readAs(ctx.timeZone, ctx.sentAtMs, 'day-first', second, first, time);
  if (typeof dayFirst !== 'string') return dayFirst;
  const monthFirst = readAs(ctx.timeZone, ctx.sentAtMs, 'month-first', first, second, time);
  if (typeof monthFirst !== 'string') return monthFirst;
  return unknownExpiry(reasonText(second > 12 ? monthFirst : dayFirst, raw, ctx.timeZone), raw);
}

interface TimeFields {
  year: number;
  hour: number;
  minute: number;
  second: number;
}

/** The known expiry, or which check failed (turned into words only if it is reported). */
function readAs(
  timeZone: string,
  sentAtMs: number,
  order: 'day-first' | 'month-first',
  month: number,
  day: number,
  t: TimeFields,
): Expiry | Failed {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(t.year, month)) return 'not-a-date';
  const found = instantsOfWallClock({ ...t, month, day }, timeZone);
  if (found.kind === 'gap') return 'skipped';
  // Where the wall time happens twice (clocks going back), the earlier instant: a countdown
  // can then only run out early, never late.
  const atMs = found.kind === 'overlap' ? found.earlierMs : found.atMs;
  if (atMs <= sentAtMs) return 'not-after-send';
  if (atMs - sentAtMs > MAX_EXPIRY_AHEAD_MS) return 'too-far';
  return { kind: 'known', atMs, order };
}

type Failed = 'not-a-date' | 'skipped' | 'not-after-send' | 'too-far';

function reasonText(failed: Failed, raw: string, timeZone: string): string {
  const quoted = quote(raw);
  switch (failed) {
    case 'not-a-date':
      return `The expiry date ${quoted} is not a real date.`;
    case 'skipped':
      return `The expiry time ${quoted} does not exist in the time zone ${timeZone} (the clocks skip it).`;
    case 'not-after-send':
      return `The expiry time ${quoted} is not after the payment link was requested; the service time zone setting (${timeZone}) may be wrong.`;
    case 'too-far':
      return `The expiry time ${quoted} is more than 24 hours ahead; the service time zone setting (${timeZone}) or date order may be wrong.`;
  }
}

function unknownExpiry(reason: string, raw: unknown): Expiry {
  return { kind: 'unknown', reason, raw: typeof raw === 'string' ? raw : '' };
}

function quote(raw: string): string {
  const trimmed = raw.trim();
  return JSON.stringify(trimmed.length > 40 ? `${trimmed.slice(0, 40)}…` : trimmed);
}
