import { describe, expect, it } from 'vitest';
import { settingSchemas } from '../../../../shared/settings';
import { printingSettings } from '../../../../shared/settings/printing';
import {
  accept,
  acceptEach,
  expectAtMost,
  expectDefaults,
  expectRange,
  itRefusesEach,
  refuse,
  refuseEach,
} from './setting-checks';

// shared/settings/printing.ts, one key at a time: what passes (and how it comes back), what is
// refused and in which words, every limit at N-1, N and N+1, junk on either side of every
// anchored pattern.

describe('the printing settings', () => {
  it('default to no footer, no printing, no printer and an 80 mm roll', () => {
    expectDefaults(printingSettings, {
      receiptFooter: '',
      receiptPrinting: 'off',
      receiptPrinter: { kind: 'none' },
      receiptPaper: 'roll-80',
    });
  });
});

describe('receiptFooter', () => {
  const bad =
    'The receipt footer must have at most 4 lines of at most 60 characters, without control characters.';

  it('takes up to 4 lines of up to 60 characters', () => {
    acceptEach('receiptFooter', [
      '',
      'Thank you!\nDanke!',
      Array.from({ length: 4 }, () => 'x'.repeat(60)).join('\n'),
    ]);
    refuseEach('receiptFooter', ['a\nb\nc\nd\ne', 'x'.repeat(61), 'Thank you!\u0007'], bad);
  });

  it('refuses more than 250 characters in both checks words', () => {
    refuse(
      'receiptFooter',
      'x'.repeat(251),
      `The receipt footer must be at most 250 characters. ${bad}`,
    );
  });
});

describe('receiptPrinting and receiptPaper', () => {
  it('are one of their words', () => {
    acceptEach('receiptPrinting', ['off', 'ask', 'automatic']);
    refuseEach(
      'receiptPrinting',
      ['always', 'Off', ''],
      'Receipt printing must be "off", "ask" or "automatic".',
    );
    acceptEach('receiptPaper', ['roll-58', 'roll-80', 'a4', 'letter']);
    refuseEach(
      'receiptPaper',
      ['roll-112', 'A4', ''],
      'The receipt paper must be "roll-58", "roll-80", "a4" or "letter".',
    );
  });
});

describe('receiptPrinter', () => {
  const notHost =
    'The network printer must be a host name or an IP address such as "10.0.0.40". (at host)';
  const invalid = (reason: string) =>
    `The network printer address is not valid. ${reason} (at host)`;
  const badName =
    "The printer's name may only hold letters, digits, dots and hyphens, for example epson-tm.local.";
  const badPort = 'The network printer port must be a number from 1 to 65535. (at port)';
  const onlyNetwork = 'Only a network receipt printer has a host and a port.';
  const onlyOs = 'Only an OS receipt printer has a device name or paperFromPrinter.';
  const networkPrinter = (host: string) => ({ kind: 'network', host });

  it('is none, an OS printer (by name or the default) or a network printer', () => {
    accept('receiptPrinter', { kind: 'none' });
    accept('receiptPrinter', { kind: 'os' });
    accept('receiptPrinter', { kind: 'os', deviceName: 'EPSON TM-T20III' });
    accept('receiptPrinter', { kind: 'os', paperFromPrinter: false });
    accept('receiptPrinter', { kind: 'network', host: '10.0.0.40' });
    accept('receiptPrinter', { kind: 'network', host: '10.0.0.40', port: 9100 });
    refuse(
      'receiptPrinter',
      { kind: 'fax' },
      'The receipt printer kind must be "none", "os" or "network". (at kind)',
    );
    refuse('receiptPrinter', 'none', 'Invalid input: expected object, received string');
    refuse('receiptPrinter', { kind: 'os', extra: 1 }, 'Unrecognized key: "extra"');
  });

  it('takes a device name of 1 to 200 characters without control characters', () => {
    const badDevice =
      'The printer name must be 1 to 200 characters without control characters. (at deviceName)';
    const osPrinter = (deviceName: string) => ({ kind: 'os', deviceName });
    acceptEach('receiptPrinter', ['P', 'Bürodrucker (Kasse 2)'], osPrinter);
    expectAtMost('receiptPrinter', 200, (length) => osPrinter('p'.repeat(length)), badDevice);
    refuseEach(
      'receiptPrinter',
      [
        '',
        'a\nb',
        '\tEPSON',
        'EPSON\u0000',
        'EPSON\u007f',
        'EPSON\u0085',
        'EP\u200bSON',
        'EPSON\u202e',
        'EPSON\u2028',
        '\u2029EPSON',
      ],
      badDevice,
      osPrinter,
    );
  });

  it('takes paperFromPrinter as true or false only', () => {
    accept('receiptPrinter', { kind: 'os', deviceName: 'EPSON', paperFromPrinter: true });
    refuse(
      'receiptPrinter',
      { kind: 'os', paperFromPrinter: 'yes' },
      'paperFromPrinter must be true or false. (at paperFromPrinter)',
    );
  });

  it('lower-cases the host of a network printer', () => {
    accept(
      'receiptPrinter',
      { kind: 'network', host: 'Printer.Local', port: 9100 },
      { kind: 'network', host: 'printer.local', port: 9100 },
    );
    accept(
      'receiptPrinter',
      { kind: 'network', host: 'FE80::ABCD' },
      { kind: 'network', host: 'fe80::abcd' },
    );
  });

  it('takes host names, IPv4 and bare IPv6 addresses, of every character the pattern holds', () => {
    acceptEach(
      'receiptPrinter',
      [
        'a',
        'z',
        'epson-tm.local',
        'printer9',
        '0-9.example',
        '192.168.1.50',
        '0.0.0.0',
        'fe80::1',
        '::1',
        '::ffff:192.168.1.50',
      ],
      networkPrinter,
    );
  });

  it('takes a host of 253 characters and refuses 254, for its length', () => {
    const label63 = 'a'.repeat(63);
    const host253 = [label63, label63, label63, 'a'.repeat(61)].join('.');
    expect(host253).toHaveLength(253);
    accept('receiptPrinter', networkPrinter(host253.slice(0, -1)));
    accept('receiptPrinter', networkPrinter(host253));
    refuse(
      'receiptPrinter',
      networkPrinter(`${host253}a`),
      `The network printer address is too long. (at host) ${invalid(badName)}`,
    );
  });

  itRefusesEach(
    'receiptPrinter',
    notHost,
    [
      ['junk before', ' printer.local'],
      ['junk after', 'printer.local '],
      ['a tab after', '10.0.0.40\t'],
    ],
    {
      title: 'refuses %s the host, though the address check would trim it',
      within: networkPrinter,
    },
  );

  it('refuses a character no host holds, in both checks words', () => {
    refuse('receiptPrinter', networkPrinter('evil host; rm'), `${notHost} ${invalid(badName)}`);
    refuse(
      'receiptPrinter',
      networkPrinter('[::1]'),
      `${notHost} ${invalid('This is not a valid IPv6 address.')}`,
    );
    refuse(
      'receiptPrinter',
      networkPrinter('fe80::1%eth0'),
      `${notHost} ${invalid('This is not a valid IPv6 address.')}`,
    );
    refuse(
      'receiptPrinter',
      networkPrinter(''),
      `${notHost} ${invalid("Enter the printer's IP address or name, for example 192.168.1.50.")}`,
    );
  });

  it('refuses what checkPrinterAddress refuses, in its words', () => {
    const ipv4 = 'This is not a valid IP address: four numbers from 0 to 255, separated by dots.';
    refuse('receiptPrinter', networkPrinter('192.168.1.256'), invalid(ipv4));
    refuse('receiptPrinter', networkPrinter('010.0.0.40'), invalid(ipv4));
    refuse('receiptPrinter', networkPrinter('10.1'), invalid(ipv4));
    refuse('receiptPrinter', networkPrinter('-printer'), invalid(badName));
    refuse(
      'receiptPrinter',
      networkPrinter('fe80::1::2'),
      invalid('This is not a valid IPv6 address.'),
    );
  });

  it("reports checkPrinterAddress's refusal as a custom issue at the host", () => {
    const parsed = settingSchemas.receiptPrinter.safeParse({ kind: 'network', host: '10.1' });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        code: 'custom',
        path: ['host'],
        message:
          'The network printer address is not valid. This is not a valid IP address: four numbers from 0 to 255, separated by dots.',
      }),
    ]);
  });

  it('reads a host with one colon as an IPv6 address, never as a host and its port', () => {
    refuse(
      'receiptPrinter',
      networkPrinter('printer.local:9100'),
      invalid('This is not a valid IPv6 address.'),
    );
    refuse(
      'receiptPrinter',
      networkPrinter('10.0.0.40:9100'),
      invalid('This is not a valid IPv6 address.'),
    );
  });

  it('takes a port from 1 to 65535', () => {
    const atPort = (port: unknown) => ({ kind: 'network', host: '10.0.0.40', port });
    expectRange('receiptPrinter', { min: 1, usual: 9100, max: 65_535 }, badPort, atPort);
    refuseEach('receiptPrinter', [-1, 9100.5, '9100'], badPort, atPort);
  });

  it('needs the host of a network printer', () => {
    refuse(
      'receiptPrinter',
      { kind: 'network' },
      'A network receipt printer needs its host, e.g. {"kind":"network","host":"10.0.0.40","port":9100}.',
    );
    refuse(
      'receiptPrinter',
      { kind: 'network', port: 9100 },
      'A network receipt printer needs its host, e.g. {"kind":"network","host":"10.0.0.40","port":9100}.',
    );
  });

  it('gives a host and a port to a network printer only', () => {
    refuse('receiptPrinter', { kind: 'none', host: '10.0.0.40' }, onlyNetwork);
    refuse('receiptPrinter', { kind: 'none', port: 9100 }, onlyNetwork);
    refuse('receiptPrinter', { kind: 'os', host: '10.0.0.40' }, onlyNetwork);
    refuse('receiptPrinter', { kind: 'os', deviceName: 'EPSON', port: 9100 }, onlyNetwork);
    refuse('receiptPrinter', { kind: 'os', port: 0 }, `${badPort} ${onlyNetwork}`);
  });

  it('gives a device name and paperFromPrinter to an OS printer only', () => {
    refuse('receiptPrinter', { kind: 'none', deviceName: 'EPSON' }, onlyOs);
    refuse('receiptPrinter', { kind: 'none', paperFromPrinter: false }, onlyOs);
    refuse('receiptPrinter', { kind: 'network', host: '10.0.0.40', deviceName: 'EPSON' }, onlyOs);
    refuse(
      'receiptPrinter',
      { kind: 'network', host: '10.0.0.40', paperFromPrinter: true },
      onlyOs,
    );
  });
});
