import { describe, expect, it } from 'vitest';
import { checkSetting, defaultSettings, type SettingKey } from '../../../../shared/settings';
import { updatesSettings } from '../../../../shared/settings/updates';

// shared/settings/updates.ts, one key at a time: what passes, what is refused and in which
// words, every limit at N-1, N and N+1, junk on either side of every anchored pattern.

const accept = (key: SettingKey, value: unknown, normalised: unknown = value) =>
  expect(checkSetting(key, value), JSON.stringify(value)).toEqual({ ok: true, value: normalised });
/** Refused with exactly these words (the schema's sentences, one after the other). */
const refuse = (key: SettingKey, value: unknown, words: string) =>
  expect(checkSetting(key, value), JSON.stringify(value)).toEqual({
    ok: false,
    problem: `${key}: ${words}`,
  });

describe('the update settings', () => {
  it('default to no updates, on the latest channel', () => {
    expect(Object.keys(updatesSettings)).toEqual(['updateFeedUrl', 'updateChannel']);
    const defaults = defaultSettings({ reportTimeZone: 'UTC' });
    expect({
      updateFeedUrl: defaults.updateFeedUrl,
      updateChannel: defaults.updateChannel,
    }).toEqual({ updateFeedUrl: '', updateChannel: 'latest' });
  });
});

describe('updateFeedUrl', () => {
  const bad = 'The update address must be empty (no updates) or start with https://.';
  const ofLength = (length: number) => `https://${'a'.repeat(length - 'https://'.length)}`;

  it('is empty (no updates) or an https address', () => {
    accept('updateFeedUrl', '');
    accept('updateFeedUrl', 'https://updates.example.com/counter-app');
    accept('updateFeedUrl', 'https://!~');
  });

  it.each([
    ['plain http', 'http://updates.example.com/counter-app'],
    ['https:// alone', 'https://'],
    ['a space inside', 'https://updates.example.com/a b'],
    ['a control character inside', 'https://updates.example.com/\u007f'],
    ['a non-ASCII character inside', 'https://updätes.example.com'],
    ['junk before', ' https://updates.example.com'],
    ['junk after', 'https://updates.example.com\n'],
    ['an upper-case scheme', 'HTTPS://updates.example.com'],
    ['a file path', '/srv/updates'],
  ])('refuses %s', (_name, value) => {
    refuse('updateFeedUrl', value, bad);
  });

  it('takes 1,999 and 2,000 characters and refuses 2,001, for their length', () => {
    accept('updateFeedUrl', ofLength(1999));
    accept('updateFeedUrl', ofLength(2000));
    refuse('updateFeedUrl', ofLength(2001), 'The update address is too long.');
    refuse('updateFeedUrl', `${ofLength(2000)} `, `The update address is too long. ${bad}`);
  });
});

describe('updateChannel', () => {
  it('is latest, beta or alpha', () => {
    for (const channel of ['latest', 'beta', 'alpha']) accept('updateChannel', channel);
    for (const channel of ['nightly', 'Latest', '']) {
      refuse('updateChannel', channel, 'The update channel must be "latest", "beta" or "alpha".');
    }
  });
});
