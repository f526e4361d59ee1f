import { describe, expect, it } from 'vitest';
import { checkSetting, defaultSettings, type SettingKey } from '../../../shared/settings';
import { policyValueShapes } from '../../../shared/policy-value-kinds';

const accept = (key: SettingKey, value: unknown, normalised: unknown = value) =>
  expect(checkSetting(key, value)).toEqual({ ok: true, value: normalised });
const reject = (key: SettingKey, value: unknown) => {
  const check = checkSetting(key, value);
  expect(check.ok, JSON.stringify(value)).toBe(false);
  if (!check.ok) expect(check.problem).toMatch(new RegExp(`^${key}: [A-Z"]`));
};

describe('the receipt settings', () => {
  it('default to no printing, no printer, an 80 mm roll and no shop texts', () => {
    expect(defaultSettings({ reportTimeZone: 'UTC' })).toMatchObject({
      receiptPrinting: 'off',
      receiptPrinter: { kind: 'none' },
      receiptPaper: 'roll-80',
      shopAddress: '',
      shopTaxId: '',
      receiptFooter: '',
    });
  });

  it('shopAddress and receiptFooter: up to 4 lines of up to 60 characters, no control characters', () => {
    accept('shopAddress', 'Torstraße 12\n10119 Berlin');
    accept('receiptFooter', 'a\nb\nc\nd');
    reject('receiptFooter', 'a\nb\nc\nd\ne');
    reject('shopAddress', 'x'.repeat(61));
    reject('shopAddress', 'Torstraße 12\r\n10119 Berlin');
    reject('shopAddress', 'bell\u0007');
    accept('shopTaxId', 'DE123456789');
    reject('shopTaxId', 'x'.repeat(41));
  });

  it('receiptPrinting and receiptPaper: one of their words', () => {
    for (const mode of ['off', 'ask', 'automatic']) accept('receiptPrinting', mode);
    reject('receiptPrinting', 'always');
    for (const paper of ['roll-58', 'roll-80', 'a4', 'letter']) accept('receiptPaper', paper);
    reject('receiptPaper', 'roll-112');
  });

  it('receiptPrinter: none, an OS printer by name (or the default), or a network host and port', () => {
    accept('receiptPrinter', { kind: 'none' });
    accept('receiptPrinter', { kind: 'os' });
    accept('receiptPrinter', { kind: 'os', deviceName: 'EPSON_TM_T20III', paperFromPrinter: true });
    accept(
      'receiptPrinter',
      { kind: 'network', host: 'Printer.Local', port: 9100 },
      {
        kind: 'network',
        host: 'printer.local',
        port: 9100,
      },
    );
    reject('receiptPrinter', { kind: 'network' });
    reject('receiptPrinter', { kind: 'network', host: '10.0.0.40', port: 70_000 });
    reject('receiptPrinter', { kind: 'network', host: 'evil host; rm' });
    // The host follows checkPrinterAddress, the rules the printer connects with.
    accept('receiptPrinter', { kind: 'network', host: 'fe80::1', port: 9100 });
    accept('receiptPrinter', { kind: 'network', host: '192.168.1.50' });
    reject('receiptPrinter', { kind: 'network', host: '192.168.1.256' });
    reject('receiptPrinter', { kind: 'network', host: '010.0.0.40' });
    reject('receiptPrinter', { kind: 'network', host: 'printer.local:9100' });
    reject('receiptPrinter', { kind: 'network', host: '[::1]' });
    reject('receiptPrinter', { kind: 'network', host: 'fe80::1%eth0' });
    reject('receiptPrinter', { kind: 'network', host: '10.1' });
    reject('receiptPrinter', { kind: 'none', host: '10.0.0.40' });
    reject('receiptPrinter', { kind: 'network', host: '10.0.0.40', deviceName: 'x' });
    reject('receiptPrinter', { kind: 'os', deviceName: '' });
    reject('receiptPrinter', { kind: 'os', deviceName: 'a\nb' });
    reject('receiptPrinter', { kind: 'fax' });
    reject('receiptPrinter', { kind: 'os', extra: 1 });
  });

  it('are written by IT as their kinds: the printer as an object, the texts as text', () => {
    expect(policyValueShapes.receiptPrinter.kind).toBe('object');
    expect(policyValueShapes.receiptPrinting.kind).toBe('text');
    expect(policyValueShapes.shopAddress.kind).toBe('text');
  });
});
