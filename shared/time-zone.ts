/**
 * Time zones through Intl only: no zone tables of our own, so the app follows whatever tz
 * data the runtime ships. Everything that turns an instant into a zone's wall clock, or a
 * wall clock back into an instant, goes through here: report days (the shop's zone) and
 * payment-link expiry (the service's zone, docs/payment-service.md: expire_at).
 *
 * Zone offsets change on whole seconds, so all arithmetic here is on whole seconds.
 */

import { daysInMonth, formatLocalDate, nextDate, parseLocalDate } from './calendar-date';

/** A wall-clock reading in some zone. `year` is astronomical (1 BC is 0). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Which instants show a wall clock in a zone: usually one; two where the clocks go back
 * (the hour after the change is lived twice); none where they jump forward, and then
 * `transitionMs` is the instant they jumped, the first one after the missing stretch.
 */
export type WallClockInstants =
  | { kind: 'unique'; atMs: number }
  | { kind: 'overlap'; earlierMs: number; laterMs: number }
  | { kind: 'gap'; transitionMs: number };

const SECOND = 1000;
const DAY = 86_400_000;

interface Zone {
  format: Intl.DateTimeFormat;
  /** Set for zones that never change offset: they need no Intl call per reading. */
  fixedOffsetMs: number | undefined;
}

const zones = new Map<string, Zone>();

/** Zones without any transition in the tz database (resolved names, aliases folded in). */
const FIXED_OFFSET_ZONE = /^(?:UTC|Etc\/UTC|Etc\/GMT|Etc\/GMT[+-]\d{1,2})$/;

function zoneOf(timeZone: unknown): Zone | undefined {
  if (typeof timeZone !== 'string' || timeZone.trim() === '' || timeZone.length > 100)
    return undefined;
  const cached = zones.get(timeZone);
  if (cached) return cached;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
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
  } catch {
    return undefined;
  }
  const zone: Zone = { format, fixedOffsetMs: undefined };
  // Read from Intl rather than from the name, so Etc/GMT's inverted sign cannot trip us.
  if (FIXED_OFFSET_ZONE.test(format.resolvedOptions().timeZone))
    zone.fixedOffsetMs = wallClockAsUtcMs(readParts(zone.format, 0));
  zones.set(timeZone, zone);
  return zone;
}

function requireZone(timeZone: string): Zone {
  const zone = zoneOf(timeZone);
  if (!zone) throw new RangeError(`not a time zone Intl knows: ${JSON.stringify(timeZone)}`);
  return zone;
}

/** True when Intl knows the zone (an IANA name or "UTC"). Never throws. */
export function isValidTimeZone(timeZone: unknown): boolean {
  return zoneOf(timeZone) !== undefined;
}

/** The computer's IANA zone; 'UTC' when the runtime cannot tell. */
export function systemTimeZone(): string {
  try {
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isValidTimeZone(zone) ? zone : 'UTC';
  } catch {
    return 'UTC';
  }
}

function readParts(format: Intl.DateTimeFormat, atMs: number): WallClock {
  let era = '';
  const wall: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of format.formatToParts(atMs)) {
    if (part.type === 'era') era = part.value;
    else if (part.type in wall) wall[part.type as keyof WallClock] = Number(part.value);
  }
  if (era === 'BC' || era === 'B') wall.year = 1 - wall.year;
  // Some ICU versions still write midnight as 24 with h23.
  if (wall.hour === 24) wall.hour = 0;
  return wall;
}

/** The wall clock of `atMs` (to the second) in `timeZone`. Throws RangeError for an unknown zone. */
export function wallClockAt(atMs: number, timeZone: string): WallClock {
  const zone = requireZone(timeZone);
  const wholeSeconds = Math.floor(atMs / SECOND) * SECOND;
  if (zone.fixedOffsetMs !== undefined) return utcWallClock(wholeSeconds + zone.fixedOffsetMs);
  return readParts(zone.format, wholeSeconds);
}

/** The zone's offset at `atMs`: its wall clock minus UTC, in ms (whole seconds). */
export function offsetAt(atMs: number, timeZone: string): number {
  const wholeSeconds = Math.floor(atMs / SECOND) * SECOND;
  return wallClockAsUtcMs(wallClockAt(wholeSeconds, timeZone)) - wholeSeconds;
}

/**
 * The instants at which `timeZone` shows `wall`. Candidates come from the zone's offsets a
 * day either side (a change of offset lies between them when they differ); a candidate
 * counts only if the zone really shows `wall` then. Throws RangeError for a wall clock that
 * is not a real date and time, or an unknown zone.
 */
export function instantsOfWallClock(wall: WallClock, timeZone: string): WallClockInstants {
  const zone = requireZone(timeZone);
  assertRealWallClock(wall);
  const local = wallClockAsUtcMs(wall);
  if (zone.fixedOffsetMs !== undefined) return { kind: 'unique', atMs: local - zone.fixedOffsetMs };
  const offsets = [
    ...new Set([
      offsetAt(local - DAY, timeZone),
      offsetAt(local, timeZone),
      offsetAt(local + DAY, timeZone),
    ]),
  ];
  const matches = offsets
    .map((offset) => local - offset)
    .filter((candidate) => offsetAt(candidate, timeZone) === local - candidate)
    .sort((a, b) => a - b);
  const first = matches[0];
  const last = matches[matches.length - 1];
  if (first === undefined || last === undefined) {
    // In a gap the offset before the jump shows an earlier wall clock than `wall` would need
    // and the one after a later one: the jump lies between local - max and local - min.
    return {
      kind: 'gap',
      transitionMs: offsetChangeBetween(
        local - Math.max(...offsets),
        local - Math.min(...offsets),
        timeZone,
      ),
    };
  }
  return first === last
    ? { kind: 'unique', atMs: first }
    : { kind: 'overlap', earlierMs: first, laterMs: last };
}

/** The first whole second after `fromMs` (and no later than `toMs`) with another offset. */
function offsetChangeBetween(fromMs: number, toMs: number, timeZone: string): number {
  const before = offsetAt(fromMs, timeZone);
  let low = Math.floor(fromMs / SECOND);
  let high = Math.floor(toMs / SECOND);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetAt(middle * SECOND, timeZone) === before) low = middle;
    else high = middle;
  }
  return high * SECOND;
}

/** The local date of an instant, 'YYYY-MM-DD'. Throws RangeError for an unknown zone. */
export function localDateOf(atMs: number, timeZone: string): string {
  return formatLocalDate(wallClockAt(atMs, timeZone));
}

/**
 * The first instant of a local day: its midnight; the earlier one where midnight happens
 * twice; where midnight is skipped, the instant the clocks jumped (the day is shorter).
 */
export function startOfLocalDay(date: string, timeZone: string): number {
  const found = instantsOfWallClock(
    { ...parseLocalDate(date), hour: 0, minute: 0, second: 0 },
    timeZone,
  );
  if (found.kind === 'unique') return found.atMs;
  return found.kind === 'overlap' ? found.earlierMs : found.transitionMs;
}

/** The end of a local day (exclusive): the start of the next, so DST days are 23 or 25 h. */
export function endOfLocalDay(date: string, timeZone: string): number {
  return startOfLocalDay(nextDate(date), timeZone);
}

function assertRealWallClock(wall: WallClock): void {
  const { year, month, day, hour, minute, second } = wall;
  const whole = [year, month, day, hour, minute, second].every(Number.isInteger);
  if (
    !whole ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    hour < 0 ||
    hour > 23 ||
    minute < 0 ||
    minute > 59 ||
    second < 0 ||
    second > 59
  )
    throw new RangeError(`not a real date and time: ${JSON.stringify(wall)}`);
}

/** The wall clock's fields read as if they were UTC, in ms. Years below 100 are kept as written. */
function wallClockAsUtcMs(wall: WallClock): number {
  const date = new Date(
    Date.UTC(2000, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second),
  );
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  return date.getTime();
}

function utcWallClock(ms: number): WallClock {
  const date = new Date(ms);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}
