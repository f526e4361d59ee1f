/**
 * Reading a payment link's `expire_at` (NOTES: Payment link, expire_at).
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
export const MAX_EXPIRY_AHEAD_MS = 24 * 60 * 60 * 1000;

/** Surrounding whitespace only; one space between date and time. */
const SHAPE = /^\s*(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})\s*$/;

export function readExpireAt(raw: string, ctx: ExpireAtContext): Expiry {
  const unknown = (reason: string): Expiry => ({
    kind: 'unknown',
    reason,
    raw: typeof raw === 'string' ? raw : '',
  });
  if (typeof raw !== 'string') return unknown('The service sent no expiry time.');
  const quoted = quote(raw);

  const match = SHAPE.exec(raw);
  if (!match) return unknown(`The expiry time ${quoted} is not in the form DD/MM/YYYY HH:MM:SS.`);
  const [first, second, year, hour, minute, secondOfMinute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];

  if (first > 12 && second > 12) return unknown(`The expiry date ${quoted} has no valid month.`);
  if (hour > 23 || minute > 59 || secondOfMinute > 59) {
    return unknown(`The expiry time ${quoted} is not a real time of day.`);
  }
  if (!Number.isFinite(ctx.sentAtMs))
    return unknown('The expiry cannot be checked: the send time is missing.');
  const zone = zoneFormatter(ctx.timeZone);
  if (!zone) {
    return unknown(
      `The service time zone setting "${String(ctx.timeZone)}" is not a known time zone; ask IT to correct it.`,
    );
  }

  // Day-first is the reading we expect. Month-first is tried when day-first is impossible
  // (second group above 12) or implausible: with expiries at most 24 h ahead, both readings
  // can only be plausible when day and month are equal, and then they are the same instant.
  // Month-first is only read when day-first failed (each reading costs Intl calls).
  const dayFirst = readAs('day-first', {
    year,
    month: second,
    day: first,
    hour,
    minute,
    second: secondOfMinute,
  });
  if (dayFirst.kind === 'known') return dayFirst;
  const monthFirst = readAs('month-first', {
    year,
    month: first,
    day: second,
    hour,
    minute,
    second: secondOfMinute,
  });
  if (monthFirst.kind === 'known') return monthFirst;
  const reported = second > 12 ? monthFirst : dayFirst;
  return unknown(reported.kind === 'unknown' ? reported.reason : 'The expiry time is unreadable.');

  type Fields = {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
  };
  type Reading = Expiry | { kind: 'unknown'; reason: string };
  function readAs(order: 'day-first' | 'month-first', f: Fields): Reading {
    if (f.month < 1 || f.month > 12 || f.day < 1 || f.day > daysInMonth(f.year, f.month)) {
      return { kind: 'unknown', reason: `The expiry date ${quoted} is not a real date.` };
    }
    const atMs = instantOf(
      wallTimeAsUtc(f.year, f.month, f.day, f.hour, f.minute, f.second),
      zone as ZoneFormatter,
    );
    if (atMs === undefined) {
      return {
        kind: 'unknown',
        reason: `The expiry time ${quoted} does not exist in the time zone ${ctx.timeZone} (the clocks skip it).`,
      };
    }
    if (atMs <= ctx.sentAtMs) {
      return {
        kind: 'unknown',
        reason: `The expiry time ${quoted} is not after the payment link was requested; the service time zone setting (${ctx.timeZone}) may be wrong.`,
      };
    }
    if (atMs - ctx.sentAtMs > MAX_EXPIRY_AHEAD_MS) {
      return {
        kind: 'unknown',
        reason: `The expiry time ${quoted} is more than 24 hours ahead; the service time zone setting (${ctx.timeZone}) or date order may be wrong.`,
      };
    }
    return { kind: 'known', atMs, order };
  }
}

function quote(raw: string): string {
  const trimmed = raw.trim();
  return JSON.stringify(trimmed.length > 40 ? `${trimmed.slice(0, 40)}…` : trimmed);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The wall-clock fields as if they were UTC, in ms. Years below 100 are kept as written. */
function wallTimeAsUtc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): number {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/**
 * A zone's formatter, plus its offset when the zone can never change it (UTC and its
 * aliases, Etc/GMT±N): those need no Intl call per reading, which is most of the cost of
 * readExpireAt with the default setting (UTC). Every other zone goes through Intl.
 */
interface ZoneFormatter {
  format: Intl.DateTimeFormat;
  fixedOffsetMs: number | undefined;
}
const formatters = new Map<string, ZoneFormatter>();

/** Zones without any transition in the tz database (resolved names, aliases folded in). */
const FIXED_OFFSET_ZONE = /^(?:UTC|Etc\/GMT[+-]\d{1,2})$/;

/** A formatter that tells the wall time in `timeZone`, or undefined for an unknown zone. */
function zoneFormatter(timeZone: unknown): ZoneFormatter | undefined {
  if (typeof timeZone !== 'string' || timeZone.trim() === '' || timeZone.length > 100)
    return undefined;
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  try {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    const fixed = FIXED_OFFSET_ZONE.test(format.resolvedOptions().timeZone);
    const zone: ZoneFormatter = { format, fixedOffsetMs: undefined };
    // Read from Intl once rather than from the name, so Etc/GMT's inverted sign cannot trip us.
    if (fixed) zone.fixedOffsetMs = offsetAt(0, zone);
    formatters.set(timeZone, zone);
    return zone;
  } catch {
    return undefined;
  }
}

/** Zone offset at instant `atMs` (ms, whole seconds): wall time in the zone minus UTC. */
function offsetAt(atMs: number, zone: ZoneFormatter): number {
  const wholeSeconds = Math.floor(atMs / 1000) * 1000;
  const fields: Record<string, string> = {};
  for (const part of zone.format.formatToParts(wholeSeconds)) fields[part.type] = part.value;
  const year = Number(fields.year);
  const wall = wallTimeAsUtc(
    fields.era === 'BC' || fields.era === 'B' ? 1 - year : year,
    Number(fields.month),
    Number(fields.day),
    Number(fields.hour),
    Number(fields.minute),
    Number(fields.second),
  );
  return wall - wholeSeconds;
}

/**
 * The UTC instant whose wall time in the zone is `wall`. Candidates come from the zone's
 * offsets a day either side (a transition lies between them when they differ); a candidate
 * counts only if the zone really shows `wall` at that instant. None: the wall time falls in
 * a spring-forward gap. Two: it falls in an autumn overlap, and we take the earlier one,
 * so a countdown can only run out early, never late.
 */
function instantOf(wall: number, zone: ZoneFormatter): number | undefined {
  // A fixed offset has no gap or overlap: exactly one instant shows each wall time.
  if (zone.fixedOffsetMs !== undefined) return wall - zone.fixedOffsetMs;
  const day = 24 * 60 * 60 * 1000;
  const offsets = new Set([
    offsetAt(wall - day, zone),
    offsetAt(wall, zone),
    offsetAt(wall + day, zone),
  ]);
  const matches: number[] = [];
  for (const offset of offsets) {
    const candidate = wall - offset;
    if (offsetAt(candidate, zone) === offset) matches.push(candidate);
  }
  return matches.length === 0 ? undefined : Math.min(...matches);
}
