import { describe, expect, it } from 'vitest';
import {
  checkSetting,
  defaultSettings,
  settingSchemas,
  type SettingKey,
} from '../../../../shared/settings';
import { printingSettings } from '../../../../shared/settings/printing';

// shared/settings/printing.ts, one key at a time: what passes (and how it comes back), what is
// refused and in which words, every limit at N-1, N and N+1, junk on either side of every
// anchored pattern.

const accept = (key: SettingKey, value: unknown, normalised: unknown = value) =>
  expect(checkSetting(key, value), JSON.stringify(value)).toEqual({ ok: true, value: normalised });
/** Refused with exactly these words (the schema's sentences, one after the other). */
const refuse = (key: SettingKey, value: unknown, words: string) =>
  expect(checkSetting(key, value), JSON.stringify(value)).toEqual({
    ok: false,
    problem: `${key}: ${words}`,
  });

describe('the printing settings', () => {
  it('default to no footer, no printing, no printer and an 80 mm roll', () => {
    expect(Object.keys(printingSettings)).toEqual([
      'receiptFooter',
      'receiptPrinting',
      'receiptPrinter',
      'receiptPaper',
    ]);
    const defaults = defaultSettings({ reportTimeZone: 'UTC' });
    expect({
      receiptFooter: defaults.receiptFooter,
      receiptPrinting: defaults.receiptPrinting,
      receiptPrinter: defaults.receiptPrinter,
      receiptPaper: defaults.receiptPaper,
    }).toEqual({
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
    accept('receiptFooter', '');
    accept('receiptFooter', 'Thank you!\nDanke!');
    accept('receiptFooter', Array.from({ length: 4 }, () => 'x'.repeat(60)).join('\n'));
    refuse('receiptFooter', 'a\nb\nc\nd\ne', bad);
    refuse('receiptFooter', 'x'.repeat(61), bad);
    refuse('receiptFooter', 'Thank you!\u0007', bad);
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
    for (const mode of ['off', 'ask', 'automatic']) accept('receiptPrinting', mode);
    for (const mode of ['always', 'Off', '']) {
      refuse('receiptPrinting', mode, 'Receipt printing must be "off", "ask" or "automatic".');
    }
    for (const paper of ['roll-58', 'roll-80', 'a4', 'letter']) accept('receiptPaper', paper);
    for (const paper of ['roll-112', 'A4', '']) {
      refuse(
        'receiptPaper',
        paper,
        'The receipt paper must be "roll-58", "roll-80", "a4" or "letter".',
      );
    }
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
    accept('receiptPrinter', { kind: 'os', deviceName: 'P' });
    accept('receiptPrinter', { kind: 'os', deviceName: 'p'.repeat(199) });
    accept('receiptPrinter', { kind: 'os', deviceName: 'p'.repeat(200) });
    accept('receiptPrinter', { kind: 'os', deviceName: 'Bürodrucker (Kasse 2)' });
    for (const deviceName of [
      '',
      'p'.repeat(201),
      'a\nb',
      '\tEPSON',
      'EPSON\u0000',
      'EPSON\u007f',
      'EPSON\u0085',
      'EP\u200bSON',
      'EPSON\u202e',
      'EPSON\u2028',
      '\u2029EPSON',
    ]) {
      refuse('receiptPrinter', { kind: 'os', deviceName }, badDevice);
    }
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
    for (const host of [
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
    ]) {
      accept('receiptPrinter', { kind: 'network', host });
    }
  });

  it('takes a host of 253 characters and refuses 254, for its length', () => {
    const label63 = 'a'.repeat(63);
    const host253 = [label63, label63, label63, 'a'.repeat(61)].join('.');
    expect(host253).toHaveLength(253);
    accept('receiptPrinter', { kind: 'network', host: host253.slice(0, -1) });
    accept('receiptPrinter', { kind: 'network', host: host253 });
    refuse(
      'receiptPrinter',
      { kind: 'network', host: `${host253}a` },
      `The network printer address is too long. (at host) ${invalid(badName)}`,
    );
  });

  it.each([
    ['junk before', ' printer.local'],
    ['junk after', 'printer.local '],
    ['a tab after', '10.0.0.40\t'],
  ])('refuses %s the host, though the address check would trim it', (_name, host) => {
    refuse('receiptPrinter', { kind: 'network', host }, notHost);
  });

  it('refuses a character no host holds, in both checks words', () => {
    refuse(
      'receiptPrinter',
      { kind: 'network', host: 'evil host; rm' },
      `${notHost} ${invalid(badName)}`,
    );
    refuse(
      'receiptPrinter',
      { kind: 'network', host: '[::1]' },
      `${notHost} ${invalid('This is not a valid IPv6 address.')}`,
    );
    refuse(
      'receiptPrinter',
      { kind: 'network', host: 'fe80::1%eth0' },
      `${notHost} ${invalid('This is not a valid IPv6 address.')}`,
    );
    refuse(
      'receiptPrinter',
      { kind: 'network', host: '' },
      `${notHost} ${invalid("Enter the printer's IP address or name, for example 192.168.1.50.")}`,
    );
  });

  it('refuses what checkPrinterAddress refuses, in its words', () => {
    const ipv4 = 'This is not a valid IP address: four numbers from 0 to 255, separated by dots.';
    refuse('receiptPrinter', { kind: 'network', host: '192.168.1.256' }, invalid(ipv4));
    refuse('receiptPrinter', { kind: 'network', host: '010.0.0.40' }, invalid(ipv4));
    refuse('receiptPrinter', { kind: 'network', host: '10.1' }, invalid(ipv4));
    refuse('receiptPrinter', { kind: 'network', host: '-printer' }, invalid(badName));
    refuse(
      'receiptPrinter',
      { kind: 'network', host: 'fe80::1::2' },
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
      { kind: 'network', host: 'printer.local:9100' },
      invalid('This is not a valid IPv6 address.'),
    );
    refuse(
      'receiptPrinter',
      { kind: 'network', host: '10.0.0.40:9100' },
      invalid('This is not a valid IPv6 address.'),
    );
  });

  it('takes a port from 1 to 65535', () => {
    for (const port of [1, 2, 9100, 65_534, 65_535]) {
      accept('receiptPrinter', { kind: 'network', host: '10.0.0.40', port });
    }
    for (const port of [0, 65_536, -1, 9100.5, '9100']) {
      refuse('receiptPrinter', { kind: 'network', host: '10.0.0.40', port }, badPort);
    }
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
