import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvTimestamps } from '../../../electron/reports/csv-timestamps';
import { localTimestamp } from '../../../electron/reports/local-timestamp';

/** Zones with DST both ways, half and quarter hours, a 30-minute DST (Lord Howe), none at all. */
const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'America/St_Johns',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Europe/Dublin',
  'Africa/Casablanca',
  'America/Santiago',
  'Pacific/Kiritimati',
  'Etc/GMT+12',
];

const YEAR_2000 = Date.UTC(2000, 0, 1);
const YEAR_2040 = Date.UTC(2040, 0, 1);

describe('csvTimestamps', () => {
  it('writes what Date and localTimestamp write, one formatter over many times (its kept offsets)', () => {
    for (const zone of ZONES) {
      const times = csvTimestamps(zone);
      fc.assert(
        fc.property(
          fc.oneof(
            fc.integer({ min: YEAR_2000, max: YEAR_2040 }),
            fc.integer({ min: 0, max: Date.UTC(9999, 11, 31) }),
          ),
          (atMs) => {
            expect(times.local(atMs)).toBe(localTimestamp(atMs, zone));
            expect(times.utc(atMs)).toBe(new Date(atMs).toISOString());
          },
        ),
        { numRuns: 300 },
      );
    }
  });

  it('is exact second by second across DST changes (the hours with a change in them)', () => {
    const changes: [string, number][] = [
      ['Europe/Berlin', Date.UTC(2026, 2, 29, 1)],
      ['Europe/Berlin', Date.UTC(2026, 9, 25, 1)],
      ['America/New_York', Date.UTC(2026, 2, 8, 7)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 15)],
      ['Pacific/Chatham', Date.UTC(2026, 3, 4, 14)],
      // Changes in the middle of a UTC hour: that hour's offset is not kept.
      ['America/St_Johns', Date.UTC(2026, 2, 8, 5, 30)],
      ['Australia/Lord_Howe', Date.UTC(2026, 9, 3, 15, 30)],
    ];
    for (const [zone, changeMs] of changes) {
      const times = csvTimestamps(zone);
      for (let atMs = changeMs - 2 * 3_600_000; atMs < changeMs + 2 * 3_600_000; atMs += 7_001)
        expect(times.local(atMs), `${zone} ${atMs}`).toBe(localTimestamp(atMs, zone));
    }
  });

  it('falls back to Date and localTimestamp outside the years 1970-9999', () => {
    const times = csvTimestamps('Europe/Berlin');
    for (const atMs of [-1, -86_400_000 * 400, Date.UTC(10_000, 0, 1)]) {
      expect(times.utc(atMs)).toBe(new Date(atMs).toISOString());
      expect(times.local(atMs)).toBe(localTimestamp(atMs, 'Europe/Berlin'));
    }
  });
});
