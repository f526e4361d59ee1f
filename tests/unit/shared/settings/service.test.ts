import { describe, expect, it } from 'vitest';
import { settingSchemas } from '../../../../shared/settings';
import { serviceSettings } from '../../../../shared/settings/service';
import {
  accept,
  acceptEach,
  expectAtMost,
  expectDefaults,
  expectRange,
  expectTrueOrFalse,
  itRefusesEach,
  refuse,
  refuseEach,
  repeating,
} from './setting-checks';

// shared/settings/service.ts, one key at a time: what passes (and how it comes back), what is
// refused and in which words, every limit at N-1, N and N+1, junk on either side of every
// anchored pattern.

describe('the service settings', () => {
  it('default to demo mode: no address or serial, UTC, the sample AID, a 2 s read, any wallet host', () => {
    expectDefaults(
      serviceSettings,
      {
        serviceBaseUrl: '',
        serialNumber: '',
        serviceTimeZone: 'UTC',
        nfcAid: 'F0504F533235',
        nfcReadDeadlineMs: 2000,
        demoModeAllowed: true,
        allowedWalletHosts: [],
      },
      { reportTimeZone: 'Europe/Berlin' },
    );
  });
});

describe('serviceBaseUrl', () => {
  const tooLong = 'The service address is too long.';
  /** A good address of exactly `length` characters. */
  const urlOfLength = (length: number) => {
    const head = 'https://pay.example.com/';
    const tail = '/v1/cf-payment';
    const url = `${head}${'a'.repeat(length - head.length - tail.length)}${tail}`;
    expect(url).toHaveLength(length);
    return url;
  };

  it('is empty (demo mode) or a base URL, normalised', () => {
    accept('serviceBaseUrl', '');
    accept(
      'serviceBaseUrl',
      'HTTPS://Pay.Example.com:443/v1/cf-payment/',
      'https://pay.example.com/v1/cf-payment',
    );
    accept('serviceBaseUrl', 'https://pay.example.com/v1/cf-payment');
    accept(
      'serviceBaseUrl',
      ' https://pay.example.com/v1/cf-payment ',
      'https://pay.example.com/v1/cf-payment',
    );
  });

  it("refuses what normaliseBaseUrl refuses, in normaliseBaseUrl's words", () => {
    refuse(
      'serviceBaseUrl',
      'http://pay.example.com/v1/cf-payment',
      'The service address must use https:// (plain http is only allowed for this computer).',
    );
    refuse(
      'serviceBaseUrl',
      'https://pay.example.com/other',
      'The service address must end with /v1/cf-payment.',
    );
    refuse('serviceBaseUrl', ' ', 'The service address is empty.');
    refuse('serviceBaseUrl', 42, 'Invalid input: expected string, received number');
  });

  it("reports normaliseBaseUrl's refusal as a custom issue of the setting itself", () => {
    const parsed = settingSchemas.serviceBaseUrl.safeParse('ftp://pay.example.com/v1/cf-payment');
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        code: 'custom',
        path: [],
        message: 'The service address must start with https://.',
      }),
    ]);
  });

  // Equivalent mutant: ConditionalExpression `false` in `const check = value === '' ? undefined : normaliseBaseUrl(value);`: normalising '' too changes nothing, as normaliseBaseUrl('') refuses it ("empty") and the overwrite then keeps '' as it was.
  // Equivalent mutant: StringLiteral `"Stryker was here!"` in `const check = value === '' ? undefined : normaliseBaseUrl(value);`: the overwrite then hands '' to normaliseBaseUrl, which refuses it ("empty"), so '' is kept as it was.

  it('takes 1,999 and 2,000 characters and refuses 2,001, in both checks words', () => {
    expectAtMost('serviceBaseUrl', 2000, urlOfLength, `${tooLong} ${tooLong}`);
  });
});

describe('serialNumber', () => {
  const tooLong = 'The serial number must be at most 64 characters.';
  const notPrintable =
    'The serial number may only hold printable ASCII characters, without spaces at either end.';

  it('takes 63 and 64 characters and refuses 65', () => {
    expectAtMost('serialNumber', 64, repeating('x'), tooLong);
  });

  it('refuses spaces at either end and control characters, saying why', () => {
    accept('serialNumber', 'TILL 0042');
    refuseEach('serialNumber', [' TILL', 'TILL ', 'TILL\n42'], notPrintable);
    refuse('serialNumber', ` ${'x'.repeat(64)}`, `${tooLong} ${notPrintable}`);
  });
});

describe('serviceTimeZone', () => {
  it('is an IANA zone Intl knows, refused in words that name this setting', () => {
    accept('serviceTimeZone', 'Europe/Berlin');
    refuse(
      'serviceTimeZone',
      'Mars/Olympus',
      'The service time zone must be an IANA time zone such as "Europe/Berlin" or "UTC".',
    );
  });
});

describe('nfcAid', () => {
  const notHex =
    'The NFC AID must be 5 to 16 bytes written in hex (10 to 32 hex digits), e.g. "F0504F533235".';

  it('upper-cases the hex digits', () => {
    accept('nfcAid', 'f0504f533235', 'F0504F533235');
    accept('nfcAid', 'abcdef0123', 'ABCDEF0123');
  });

  it('takes 5 and 16 bytes and refuses 4 and 17', () => {
    expectRange('nfcAid', { min: 5, max: 16 }, notHex, repeating('A0'));
  });

  it('takes every hex digit, from 0 to 9 and A to F', () => {
    acceptEach('nfcAid', ['0123456789', 'ABCDEF0000', '9999999999', 'FFFFFFFFFF']);
  });

  it('refuses whole bytes only: an odd number of digits is not an AID', () => {
    refuseEach('nfcAid', ['F0504F53323', 'F0504F5332350'], notHex);
  });

  itRefusesEach('nfcAid', notHex, [
    ['a letter after F', 'G0504F533235'],
    ['a letter after F at the end', 'F0504F53323G'],
    ['junk before', '-F0504F533235'],
    ['junk after', 'F0504F533235-'],
    ['spaces between the bytes', 'F0 50 4F 53 32 35'],
    ['a 0x prefix', '0xF0504F5332'],
    ['nothing', ''],
  ]);

  it('refuses a number', () => {
    refuse('nfcAid', 5, 'Invalid input: expected string, received number');
  });
});

describe('nfcReadDeadlineMs', () => {
  it('takes 500 ms to 10 s, each bound refused in its own words', () => {
    expectRange(
      'nfcReadDeadlineMs',
      { min: 500, usual: 2000, max: 10_000 },
      {
        below: 'The NFC read deadline must be at least 500 milliseconds.',
        above: 'The NFC read deadline must be at most 10,000 milliseconds.',
      },
    );
  });

  it('refuses what is not a whole number of milliseconds, saying which', () => {
    refuse(
      'nfcReadDeadlineMs',
      2000.5,
      'The NFC read deadline must be a whole number of milliseconds.',
    );
    refuseEach(
      'nfcReadDeadlineMs',
      ['2000', null, Number.NaN],
      'The NFC read deadline must be a number of milliseconds.',
    );
  });

  it('is set by IT only', () => {
    expect(serviceSettings.nfcReadDeadlineMs.itOnly).toBe(true);
  });
});

describe('demoModeAllowed', () => {
  it('is true or false, nothing that looks like it', () => {
    expectTrueOrFalse('demoModeAllowed', 'Demo mode allowed must be true or false.', ['false', 0]);
  });
});

describe('allowedWalletHosts', () => {
  const notHost =
    'An allowed wallet host must be a host name, optionally with a port ("pay.example.com" or "pay.example.com:8443").';
  const label63 = 'a'.repeat(63);
  /** The list of this one host. */
  const alone = (host: string) => [host];

  it('lower-cases each host', () => {
    accept(
      'allowedWalletHosts',
      ['Pay.Example.COM', 'WALLET.example:8443', '[FE80::1]'],
      ['pay.example.com', 'wallet.example:8443', '[fe80::1]'],
    );
  });

  it('takes host names of one label or many, with letters, digits and inner hyphens', () => {
    accept('allowedWalletHosts', [
      'localhost',
      'a',
      '0',
      'z9',
      'pay.example.com',
      'a.b.c.d.e',
      'pay-1.wallet-2.example',
      '9pay.0wallet.z',
      'a--z.example',
      '10.0.0.7',
    ]);
  });

  it('takes labels of 1, 62 and 63 characters and refuses 64, in the first label and the next', () => {
    accept('allowedWalletHosts', [
      'a',
      `${'a'.repeat(62)}.example`,
      `${label63}.example`,
      `pay.${label63}`,
      `pay.${label63}.${label63}`,
      `z${'-'.repeat(61)}9.example`,
    ]);
    refuseEach(
      'allowedWalletHosts',
      [`${'a'.repeat(64)}.example`, `pay.${'a'.repeat(64)}`, `a${'-'.repeat(62)}a`],
      `${notHost} (at 0)`,
      alone,
    );
  });

  itRefusesEach(
    'allowedWalletHosts',
    `${notHost} (at 1)`,
    [
      ['a hyphen at the start of a label', '-pay.example.com'],
      ['a hyphen at the end of a label', 'pay-.example.com'],
      ['a hyphen at the end of a later label', 'pay.example-'],
      ['a hyphen at the start of a later label', 'pay.-example'],
      ['an empty label', 'pay..example.com'],
      ['a leading dot', '.pay.example.com'],
      ['a trailing dot', 'pay.example.com.'],
      ['a scheme', 'https://pay.example.com'],
      ['a path', 'pay.example.com/path'],
      ['a user name', 'user@pay.example.com'],
      ['junk before', '_pay.example.com'],
      ['junk after', 'pay.example.com_'],
      ['junk after a port', 'pay.example.com:8443_'],
      ['junk inside a label', 'pay_x.example.com'],
      ['junk inside a later label', 'pay.ex_ample.com'],
      ['a space', 'pay example.com'],
      ['a non-ASCII letter', 'wället.example'],
      ['nothing', ''],
    ],
    { within: (host) => ['pay.example.com', host] },
  );

  it('takes a port of 1 to 5 digits and refuses an empty, a sixth digit or a non-digit', () => {
    accept('allowedWalletHosts', ['pay.example.com:1', 'pay.example.com:8443', 'pay:65535']);
    accept('allowedWalletHosts', ['pay.example.com:0', 'pay.example.com:99999']);
    refuseEach(
      'allowedWalletHosts',
      [
        'pay.example.com:',
        'pay.example.com:123456',
        'pay.example.com:84a3',
        'pay.example.com:a',
        'pay.example.com::8443',
      ],
      `${notHost} (at 0)`,
      alone,
    );
  });

  it('takes an IP literal in brackets, with or without a port', () => {
    accept('allowedWalletHosts', [
      '[::1]',
      '[::1]:9000',
      '[2001:db8::a:f]',
      '[::ffff:10.0.0.9]',
      '[0123:4567:89ab:cdef::]',
    ]);
  });

  itRefusesEach(
    'allowedWalletHosts',
    `${notHost} (at 0)`,
    [
      ['empty brackets', '[]'],
      ['an unbracketed IPv6 address', '::1'],
      ['a letter after f in brackets', '[fe80::g]'],
      ['a zone in brackets', '[fe80::1%eth0]'],
      ['junk before the brackets', 'x[::1]'],
      ['junk after the brackets', '[::1]x'],
      ['no closing bracket', '[::1'],
      ['no opening bracket', '::1]'],
      ['a host name in brackets', '[pay.example.com]'],
    ],
    { within: alone },
  );

  it('takes hosts of 260 characters and refuses 261, for their length', () => {
    const host260 = `${[label63, label63, label63, label63].join('.')}:8443`;
    expect(host260).toHaveLength(260);
    accept('allowedWalletHosts', [host260]);
    accept('allowedWalletHosts', [host260.slice(0, -1)]);
    refuse(
      'allowedWalletHosts',
      [`${host260}0`],
      'An allowed wallet host must be at most 260 characters. (at 0)',
    );
  });

  it('takes 31 and 32 hosts and refuses 33', () => {
    const hosts = (count: number) => Array.from({ length: count }, (_, i) => `h${i}.example`);
    accept('allowedWalletHosts', []);
    expectAtMost('allowedWalletHosts', 32, hosts, 'At most 32 allowed wallet hosts may be listed.');
  });

  it('refuses anything but a list of text', () => {
    refuse(
      'allowedWalletHosts',
      'pay.example.com',
      'Invalid input: expected array, received string',
    );
    refuse('allowedWalletHosts', [8443], 'Invalid input: expected string, received number (at 0)');
  });
});
