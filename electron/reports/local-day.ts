/**
 * Kept only so files owned elsewhere (electron/app/app-services.ts, electron/app/journal-handlers.ts,
 * tests/bench/journal.bench.ts) still build while they move to shared/time-zone (zone
 * arithmetic) and ./report-period (report periods). Delete once nothing imports it.
 */
export { nextDate } from '../../shared/calendar-date';
export { localDateOf, isValidTimeZone, startOfLocalDay } from '../../shared/time-zone';
export { periodOfDays, todayPeriod, type Period } from './report-period';
