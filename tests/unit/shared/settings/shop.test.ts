import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../../shared/settings';
import { shopSettings } from '../../../../shared/settings/shop';
import {
  accept,
  acceptEach,
  expectAtMost,
  expectDefaults,
  itRefusesEach,
  refuse,
  refuseEach,
  repeating,
} from './setting-checks';

// shared/settings/shop.ts, one key at a time: what passes, what is refused and in which words,
// every limit at N-1, N and N+1, junk on either side of every anchored pattern.

describe('the shop settings', () => {
  it("default to no name, logo, address or tax id, and the computer's zone", () => {
    expectDefaults(
      shopSettings,
      {
        shopName: '',
        shopLogo: '',
        shopAddress: '',
        shopTaxId: '',
        reportTimeZone: 'America/Argentina/Buenos_Aires',
      },
      { reportTimeZone: 'America/Argentina/Buenos_Aires' },
    );
  });

  it('default the report zone to UTC when the computer names a zone Intl does not know', () => {
    expect(defaultSettings({ reportTimeZone: 'Mars/Olympus' }).reportTimeZone).toBe('UTC');
    expect(defaultSettings({ reportTimeZone: '' }).reportTimeZone).toBe('UTC');
    expect(defaultSettings({ reportTimeZone: 'UTC' }).reportTimeZone).toBe('UTC');
  });

  it('say in words what the report zone defaults to', () => {
    expect(shopSettings.reportTimeZone.defaultInWords).toBe("the computer's zone");
  });
});

describe('shopName', () => {
  const tooLong = 'The shop name must be at most 80 characters.';
  const control = 'The shop name must not contain control characters.';

  it('takes any script, up to 80 characters', () => {
    acceptEach('shopName', ['', 'Café Zürich – Bahnhof']);
    expectAtMost('shopName', 80, repeating('s'), tooLong);
  });

  it('refuses control and format characters, saying why', () => {
    refuseEach('shopName', ['Shop\u0000', '\nShop', 'Shop\u202eevil'], control);
    refuse('shopName', `${'s'.repeat(80)}\t`, `${tooLong} ${control}`);
  });
});

describe('shopLogo', () => {
  const bad = 'The shop logo must be empty, an https:// address, or a data:image/... base64 URL.';
  const tooBig = 'The shop logo must be at most 256 KiB.';

  it('is empty, an https address or a base64 data URL of an image', () => {
    acceptEach('shopLogo', ['', 'https://shop.example/logo.png', 'https://x', 'https://!~']);
    acceptEach(
      'shopLogo',
      ['png', 'jpeg', 'webp', 'svg+xml'],
      (type) => `data:image/${type};base64,iVBORw0KGgo=`,
    );
  });

  it('takes an https address of 1 to 2,000 characters after https://, and refuses 2,001', () => {
    expectAtMost('shopLogo', 2000, (length) => `https://${'a'.repeat(length)}`, bad);
    refuse('shopLogo', 'https://', bad);
  });

  it('takes every base64 character and up to two = of padding', () => {
    const png = (base64: string) => `data:image/png;base64,${base64}`;
    acceptEach('shopLogo', ['AZaz09+/', 'QQ', 'QQ=', 'QQ=='], png);
    refuseEach('shopLogo', ['QQ===', '', '==', 'QQ-_'], bad, png);
  });

  itRefusesEach('shopLogo', bad, [
    ['plain http', 'http://shop.example/logo.png'],
    ['an upper-case scheme', 'HTTPS://shop.example/logo.png'],
    ['a space in the address', 'https://shop.example/my logo.png'],
    ['a control character in the address', 'https://shop.example/\u007f'],
    ['junk before an address', ' https://shop.example/logo.png'],
    ['junk after an address', 'https://shop.example/logo.png\n'],
    ['junk before a data URL', ' data:image/png;base64,QQ=='],
    ['junk after a data URL', 'data:image/png;base64,QQ== '],
    ['a GIF', 'data:image/gif;base64,R0lGOD=='],
    ['an SVG written as svg', 'data:image/svg;base64,PHN2Zz4='],
    ['an image not in base64', 'data:image/png,QQ=='],
    ['a data URL of a page', 'data:text/html;base64,PGI+'],
    ['a file path', 'C:\\logo.png'],
    ['a relative address', 'logo.png'],
  ]);

  it('takes 350,000 characters and refuses 350,001, for their size', () => {
    const head = 'data:image/png;base64,';
    const ofLength = (length: number) => `${head}${'A'.repeat(length - head.length)}`;
    expectAtMost('shopLogo', 350_000, ofLength, tooBig);
    refuse('shopLogo', `${ofLength(350_001)} `, `${tooBig} ${bad}`);
  });
});

describe('shopAddress', () => {
  const bad =
    'The shop address must have at most 4 lines of at most 60 characters, without control characters.';

  it('takes up to 4 lines of up to 60 characters', () => {
    acceptEach('shopAddress', [
      'Torstraße 12\n10119 Berlin',
      Array.from({ length: 4 }, () => 'x'.repeat(60)).join('\n'),
    ]);
    refuseEach(
      'shopAddress',
      ['a\nb\nc\nd\ne', 'x'.repeat(61), 'Torstraße 12\r\n10119 Berlin'],
      bad,
    );
  });

  it('refuses more than 250 characters in both checks words', () => {
    refuse(
      'shopAddress',
      'x'.repeat(251),
      `The shop address must be at most 250 characters. ${bad}`,
    );
  });
});

describe('shopTaxId', () => {
  const tooLong = 'The tax id must be at most 40 characters.';
  const control = 'The tax id must not contain control characters.';

  it('takes up to 40 characters without control characters', () => {
    acceptEach('shopTaxId', ['', 'DE123456789']);
    expectAtMost('shopTaxId', 40, repeating('x'), tooLong);
    refuse('shopTaxId', 'DE\u0000123', control);
    refuse('shopTaxId', `\u2028${'x'.repeat(40)}`, `${tooLong} ${control}`);
  });
});

describe('reportTimeZone', () => {
  it('is an IANA zone Intl knows, refused in words that name this setting', () => {
    accept('reportTimeZone', 'Asia/Kolkata');
    refuse(
      'reportTimeZone',
      'Europe/Berlin; rm -rf',
      'The report time zone must be an IANA time zone such as "Europe/Berlin" or "UTC".',
    );
  });
});
