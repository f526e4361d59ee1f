import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { readExpireAt, type Expiry } from '../../../shared/expire-at';

const HOUR = 3_600_000;
const utc = (iso: string) => Date.parse(iso);

/** Formats an instant as the service would, in `timeZone`, in either order. */
function serviceText(atMs: number, timeZone: string, order: 'day-first' | 'month-first'): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(atMs);
  const f = Object.fromEntries(parts.map((p) => [p.type, p.value]));
  const date =
    order === 'day-first' ? `${f.day}/${f.month}/${f.year}` : `${f.month}/${f.day}/${f.year}`;
  return `${date} ${f.hour}:${f.minute}:${f.second}`;
}

function expectKnown(expiry: Expiry): Extract<Expiry, { kind: 'known' }> {
  if (expiry.kind !== 'known') throw new Error(`expected a known expiry, got: ${expiry.reason}`);
  return expiry;
}

function expectUnknown(expiry: Expiry, words?: RegExp): Extract<Expiry, { kind: 'unknown' }> {
  if (expiry.kind !== 'unknown')
    throw new Error(`expected unknown, got ${new Date(expiry.atMs).toISOString()}`);
  if (words) expect(expiry.reason).toMatch(words);
  return expiry;
}

describe('readExpireAt: reading the text', () => {
  const sentAtMs = utc('2026-11-22T09:00:00Z');
  const ctx = { sentAtMs, timeZone: 'UTC' };

  it('reads day/month/year by default', () => {
    expect(readExpireAt('22/11/2026 09:15:00', ctx)).toEqual({
      kind: 'known',
      atMs: utc('2026-11-22T09:15:00Z'),
      order: 'day-first',
    });
  });

  it('reads an ambiguous date (both groups <= 12) day-first', () => {
    const expiry = readExpireAt('01/12/2026 00:00:00', {
      sentAtMs: utc('2026-11-30T12:00:00Z'),
      timeZone: 'UTC',
    });
    expect(expiry).toEqual({
      kind: 'known',
      atMs: utc('2026-12-01T00:00:00Z'),
      order: 'day-first',
    });
  });

  it('reads month/day when the second group is above 12 (it can only be a day)', () => {
    expect(readExpireAt('11/22/2026 09:15:00', ctx)).toEqual({
      kind: 'known',
      atMs: utc('2026-11-22T09:15:00Z'),
      order: 'month-first',
    });
  });

  it('allows surrounding whitespace only', () => {
    expect(readExpireAt('  22/11/2026 09:15:00\n', ctx).kind).toBe('known');
    expectUnknown(readExpireAt('22/11/2026  09:15:00', ctx), /not in the form/);
    expectUnknown(readExpireAt('22/11/2026T09:15:00', ctx), /not in the form/);
  });

  it.each([
    ['31/02/2026 10:00:00', /not a real date/],
    ['29/02/2026 10:00:00', /not a real date/],
    ['00/11/2026 10:00:00', /not a real date/],
    ['22/00/2026 10:00:00', /not a real date/],
    ['13/13/2026 10:00:00', /no valid month/],
    ['22/11/2026 24:00:00', /not a real time/],
    ['22/11/2026 09:60:00', /not a real time/],
    ['22/11/2026 09:15:60', /not a real time/],
    ['2026-11-22 09:15:00', /not in the form/],
    ['22/11/26 09:15:00', /not in the form/],
    ['2/11/2026 09:15:00', /not in the form/],
    ['22/11/2026 9:15:00', /not in the form/],
    ['22/11/2026', /not in the form/],
    ['', /not in the form/],
  ])('%j is unknown (%s)', (raw, words) => {
    const expiry = expectUnknown(readExpireAt(raw, ctx), words);
    expect(expiry.raw).toBe(raw);
  });

  it('accepts 29 February in a leap year', () => {
    const expiry = readExpireAt('29/02/2028 10:00:00', {
      sentAtMs: utc('2028-02-29T09:00:00Z'),
      timeZone: 'UTC',
    });
    expect(expectKnown(expiry).atMs).toBe(utc('2028-02-29T10:00:00Z'));
  });

  it('never throws on garbage, and keeps the raw text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 60 }),
        fc.string({ maxLength: 30 }),
        (raw, zone) => {
          const expiry = readExpireAt(raw, { sentAtMs: 0, timeZone: zone });
          if (expiry.kind === 'unknown') {
            expect(expiry.raw).toBe(raw);
            expect(expiry.reason.length).toBeGreaterThan(0);
          }
        },
      ),
    );
    expect(readExpireAt(undefined as unknown as string, ctx).kind).toBe('unknown');
    expect(
      readExpireAt('22/11/2026 09:15:00', { sentAtMs: Number.NaN, timeZone: 'UTC' }).kind,
    ).toBe('unknown');
  });

  it('property: text near the shape (digits and separators) is unknown or a real instant, never a throw', () => {
    const nearShape = fc
      .array(fc.constantFrom(...'0123456789/: '.split('')), { minLength: 10, maxLength: 25 })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(nearShape, (raw) => {
        const expiry = readExpireAt(raw, ctx);
        if (expiry.kind === 'known') expect(Number.isFinite(expiry.atMs)).toBe(true);
      }),
    );
  });
});

describe('readExpireAt: plausibility', () => {
  const sentAtMs = utc('2026-11-22T09:00:00Z');
  const ctx = { sentAtMs, timeZone: 'UTC' };

  it('is unknown when not after the moment the request was sent', () => {
    expectUnknown(
      readExpireAt('22/11/2026 09:00:00', ctx),
      /not after the payment link was requested/,
    );
    expectUnknown(readExpireAt('22/11/2026 08:59:59', ctx), /time zone setting \(UTC\)/);
    expect(readExpireAt('22/11/2026 09:00:01', ctx).kind).toBe('known');
  });

  it('is unknown when more than 24 hours ahead', () => {
    expect(readExpireAt('23/11/2026 09:00:00', ctx).kind).toBe('known');
    expectUnknown(readExpireAt('23/11/2026 09:00:01', ctx), /more than 24 hours ahead/);
    expectUnknown(readExpireAt('22/11/2027 09:15:00', ctx), /more than 24 hours/);
  });

  it('a month/day text with a day <= 12 is read month-first when only that reading is plausible', () => {
    // Service wrote 3 December month-first ("12/03"); read day-first it is 12 March, months ago.
    const expiry = expectKnown(
      readExpireAt('12/03/2026 09:15:00', {
        sentAtMs: utc('2026-12-03T09:00:00Z'),
        timeZone: 'UTC',
      }),
    );
    expect(expiry).toEqual({
      kind: 'known',
      atMs: utc('2026-12-03T09:15:00Z'),
      order: 'month-first',
    });
  });

  it('a text implausible in both readings keeps the day-first reason', () => {
    const expiry = readExpireAt('12/03/2026 09:15:00', {
      sentAtMs: utc('2026-06-01T09:00:00Z'),
      timeZone: 'UTC',
    });
    expectUnknown(expiry, /not after/);
  });

  it('a wrong time zone setting shows up as unknown rather than a wrong countdown', () => {
    // The service writes New York time; the setting says Asia/Tokyo (14 h ahead): 14 h "in the past".
    const atMs = utc('2026-11-22T09:15:00Z');
    const raw = serviceText(atMs, 'America/New_York', 'day-first');
    expectUnknown(readExpireAt(raw, { sentAtMs, timeZone: 'Asia/Tokyo' }), /time zone/);
  });
});

describe('readExpireAt: time zones', () => {
  it.each([
    ['Europe/Berlin', '15/07/2026 12:00:00', '2026-07-15T10:00:00Z'],
    ['Europe/Berlin', '15/01/2026 12:00:00', '2026-01-15T11:00:00Z'],
    ['America/New_York', '20/01/2026 12:00:00', '2026-01-20T17:00:00Z'],
    ['America/New_York', '20/07/2026 12:00:00', '2026-07-20T16:00:00Z'],
    ['Asia/Kolkata', '22/11/2026 12:00:00', '2026-11-22T06:30:00Z'],
    ['Asia/Kathmandu', '22/11/2026 12:00:00', '2026-11-22T06:15:00Z'],
    ['Pacific/Chatham', '22/11/2026 12:00:00', '2026-11-21T22:15:00Z'],
    ['UTC', '22/11/2026 12:00:00', '2026-11-22T12:00:00Z'],
    ['Etc/GMT+5', '22/11/2026 12:00:00', '2026-11-22T17:00:00Z'],
  ])('%s: %s is %s', (timeZone, raw, iso) => {
    const atMs = utc(iso);
    expect(readExpireAt(raw, { sentAtMs: atMs - HOUR, timeZone })).toEqual({
      kind: 'known',
      atMs,
      order: 'day-first',
    });
  });

  it('Europe/Berlin spring forward: a wall time in the gap does not exist and is unknown', () => {
    // 29 March 2026: clocks go 02:00 -> 03:00.
    const sentAtMs = utc('2026-03-29T00:00:00Z');
    expectUnknown(
      readExpireAt('29/03/2026 02:30:00', { sentAtMs, timeZone: 'Europe/Berlin' }),
      /does not exist/,
    );
    expect(
      expectKnown(readExpireAt('29/03/2026 03:00:00', { sentAtMs, timeZone: 'Europe/Berlin' }))
        .atMs,
    ).toBe(utc('2026-03-29T01:00:00Z'));
    expect(
      expectKnown(readExpireAt('29/03/2026 01:59:59', { sentAtMs, timeZone: 'Europe/Berlin' }))
        .atMs,
    ).toBe(utc('2026-03-29T00:59:59Z'));
  });

  it('Europe/Berlin fall back: a wall time in the overlap takes the earlier instant', () => {
    // 25 October 2026: 02:00-03:00 happens twice (CEST 00:00-01:00 UTC, then CET 01:00-02:00 UTC).
    const sentAtMs = utc('2026-10-24T23:00:00Z');
    expect(
      expectKnown(readExpireAt('25/10/2026 02:30:00', { sentAtMs, timeZone: 'Europe/Berlin' }))
        .atMs,
    ).toBe(utc('2026-10-25T00:30:00Z'));
    expect(
      expectKnown(readExpireAt('25/10/2026 03:30:00', { sentAtMs, timeZone: 'Europe/Berlin' }))
        .atMs,
    ).toBe(utc('2026-10-25T02:30:00Z'));
  });

  it('America/New_York: gap on 8 March 2026, overlap on 1 November 2026', () => {
    expectUnknown(
      readExpireAt('08/03/2026 02:30:00', {
        sentAtMs: utc('2026-03-08T05:00:00Z'),
        timeZone: 'America/New_York',
      }),
      /does not exist/,
    );
    expect(
      expectKnown(
        readExpireAt('08/03/2026 03:30:00', {
          sentAtMs: utc('2026-03-08T05:00:00Z'),
          timeZone: 'America/New_York',
        }),
      ).atMs,
    ).toBe(utc('2026-03-08T07:30:00Z'));
    expect(
      expectKnown(
        readExpireAt('01/11/2026 01:30:00', {
          sentAtMs: utc('2026-11-01T03:00:00Z'),
          timeZone: 'America/New_York',
        }),
      ).atMs,
    ).toBe(utc('2026-11-01T05:30:00Z'));
  });

  it('an unknown time zone setting is unknown with a reason, never a throw', () => {
    const ctx = (timeZone: string) => ({ sentAtMs: utc('2026-11-22T09:00:00Z'), timeZone });
    expectUnknown(
      readExpireAt('22/11/2026 09:15:00', ctx('Mars/Olympus_Mons')),
      /"Mars\/Olympus_Mons" is not a known time zone/,
    );
    expectUnknown(readExpireAt('22/11/2026 09:15:00', ctx('')), /not a known time zone/);
    expectUnknown(
      readExpireAt('22/11/2026 09:15:00', ctx(undefined as unknown as string)),
      /not a known time zone/,
    );
  });

  const zones = Intl.supportedValuesOf('timeZone');
  const instant = fc
    .integer({ min: utc('2000-01-01T00:00:00Z') / 1000, max: utc('2037-12-31T00:00:00Z') / 1000 })
    .map((s) => s * 1000);

  it('property: an instant formatted in any zone, day-first, reads back as the same instant', () => {
    fc.assert(
      fc.property(
        instant,
        fc.constantFrom(...zones),
        fc.integer({ min: 3 * HOUR, max: 21 * HOUR }),
        (atMs, timeZone, lead) => {
          const raw = serviceText(atMs, timeZone, 'day-first');
          const expiry = expectKnown(readExpireAt(raw, { sentAtMs: atMs - lead, timeZone }));
          expect(expiry.order).toBe('day-first');
          // Same wall time; equal unless the wall time occurs twice (autumn overlap), then the earlier one.
          expect(serviceText(expiry.atMs, timeZone, 'day-first')).toBe(raw);
          expect(expiry.atMs).toBeLessThanOrEqual(atMs);
          expect(atMs - expiry.atMs).toBeLessThanOrEqual(3 * HOUR);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: month-first text always reads back as the instant it was written', () => {
    fc.assert(
      fc.property(
        instant,
        fc.constantFrom(...zones),
        fc.integer({ min: 3 * HOUR, max: 21 * HOUR }),
        (atMs, timeZone, lead) => {
          const raw = serviceText(atMs, timeZone, 'month-first');
          const [month, day] = raw.split('/').map(Number) as [number, number];
          const expiry = readExpireAt(raw, { sentAtMs: atMs - lead, timeZone });
          const known = expectKnown(expiry);
          // Day equal to month reads the same either way; otherwise only month-first fits.
          if (day !== month) expect(known.order).toBe('month-first');
          expect(serviceText(known.atMs, timeZone, 'month-first')).toBe(raw);
          expect(atMs - known.atMs).toBeGreaterThanOrEqual(0);
          expect(atMs - known.atMs).toBeLessThanOrEqual(3 * HOUR);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: a day-first text outside (sentAt, sentAt + 24 h] is never read as its own instant', () => {
    fc.assert(
      fc.property(
        instant,
        fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe'),
        fc.oneof(
          fc.integer({ min: -30 * 24 * HOUR, max: 0 }),
          fc.integer({ min: 24 * HOUR + 1000, max: 400 * 24 * HOUR }),
        ),
        (atMs, timeZone, ahead) => {
          const raw = serviceText(atMs, timeZone, 'day-first');
          const sentAtMs = atMs - ahead;
          const expiry = readExpireAt(raw, { sentAtMs, timeZone });
          const [day, month] = raw.split('/').map(Number) as [number, number];
          if (day > 12 || day === month) {
            // No other reading exists: unknown.
            expectUnknown(expiry);
          } else if (expiry.kind === 'known') {
            // Only the swapped month/day reading may fit, and then only inside the window.
            expect(expiry.order).toBe('month-first');
            expect(expiry.atMs).toBeGreaterThan(sentAtMs);
            expect(expiry.atMs - sentAtMs).toBeLessThanOrEqual(24 * HOUR);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('readExpireAt: junk around the text, limits at their edge, each reason in its words', () => {
  const sentAtMs = utc('2026-11-22T09:00:00Z');
  const ctx = { sentAtMs, timeZone: 'UTC' };

  it.each([
    ['a 12-hour clock suffix', '22/11/2026 10:00:00 PM'],
    ['a UTC offset', '22/11/2026 10:00:00+02:00'],
    ['a "Z"', '22/11/2026 10:00:00Z'],
    ['milliseconds', '22/11/2026 10:00:00.500'],
    ['a third digit of seconds', '22/11/2026 10:00:001'],
    ['a weekday', 'Sun 22/11/2026 10:00:00'],
    ['a third digit of day', '122/11/2026 10:00:00'],
    ['a letter', 'x22/11/2026 10:00:00'],
  ])('does not read a date with %s before or after it', (_name, raw) => {
    expect(readExpireAt(raw, ctx)).toEqual({
      kind: 'unknown',
      reason: `The expiry time "${raw}" is not in the form DD/MM/YYYY HH:MM:SS.`,
      raw,
    });
  });

  it('reads the last second of the day, minute and hour', () => {
    expect(readExpireAt('22/11/2026 23:59:59', ctx)).toEqual({
      kind: 'known',
      atMs: utc('2026-11-22T23:59:59Z'),
      order: 'day-first',
    });
    expectUnknown(readExpireAt('22/11/2026 23:59:60', ctx), /not a real time of day/);
    expectUnknown(readExpireAt('22/11/2026 23:60:59', ctx), /not a real time of day/);
    expectUnknown(readExpireAt('22/11/2026 24:59:59', ctx), /not a real time of day/);
  });

  it('reads the last day of a month and not the day after', () => {
    const endOfNovember = { sentAtMs: utc('2026-11-30T09:00:00Z'), timeZone: 'UTC' };
    expect(readExpireAt('30/11/2026 10:00:00', endOfNovember)).toEqual({
      kind: 'known',
      atMs: utc('2026-11-30T10:00:00Z'),
      order: 'day-first',
    });
    expectUnknown(readExpireAt('31/11/2026 10:00:00', endOfNovember), /is not a real date/);
  });

  it('treats 12 as a month in either place and 13 as a month in neither', () => {
    const december = { sentAtMs: utc('2026-12-12T09:00:00Z'), timeZone: 'UTC' };
    expect(readExpireAt('12/12/2026 10:00:00', december).kind).toBe('known');
    expect(
      readExpireAt('13/12/2026 10:00:00', { ...december, sentAtMs: utc('2026-12-13T09:00:00Z') }),
    ).toMatchObject({ kind: 'known', order: 'day-first' });
    expect(
      readExpireAt('12/13/2026 10:00:00', { ...december, sentAtMs: utc('2026-12-13T09:00:00Z') }),
    ).toMatchObject({ kind: 'known', order: 'month-first' });
    expect(readExpireAt('13/13/2026 10:00:00', december)).toEqual({
      kind: 'unknown',
      reason: 'The expiry date "13/13/2026 10:00:00" has no valid month.',
      raw: '13/13/2026 10:00:00',
    });
  });

  it('reports the month/day reading when the second group can only be a day (above 12)', () => {
    // Day-first "05/13" has no month 13; month-first is 13 May, long before the request.
    expectUnknown(
      readExpireAt('05/13/2026 09:15:00', {
        sentAtMs: utc('2026-06-01T09:00:00Z'),
        timeZone: 'UTC',
      }),
      /"05\/13\/2026 09:15:00" is not after the payment link was requested/,
    );
  });

  it('reports the day/month reading when the second group is 12 (it can be a month)', () => {
    // Day-first is 5 December, months ahead; month-first is 12 May, before the request.
    expectUnknown(
      readExpireAt('05/12/2026 09:15:00', {
        sentAtMs: utc('2026-06-01T09:00:00Z'),
        timeZone: 'UTC',
      }),
      /"05\/12\/2026 09:15:00" is more than 24 hours ahead/,
    );
  });

  it('answers a missing expiry time and a missing send time in their own words', () => {
    expect(readExpireAt(undefined as unknown as string, ctx)).toEqual({
      kind: 'unknown',
      reason: 'The service sent no expiry time.',
      raw: '',
    });
    expect(readExpireAt(1_790_000_000 as unknown as string, ctx)).toEqual({
      kind: 'unknown',
      reason: 'The service sent no expiry time.',
      raw: '',
    });
    for (const missing of [Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(readExpireAt('22/11/2026 09:15:00', { sentAtMs: missing, timeZone: 'UTC' })).toEqual({
        kind: 'unknown',
        reason: 'The expiry cannot be checked: the send time is missing.',
        raw: '22/11/2026 09:15:00',
      });
    }
  });

  it('quotes the text without its surrounding whitespace, whole up to 40 characters', () => {
    expect(readExpireAt(' \t22/11/2026 24:00:00\n', ctx)).toEqual({
      kind: 'unknown',
      reason: 'The expiry time "22/11/2026 24:00:00" is not a real time of day.',
      raw: ' \t22/11/2026 24:00:00\n',
    });
    const forty = 'x'.repeat(40);
    expect(readExpireAt(`  ${forty}  `, ctx)).toMatchObject({
      reason: `The expiry time "${forty}" is not in the form DD/MM/YYYY HH:MM:SS.`,
    });
    expect(readExpireAt(`${'x'.repeat(39)}`, ctx)).toMatchObject({
      reason: `The expiry time "${'x'.repeat(39)}" is not in the form DD/MM/YYYY HH:MM:SS.`,
    });
    expect(readExpireAt(`${forty}y`, ctx)).toMatchObject({
      reason: `The expiry time "${forty}…" is not in the form DD/MM/YYYY HH:MM:SS.`,
    });
  });
});
