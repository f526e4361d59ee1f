import { describe, expect, it } from 'vitest';
import { periodOfDays, todayPeriod } from '../../../electron/reports/report-period';
import { nextDate } from '../../../shared/calendar-date';
import { isValidTimeZone, localDateOf, startOfLocalDay } from '../../../shared/time-zone';

const HOUR = 3_600_000;

describe('report periods: local days in the shop zone', () => {
  it('a UTC day is 24 h from midnight', () => {
    expect(periodOfDays('2026-11-22', '2026-11-22', 'UTC')).toEqual({
      fromMs: Date.UTC(2026, 10, 22),
      toMs: Date.UTC(2026, 10, 23),
      fromDate: '2026-11-22',
      toDate: '2026-11-22',
      timeZone: 'UTC',
    });
  });

  it('follows the zone offset', () => {
    expect(startOfLocalDay('2026-11-22', 'Europe/Berlin')).toBe(Date.UTC(2026, 10, 21, 23));
    expect(startOfLocalDay('2026-11-22', 'America/New_York')).toBe(Date.UTC(2026, 10, 22, 5));
    expect(startOfLocalDay('2026-11-22', 'Asia/Kolkata')).toBe(Date.UTC(2026, 10, 21, 18, 30));
    expect(startOfLocalDay('2026-11-22', 'Pacific/Kiritimati')).toBe(Date.UTC(2026, 10, 21, 10));
  });

  it('DST days are 23 and 25 hours long', () => {
    const spring = periodOfDays('2026-03-29', '2026-03-29', 'Europe/Berlin');
    expect(spring.toMs - spring.fromMs).toBe(23 * HOUR);
    const autumn = periodOfDays('2026-10-25', '2026-10-25', 'Europe/Berlin');
    expect(autumn.toMs - autumn.fromMs).toBe(25 * HOUR);
  });

  it('where midnight does not exist the day starts at the first local instant of it', () => {
    // Chile springs forward at 00:00 local -> 01:00 (2026-09-06).
    const start = startOfLocalDay('2026-09-06', 'America/Santiago');
    expect(localDateOf(start, 'America/Santiago')).toBe('2026-09-06');
    expect(localDateOf(start - 1000, 'America/Santiago')).toBe('2026-09-05');
  });

  it('ranges include both end days; today follows the clock', () => {
    const range = periodOfDays('2026-01-01', '2026-12-31', 'UTC');
    expect(range.toMs - range.fromMs).toBe(365 * 24 * HOUR);
    const today = todayPeriod(Date.UTC(2026, 10, 22, 23, 30), 'Europe/Berlin');
    expect(today.fromDate).toBe('2026-11-23');
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
  });

  it('refuses bad dates, reversed ranges and unknown zones', () => {
    expect(() => startOfLocalDay('2026-02-30', 'UTC')).toThrow(RangeError);
    expect(() => startOfLocalDay('22/11/2026', 'UTC')).toThrow(RangeError);
    expect(() => periodOfDays('2026-02-02', '2026-02-01', 'UTC')).toThrow(RangeError);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
  });
});
