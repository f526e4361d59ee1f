import { describe, expect, it } from 'vitest';
import {
  checkSetting,
  defaultSettings,
  isKnownTimeZone,
  settingKeys,
  settingsSchema,
  type SettingKey,
} from '../../../shared/settings';

const accept = (key: SettingKey, value: unknown, normalised: unknown = value) =>
  expect(checkSetting(key, value)).toEqual({ ok: true, value: normalised });
const reject = (key: SettingKey, value: unknown) => {
  const check = checkSetting(key, value);
  expect(check.ok).toBe(false);
  if (!check.ok) expect(check.problem).toMatch(new RegExp(`^${key}: [A-Z"]`));
};

describe('settings defaults', () => {
  it('are complete and pass their own schema', () => {
    const defaults = defaultSettings({ reportTimeZone: 'UTC' });
    expect(Object.keys(defaults).sort()).toEqual([...settingKeys].sort());
    expect(settingsSchema.parse(defaults)).toEqual(defaults);
    expect(defaults).toMatchObject({
      serviceBaseUrl: '',
      currency: 'USD',
      feeValue: '0',
      serviceTimeZone: 'UTC',
      customerDisplay: { mode: 'auto' },
      nfcAid: 'F0504F533235',
      demoModeAllowed: true,
      lastChainId: null,
      lastAsset: null,
      allowedWalletHosts: [],
      updateFeedUrl: '',
      updateChannel: 'latest',
    });
  });

  it('take the report zone from the machine, and UTC when the machine gives nonsense', () => {
    expect(defaultSettings({ reportTimeZone: 'Europe/Berlin' }).reportTimeZone).toBe(
      'Europe/Berlin',
    );
    expect(defaultSettings({ reportTimeZone: 'Mars/Olympus' }).reportTimeZone).toBe('UTC');
  });
});

describe('checkSetting', () => {
  it('allowedWalletHosts: host names, optionally with a port, lower-cased; at most 32', () => {
    accept('allowedWalletHosts', []);
    accept(
      'allowedWalletHosts',
      ['Pay.Example.com', 'wallet.example:8443'],
      ['pay.example.com', 'wallet.example:8443'],
    );
    accept('allowedWalletHosts', ['[::1]:9000', '10.0.0.7']);
    reject('allowedWalletHosts', ['https://pay.example.com']);
    reject('allowedWalletHosts', ['pay.example.com/path']);
    reject('allowedWalletHosts', ['user@pay.example.com']);
    reject('allowedWalletHosts', 'pay.example.com');
    reject(
      'allowedWalletHosts',
      Array.from({ length: 33 }, (_, i) => `h${i}.example`),
    );
  });

  it('updateFeedUrl: empty (no updates) or https; updateChannel: latest, beta or alpha', () => {
    accept('updateFeedUrl', '');
    accept('updateFeedUrl', 'https://updates.example.com/counter-app');
    reject('updateFeedUrl', 'http://updates.example.com/counter-app');
    reject('updateFeedUrl', 'https://updates.example.com/a b');
    accept('updateChannel', 'beta');
    reject('updateChannel', 'nightly');
  });

  it('serviceBaseUrl: empty means demo mode; otherwise https (or loopback http), normalised', () => {
    accept('serviceBaseUrl', '');
    accept(
      'serviceBaseUrl',
      'HTTPS://Pay.Example.com:443/v1/cf-payment/',
      'https://pay.example.com/v1/cf-payment',
    );
    accept('serviceBaseUrl', 'http://127.0.0.1:8787/v1/cf-payment');
    reject('serviceBaseUrl', 'http://pay.example.com/v1/cf-payment');
    reject('serviceBaseUrl', 'https://user:pw@pay.example.com/v1/cf-payment');
    reject('serviceBaseUrl', 'https://pay.example.com/other');
    reject('serviceBaseUrl', 'javascript:alert(1)//v1/cf-payment');
    reject('serviceBaseUrl', 42);
    reject('serviceBaseUrl', `https://pay.example.com/${'a'.repeat(2100)}/v1/cf-payment`);
  });

  it('currency: three letters, upper-cased', () => {
    accept('currency', 'EUR');
    accept('currency', 'usd', 'USD');
    reject('currency', 'US');
    reject('currency', 'USDT');
    reject('currency', 'U$D');
    reject('currency', '');
  });

  it('feeValue: a plain decimal string, zero allowed, canonical', () => {
    accept('feeValue', '0');
    accept('feeValue', '0.50', '0.5');
    accept('feeValue', '007.25', '7.25');
    reject('feeValue', '-1');
    reject('feeValue', '1e3');
    reject('feeValue', '1,5');
    reject('feeValue', 0.5);
    reject('feeValue', '');
  });

  it('time zones: IANA names Intl knows', () => {
    accept('serviceTimeZone', 'UTC');
    accept('reportTimeZone', 'America/Argentina/Buenos_Aires');
    reject('serviceTimeZone', 'Mars/Olympus');
    reject('reportTimeZone', 'Europe/Berlin; rm -rf');
    reject('reportTimeZone', '');
    expect(isKnownTimeZone('x'.repeat(65))).toBe(false);
  });

  it('nfcAid: 5 to 16 bytes of hex, upper-cased', () => {
    accept('nfcAid', 'f0504f533235', 'F0504F533235');
    accept('nfcAid', 'A000000003');
    accept('nfcAid', 'A0'.repeat(16));
    reject('nfcAid', 'A0000000'); // 4 bytes
    reject('nfcAid', 'A0'.repeat(17));
    reject('nfcAid', 'F0504F53323'); // odd number of digits
    reject('nfcAid', 'F0 50 4F 53 32 35');
  });

  it('customerDisplay: a mode, and a display id only where it means something', () => {
    accept('customerDisplay', { mode: 'auto' });
    accept('customerDisplay', { mode: 'display', displayId: 2779098405 });
    accept('customerDisplay', { mode: 'same-screen' });
    accept('customerDisplay', { mode: 'off' });
    reject('customerDisplay', { mode: 'display' });
    reject('customerDisplay', { mode: 'projector' });
    reject('customerDisplay', { mode: 'display', displayId: -1 });
    reject('customerDisplay', { mode: 'display', displayId: 1.5 });
    reject('customerDisplay', { mode: 'auto', extra: true });
    reject('customerDisplay', 'auto');
  });

  it('text settings: printable, bounded', () => {
    accept('serialNumber', 'TILL-0042');
    accept('serialNumber', '');
    reject('serialNumber', ' TILL');
    reject('serialNumber', 'TILL\n42');
    reject('serialNumber', 'x'.repeat(65));
    accept('shopName', 'Café Zürich – Bahnhof');
    reject('shopName', 'Shop\u0000');
    reject('shopName', 'Shop\u202eevil'); // a bidi override would flip what the customer reads
    reject('shopName', 's'.repeat(81));
  });

  it('remembered picks: digits / a symbol, or null', () => {
    accept('lastChainId', '8453');
    accept('lastChainId', null);
    reject('lastChainId', 8453);
    reject('lastChainId', '-1');
    accept('lastAsset', 'USDC');
    accept('lastAsset', null);
    reject('lastAsset', '');
    reject('demoModeAllowed', 'false');
    accept('demoModeAllowed', false);
  });
});
