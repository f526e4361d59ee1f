import fc from 'fast-check';
import { nextDate, parseLocalDate } from '../../../shared/calendar-date';
import { describe, expect, it } from 'vitest';
import {
  endOfLocalDay,
  instantsOfWallClock,
  isValidTimeZone,
  localDateOf,
  offsetAt,
  startOfLocalDay,
  systemTimeZone,
  wallClockAt,
  type WallClock,
} from '../../../shared/time-zone';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const utc = (iso: string) => Date.parse(iso);
const wall = (text: string): WallClock => {
  const [date, time] = text.split(' ') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute, second] = time.split(':').map(Number) as [number, number, number];
  return { year, month, day, hour, minute, second };
};

/**
 * The wall clock as another of Intl's readings shows it: Date's toLocaleString in Swedish,
 * which writes 'YYYY-MM-DD hh:mm:ss' with a 24-hour clock. The module reads formatToParts
 * in English; the tz data is the runtime's either way, which is the module's promise.
 */
const localeWallClock = (atMs: number, timeZone: string): WallClock =>
  wall(new Date(atMs).toLocaleString('sv-SE', { timeZone }));

/** Orders wall clocks as numbers (their fields read as if UTC). */
const wallOrder = (w: WallClock) =>
  Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

const zones = Intl.supportedValuesOf('timeZone');
const DST_ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'America/Santiago'];
const instant = fc
  .integer({ min: utc('2000-01-01T00:00:00Z') / 1000, max: utc('2037-12-31T00:00:00Z') / 1000 })
  .map((seconds) => seconds * 1000);

describe('time zones: valid zones and the system zone', () => {
  it('knows IANA zones and UTC, refuses anything else without throwing', () => {
    for (const zone of ['UTC', 'Europe/Paris', 'Australia/Lord_Howe', 'Etc/GMT+5'])
      expect(isValidTimeZone(zone), zone).toBe(true);
    for (const zone of ['', ' ', 'Mars/Olympus', 'Europe/Paris '.repeat(10), undefined, 42, null])
      expect(isValidTimeZone(zone), String(zone)).toBe(false);
  });

  it('the system zone is one Intl knows', () => {
    expect(isValidTimeZone(systemTimeZone())).toBe(true);
  });

  it('an unknown zone is a RangeError, not a wrong answer', () => {
    expect(() => wallClockAt(0, 'Mars/Olympus')).toThrow(RangeError);
    expect(() => instantsOfWallClock(wall('2026-01-01 00:00:00'), 'Mars/Olympus')).toThrow(
      RangeError,
    );
    expect(() => startOfLocalDay('2026-01-01', '')).toThrow(RangeError);
  });
});

describe('time zones: wall clock of an instant', () => {
  it('reads offsets, half and quarter hours included, and fixed zones', () => {
    const at = utc('2026-07-15T10:00:00.999Z');
    expect(wallClockAt(at, 'Europe/Berlin')).toEqual(wall('2026-07-15 12:00:00'));
    expect(wallClockAt(at, 'Asia/Kathmandu')).toEqual(wall('2026-07-15 15:45:00'));
    expect(wallClockAt(at, 'Australia/Lord_Howe')).toEqual(wall('2026-07-15 20:30:00'));
    expect(wallClockAt(at, 'Etc/GMT+5')).toEqual(wall('2026-07-15 05:00:00'));
    expect(wallClockAt(at, 'UTC')).toEqual(wall('2026-07-15 10:00:00'));
    expect(offsetAt(at, 'Australia/Lord_Howe')).toBe(10.5 * HOUR);
    expect(offsetAt(utc('2026-01-15T00:00:00Z'), 'Australia/Lord_Howe')).toBe(11 * HOUR);
  });

  it('property: equals the time Date shows in that zone, in every zone', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...zones), (atMs, timeZone) => {
        expect(wallClockAt(atMs, timeZone)).toEqual(localeWallClock(atMs, timeZone));
      }),
      { numRuns: 500 },
    );
  });
});

describe('time zones: the instant of a wall clock', () => {
  it.each([
    // zone, wall clock, what it is
    [
      'Europe/Berlin',
      '2026-03-29 02:30:00',
      { kind: 'gap', transitionMs: utc('2026-03-29T01:00:00Z') },
    ],
    ['Europe/Berlin', '2026-03-29 03:00:00', { kind: 'unique', atMs: utc('2026-03-29T01:00:00Z') }],
    ['Europe/Berlin', '2026-03-29 01:59:59', { kind: 'unique', atMs: utc('2026-03-29T00:59:59Z') }],
    [
      'Europe/Berlin',
      '2026-10-25 02:30:00',
      {
        kind: 'overlap',
        earlierMs: utc('2026-10-25T00:30:00Z'),
        laterMs: utc('2026-10-25T01:30:00Z'),
      },
    ],
    ['Europe/Berlin', '2026-10-25 03:00:00', { kind: 'unique', atMs: utc('2026-10-25T02:00:00Z') }],
    [
      'America/New_York',
      '2026-03-08 02:30:00',
      { kind: 'gap', transitionMs: utc('2026-03-08T07:00:00Z') },
    ],
    [
      'America/New_York',
      '2026-11-01 01:30:00',
      {
        kind: 'overlap',
        earlierMs: utc('2026-11-01T05:30:00Z'),
        laterMs: utc('2026-11-01T06:30:00Z'),
      },
    ],
    // Lord Howe moves by 30 minutes: 02:00 -> 02:30 on 4 October 2026, 02:00 -> 01:30 on 5 April 2026.
    [
      'Australia/Lord_Howe',
      '2026-10-04 02:15:00',
      { kind: 'gap', transitionMs: utc('2026-10-03T15:30:00Z') },
    ],
    [
      'Australia/Lord_Howe',
      '2026-10-04 02:30:00',
      { kind: 'unique', atMs: utc('2026-10-03T15:30:00Z') },
    ],
    [
      'Australia/Lord_Howe',
      '2026-04-05 01:45:00',
      {
        kind: 'overlap',
        earlierMs: utc('2026-04-04T14:45:00Z'),
        laterMs: utc('2026-04-04T15:15:00Z'),
      },
    ],
    [
      'Australia/Lord_Howe',
      '2026-04-05 01:29:59',
      { kind: 'unique', atMs: utc('2026-04-04T14:29:59Z') },
    ],
    ['Etc/GMT-14', '2026-01-01 00:00:00', { kind: 'unique', atMs: utc('2025-12-31T10:00:00Z') }],
  ])('%s %s', (timeZone, text, expected) => {
    expect(instantsOfWallClock(wall(text), timeZone)).toEqual(expected);
  });

  it('refuses a wall clock that is not a real date and time', () => {
    for (const text of ['2026-02-29 10:00:00', '2026-13-01 10:00:00', '2026-01-01 24:00:00'])
      expect(() => instantsOfWallClock(wall(text), 'UTC'), text).toThrow(RangeError);
    expect(() =>
      instantsOfWallClock({ ...wall('2026-01-01 10:00:00'), second: 1.5 }, 'UTC'),
    ).toThrow(RangeError);
  });

  it('property: every instant is found again from its own wall clock, in every zone', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...zones), (atMs, timeZone) => {
        const found = instantsOfWallClock(wallClockAt(atMs, timeZone), timeZone);
        if (found.kind === 'gap') throw new Error(`a shown wall clock cannot be in a gap`);
        if (found.kind === 'unique') expect(found.atMs).toBe(atMs);
        else expect([found.earlierMs, found.laterMs]).toContain(atMs);
      }),
      { numRuns: 500 },
    );
  });

  it('property: near DST changes, found instants show the wall clock; a gap is exactly the jump', () => {
    // Wall clocks within three hours either side of each change, read by the offset before it.
    const nearChange = fc
      .tuple(fc.constantFrom(...offsetChanges()), fc.integer({ min: -3 * 3600, max: 3 * 3600 }))
      .map(([{ timeZone, atMs }, seconds]) => ({
        timeZone,
        wall: wallClockAt(atMs + offsetAt(atMs - 1000, timeZone) + seconds * 1000, 'UTC'),
      }));
    fc.assert(
      fc.property(nearChange, ({ timeZone, wall: asked }) => {
        const found = instantsOfWallClock(asked, timeZone);
        if (found.kind === 'gap') {
          const before = wallClockAt(found.transitionMs - 1000, timeZone);
          const after = wallClockAt(found.transitionMs, timeZone);
          expect(wallOrder(before)).toBeLessThan(wallOrder(asked));
          expect(wallOrder(after)).toBeGreaterThan(wallOrder(asked));
        } else {
          const instants =
            found.kind === 'unique' ? [found.atMs] : [found.earlierMs, found.laterMs];
          for (const atMs of instants) expect(wallClockAt(atMs, timeZone)).toEqual(asked);
          if (found.kind === 'overlap') expect(found.earlierMs).toBeLessThan(found.laterMs);
        }
        // Every instant showing `asked` was found: none in the hours around it is missed.
        const shown = instantsAround(asked, timeZone);
        const expected =
          found.kind === 'gap'
            ? []
            : found.kind === 'unique'
              ? [found.atMs]
              : [found.earlierMs, found.laterMs];
        expect(shown).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('time zones: local days', () => {
  it('a day starts at midnight in the zone and lasts 24 h, 23 or 25 h on DST days', () => {
    expect(startOfLocalDay('2026-11-22', 'UTC')).toBe(utc('2026-11-22T00:00:00Z'));
    expect(startOfLocalDay('2026-11-22', 'Europe/Berlin')).toBe(utc('2026-11-21T23:00:00Z'));
    expect(startOfLocalDay('2026-11-22', 'Asia/Kolkata')).toBe(utc('2026-11-21T18:30:00Z'));
    const length = (date: string, zone: string) =>
      endOfLocalDay(date, zone) - startOfLocalDay(date, zone);
    expect(length('2026-11-22', 'Europe/Berlin')).toBe(24 * HOUR);
    expect(length('2026-03-29', 'Europe/Berlin')).toBe(23 * HOUR);
    expect(length('2026-10-25', 'Europe/Berlin')).toBe(25 * HOUR);
    expect(length('2026-03-08', 'America/New_York')).toBe(23 * HOUR);
    expect(length('2026-11-01', 'America/New_York')).toBe(25 * HOUR);
    expect(length('2026-10-04', 'Australia/Lord_Howe')).toBe(23.5 * HOUR);
    expect(length('2026-04-05', 'Australia/Lord_Howe')).toBe(24.5 * HOUR);
  });

  it('where midnight is skipped the day starts when the clocks jump', () => {
    // Chile springs forward at 00:00 -> 01:00 (6 September 2026).
    const start = startOfLocalDay('2026-09-06', 'America/Santiago');
    expect(wallClockAt(start, 'America/Santiago')).toEqual(wall('2026-09-06 01:00:00'));
    expect(localDateOf(start - 1000, 'America/Santiago')).toBe('2026-09-05');
  });

  it('reads and steps calendar dates, refusing ones that do not exist', () => {
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
    expect(parseLocalDate('2026-11-22')).toEqual({ year: 2026, month: 11, day: 22 });
    for (const date of ['2026-02-29', '2026-00-10', '22/11/2026', '2026-1-1'])
      expect(() => parseLocalDate(date), date).toThrow(RangeError);
  });

  it('property: a day starts at the first instant whose local date is that day or later', () => {
    const dates = fc
      .integer({
        min: utc('2000-01-02T00:00:00Z') / 86_400_000,
        max: utc('2037-12-30T00:00:00Z') / 86_400_000,
      })
      .map((days) => new Date(days * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(dates, fc.constantFrom(...zones, ...DST_ZONES), (date, timeZone) => {
        const start = startOfLocalDay(date, timeZone);
        const end = endOfLocalDay(date, timeZone);
        expect(localDateOf(start, timeZone) >= date).toBe(true);
        expect(localDateOf(start - 1000, timeZone) < date).toBe(true);
        expect(localDateOf(end - 1000, timeZone) <= date).toBe(true);
        expect(end - start).toBeLessThanOrEqual(26 * HOUR);
        expect(end - start).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });
});

let changes: { timeZone: string; atMs: number }[] | undefined;

/** Every offset change of the DST zones in 2024-2028, found by day and then by second. */
function offsetChanges(): { timeZone: string; atMs: number }[] {
  if (changes) return changes;
  changes = [];
  for (const timeZone of DST_ZONES) {
    let day = Date.UTC(2024, 0, 1);
    let previous = offsetAt(day, timeZone);
    for (; day < Date.UTC(2029, 0, 1); day += 86_400_000) {
      const offset = offsetAt(day + 86_400_000, timeZone);
      if (offset === previous) continue;
      let low = day / 1000;
      let high = day / 1000 + 86_400;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (offsetAt(middle * 1000, timeZone) === previous) low = middle;
        else high = middle;
      }
      changes.push({ timeZone, atMs: high * 1000 });
      previous = offset;
    }
  }
  return changes;
}

/**
 * Brute force: every instant, second by second over the offsets' span around `asked`'s
 * wall time read as UTC, whose wall clock in the zone is `asked`. Slow, so only for the
 * few wall clocks of the DST property; it trusts wallClockAt, which is held to Date's reading of the zone above.
 */
function instantsAround(asked: WallClock, timeZone: string): number[] {
  const local = wallOrder(asked);
  const offsets = [offsetAt(local - 86_400_000, timeZone), offsetAt(local + 86_400_000, timeZone)];
  const found: number[] = [];
  // Only instants local - offset for an offset the zone has near there can show `asked`;
  // check every whole minute of offset between the two, and the two themselves.
  const low = Math.min(...offsets) - HOUR;
  const high = Math.max(...offsets) + HOUR;
  for (let offset = low; offset <= high; offset += MINUTE) {
    const candidate = local - offset;
    if (wallOrder(wallClockAt(candidate, timeZone)) === local) found.push(candidate);
  }
  return found.sort((a, b) => a - b);
}
