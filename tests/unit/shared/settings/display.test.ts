import { describe, it } from 'vitest';
import { displaySettings } from '../../../../shared/settings/display';
import {
  accept,
  expectDefaults,
  expectRange,
  expectTrueOrFalse,
  refuse,
  refuseEach,
} from './setting-checks';

// shared/settings/display.ts, one key at a time: what passes, what is refused and in which
// words, every limit at N-1, N and N+1.

describe('the display settings', () => {
  it('default to sounds on at 70 at the till only, and the customer display placed by itself', () => {
    expectDefaults(displaySettings, {
      soundOn: true,
      soundVolume: 70,
      customerDisplaySound: false,
      customerDisplay: { mode: 'auto' },
    });
  });
});

describe('soundOn and customerDisplaySound', () => {
  it('are true or false, nothing that looks like it', () => {
    expectTrueOrFalse('soundOn', 'Sounds on must be true or false.', ['true', 1]);
    expectTrueOrFalse('customerDisplaySound', 'Customer display sound must be true or false.', [
      'false',
      0,
    ]);
  });
});

describe('soundVolume', () => {
  const range = 'The sound volume must be a number from 0 to 100.';

  it('takes 0 to 100', () => {
    expectRange('soundVolume', { min: 0, usual: 70, max: 100 }, range);
  });

  it('refuses part of a step and what is not a number, saying why', () => {
    refuse('soundVolume', 50.5, 'The sound volume must be a whole number from 0 to 100.');
    refuseEach('soundVolume', ['70', null], range);
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
    const withId = (displayId: unknown) => ({ mode: 'display', displayId });
    expectRange(
      'customerDisplay',
      { min: 0, max: Number.MAX_SAFE_INTEGER },
      {
        below: 'Too small: expected number to be >=0 (at displayId)',
        above:
          'Too big: expected int to be <=9007199254740991 (at displayId) Too big: expected number to be <=9007199254740991 (at displayId)',
      },
      withId,
    );
    refuse(
      'customerDisplay',
      withId(1.5),
      'Invalid input: expected int, received number (at displayId)',
    );
    refuse(
      'customerDisplay',
      withId('1'),
      'Invalid input: expected number, received string (at displayId)',
    );
  });
});
