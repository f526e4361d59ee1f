import { describe, expect, it } from 'vitest';
import { checkSetting, defaultSettings, type SettingKey } from '../../../../shared/settings';
import { displaySettings } from '../../../../shared/settings/display';

// shared/settings/display.ts, one key at a time: what passes, what is refused and in which
// words, every limit at N-1, N and N+1.

const accept = (key: SettingKey, value: unknown, normalised: unknown = value) =>
  expect(checkSetting(key, value), JSON.stringify(value)).toEqual({ ok: true, value: normalised });
/** Refused with exactly these words (the schema's sentences, one after the other). */
const refuse = (key: SettingKey, value: unknown, words: string) =>
  expect(checkSetting(key, value), JSON.stringify(value)).toEqual({
    ok: false,
    problem: `${key}: ${words}`,
  });

describe('the display settings', () => {
  it('default to sounds on at 70 at the till only, and the customer display placed by itself', () => {
    expect(Object.keys(displaySettings)).toEqual([
      'soundOn',
      'soundVolume',
      'customerDisplaySound',
      'customerDisplay',
    ]);
    const defaults = defaultSettings({ reportTimeZone: 'UTC' });
    expect({
      soundOn: defaults.soundOn,
      soundVolume: defaults.soundVolume,
      customerDisplaySound: defaults.customerDisplaySound,
      customerDisplay: defaults.customerDisplay,
    }).toEqual({
      soundOn: true,
      soundVolume: 70,
      customerDisplaySound: false,
      customerDisplay: { mode: 'auto' },
    });
  });
});

describe('soundOn and customerDisplaySound', () => {
  it('are true or false, nothing that looks like it', () => {
    for (const value of [true, false]) {
      accept('soundOn', value);
      accept('customerDisplaySound', value);
    }
    refuse('soundOn', 'true', 'Sounds on must be true or false.');
    refuse('soundOn', 1, 'Sounds on must be true or false.');
    refuse('customerDisplaySound', 'false', 'Customer display sound must be true or false.');
    refuse('customerDisplaySound', 0, 'Customer display sound must be true or false.');
  });
});

describe('soundVolume', () => {
  const range = 'The sound volume must be a number from 0 to 100.';

  it('takes 0 to 100', () => {
    for (const volume of [0, 1, 70, 99, 100]) accept('soundVolume', volume);
    refuse('soundVolume', -1, range);
    refuse('soundVolume', 101, range);
  });

  it('refuses part of a step and what is not a number, saying why', () => {
    refuse('soundVolume', 50.5, 'The sound volume must be a whole number from 0 to 100.');
    refuse('soundVolume', '70', range);
    refuse('soundVolume', null, range);
  });
});

describe('customerDisplay', () => {
  const needsId = 'The customer display mode "display" needs the id of the display to use.';

  it('is auto, display (with its id), same-screen or off', () => {
    accept('customerDisplay', { mode: 'auto' });
    accept('customerDisplay', { mode: 'display', displayId: 2779098405 });
    accept('customerDisplay', { mode: 'same-screen' });
    accept('customerDisplay', { mode: 'off' });
    refuse(
      'customerDisplay',
      { mode: 'projector' },
      'The customer display mode must be one of "auto", "display", "same-screen" or "off". (at mode)',
    );
    refuse('customerDisplay', 'auto', 'Invalid input: expected object, received string');
  });

  it('keeps an id given with another mode (only "display" reads it)', () => {
    accept('customerDisplay', { mode: 'auto', displayId: 3 });
    accept('customerDisplay', { mode: 'off', displayId: 0 });
  });

  it('needs the id with mode "display", and only then', () => {
    refuse('customerDisplay', { mode: 'display' }, needsId);
    refuse(
      'customerDisplay',
      { mode: 'display', extra: 1 },
      `Unrecognized key: "extra" ${needsId}`,
    );
    refuse('customerDisplay', { mode: 'auto', extra: true }, 'Unrecognized key: "extra"');
  });

  it('takes ids from 0 to the largest safe integer', () => {
    for (const displayId of [0, 1, Number.MAX_SAFE_INTEGER - 1, Number.MAX_SAFE_INTEGER]) {
      accept('customerDisplay', { mode: 'display', displayId });
    }
    refuse(
      'customerDisplay',
      { mode: 'display', displayId: -1 },
      'Too small: expected number to be >=0 (at displayId)',
    );
    refuse(
      'customerDisplay',
      { mode: 'display', displayId: Number.MAX_SAFE_INTEGER + 1 },
      'Too big: expected int to be <=9007199254740991 (at displayId) Too big: expected number to be <=9007199254740991 (at displayId)',
    );
    refuse(
      'customerDisplay',
      { mode: 'display', displayId: 1.5 },
      'Invalid input: expected int, received number (at displayId)',
    );
    refuse(
      'customerDisplay',
      { mode: 'display', displayId: '1' },
      'Invalid input: expected number, received string (at displayId)',
    );
  });
});
