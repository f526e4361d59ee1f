import { describe, expect, it } from 'vitest';
import { isKnownTimeZone, timeZoneSchema } from '../../../../shared/settings/time-zones';

// shared/settings/time-zones.ts: a zone setting holds a name Intl knows, written only in the
// characters IANA names use, at most 64 of them.

describe('isKnownTimeZone', () => {
  it.each([
    'UTC',
    'Europe/Berlin',
    'America/Argentina/Buenos_Aires',
    'America/Port-au-Prince',
    'Etc/GMT+10',
    'Etc/GMT-14',
    'EST5EDT',
    'GMT',
  ])('knows %s', (zone) => {
    expect(isKnownTimeZone(zone)).toBe(true);
  });

  it.each([
    ['a zone nobody has', 'Mars/Olympus'],
    ['nothing', ''],
    ['junk before', ' UTC'],
    ['junk after', 'UTC '],
    ['a command after', 'Europe/Berlin; rm -rf'],
    ['65 characters', 'x'.repeat(65)],
  ])('refuses %s', (_name, zone) => {
    expect(isKnownTimeZone(zone)).toBe(false);
  });

  it('refuses an offset with a colon, which Intl would take, for its characters', () => {
    // Intl reads "+01:00" as a zone; the pattern of IANA names holds no ":", before or after.
    expect(
      new Intl.DateTimeFormat('en-US', { timeZone: '+01:00' }).resolvedOptions().timeZone,
    ).toBe('+01:00');
    expect(isKnownTimeZone('+01:00')).toBe(false);
    expect(isKnownTimeZone('-05:30')).toBe(false);
  });

  it('never throws, whatever it is handed', () => {
    for (const value of [undefined, null, 42, {}, ['UTC'], Symbol('UTC')]) {
      expect(isKnownTimeZone(value as unknown as string)).toBe(false);
    }
  });
});

describe('timeZoneSchema', () => {
  const schema = timeZoneSchema('The shop zone');

  it('takes a zone Intl knows, as written', () => {
    expect(schema.parse('Europe/Berlin')).toBe('Europe/Berlin');
    expect(schema.parse('UTC')).toBe('UTC');
  });

  it('refuses any other text, in words that name the setting', () => {
    expect(schema.safeParse('Mars/Olympus').error?.issues).toEqual([
      expect.objectContaining({
        message: 'The shop zone must be an IANA time zone such as "Europe/Berlin" or "UTC".',
      }),
    ]);
    expect(schema.safeParse(7).error?.issues).toEqual([
      expect.objectContaining({ message: 'Invalid input: expected string, received number' }),
    ]);
  });
});
