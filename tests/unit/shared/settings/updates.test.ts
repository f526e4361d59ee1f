import { describe, it } from 'vitest';
import { updatesSettings } from '../../../../shared/settings/updates';
import {
  acceptEach,
  expectAtMost,
  expectDefaults,
  httpsAddressOfLength,
  itRefusesEach,
  refuse,
  refuseEach,
} from './setting-checks';

// shared/settings/updates.ts, one key at a time: what passes, what is refused and in which
// words, every limit at N-1, N and N+1, junk on either side of every anchored pattern.

describe('the update settings', () => {
  it('default to no updates, on the latest channel', () => {
    expectDefaults(updatesSettings, { updateFeedUrl: '', updateChannel: 'latest' });
  });
});

describe('updateFeedUrl', () => {
  const bad = 'The update address must be empty (no updates) or start with https://.';

  it('is empty (no updates) or an https address', () => {
    acceptEach('updateFeedUrl', ['', 'https://updates.example.com/counter-app', 'https://!~']);
  });

  itRefusesEach('updateFeedUrl', bad, [
    ['plain http', 'http://updates.example.com/counter-app'],
    ['https:// alone', 'https://'],
    ['a space inside', 'https://updates.example.com/a b'],
    ['a control character inside', 'https://updates.example.com/\u007f'],
    ['a non-ASCII character inside', 'https://updätes.example.com'],
    ['junk before', ' https://updates.example.com'],
    ['junk after', 'https://updates.example.com\n'],
    ['an upper-case scheme', 'HTTPS://updates.example.com'],
    ['a file path', '/srv/updates'],
  ]);

  it('takes 1,999 and 2,000 characters and refuses 2,001, for their length', () => {
    expectAtMost('updateFeedUrl', 2000, httpsAddressOfLength, 'The update address is too long.');
    refuse(
      'updateFeedUrl',
      `${httpsAddressOfLength(2000)} `,
      `The update address is too long. ${bad}`,
    );
  });
});

describe('updateChannel', () => {
  it('is latest, beta or alpha', () => {
    acceptEach('updateChannel', ['latest', 'beta', 'alpha']);
    refuseEach(
      'updateChannel',
      ['nightly', 'Latest', ''],
      'The update channel must be "latest", "beta" or "alpha".',
    );
  });
});
