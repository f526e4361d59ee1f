import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../shared/settings';
import { loadManagedPolicy } from '../../../electron/settings/managed-policy-loader';
import {
  managedPreferencesPath,
  plistPolicyFromBytes,
  readPlistPolicy,
} from '../../../electron/settings/plist-policy';
import { combinePolicySources } from '../../../electron/settings/policy-sources';
import {
  readRegistryPolicy,
  registryPolicyFromDump,
} from '../../../electron/settings/registry-policy';
import { createMemorySettingsStore } from '../../../electron/settings/local-settings-store';
import {
  createSettingsService,
  type ManagedPolicyLoad,
} from '../../../electron/settings/settings-service';

// Real dumps: `reg query HKLM\SOFTWARE\Policies\CounterApp\Counter /s` as reg.exe prints it
// (CRLF, four-space columns), and managed preferences written by Python's plistlib in both
// formats macOS uses (XML and binary).
const fixtures = join(import.meta.dirname, 'policy-fixtures');
const regDump = readFileSync(join(fixtures, 'reg-query-hklm.txt'), 'utf8');
const xmlPlist = readFileSync(join(fixtures, 'managed-preferences.xml.plist'));
const binaryPlist = readFileSync(join(fixtures, 'managed-preferences.binary.plist'));

const HKLM = 'HKLM\\SOFTWARE\\Policies\\CounterApp\\Counter';

describe('Windows registry policy', () => {
  it('reads locked values at the key and presets under Recommended, typed per setting', () => {
    const load = registryPolicyFromDump(regDump, 'HKLM');
    expect(load.status).toMatchObject({ kind: 'applied', path: HKLM });
    expect(load.policy?.settings).toEqual({
      serviceBaseUrl: 'https://pay.example.com/v1/cf-payment',
      demoModeAllowed: false,
      allowedWalletHosts: ['wallet.example.com', 'pay.example.com:8443'],
      // Spaces inside a REG_SZ survive; the locked value wins over the preset of the same name.
      shopName: 'Corner  Shop   Main Street',
      currency: 'EUR',
      customerDisplay: { mode: 'same-screen' },
      lastChainId: null,
    });
    expect([...(load.policy?.locked ?? [])].sort()).toEqual(
      ['allowedWalletHosts', 'demoModeAllowed', 'serviceBaseUrl', 'shopName'].sort(),
    );
  });

  it('refuses a whole key with a wrongly typed or unknown value, naming each problem', () => {
    const dump = regDump
      .replace('demoModeAllowed    REG_DWORD    0x0', 'demoModeAllowed    REG_SZ    no')
      .replace('currency    REG_SZ    EUR', 'currencyCode    REG_SZ    EUR');
    const wrongType = registryPolicyFromDump(dump, 'HKLM');
    expect(wrongType.policy).toBeUndefined();
    expect(wrongType.status).toEqual({
      kind: 'invalid',
      path: HKLM,
      problems: ['demoModeAllowed must be a REG_DWORD (0 or 1) in the registry, not REG_SZ.'],
    });
    const unknown = registryPolicyFromDump(
      regDump.replace('currency    REG_SZ    EUR', 'currencyCode    REG_SZ    EUR'),
      'HKLM',
    );
    expect(unknown.status.kind).toBe('invalid');
    expect(JSON.stringify(unknown.status)).toContain('currencyCode');
    const badDword = registryPolicyFromDump(regDump.replace('0x0', '0x2'), 'HKLM');
    expect(badDword.status).toMatchObject({
      problems: ['demoModeAllowed must be 0 or 1, not 0x2.'],
    });
  });

  it('treats a key that does not exist as no policy and a failing reg.exe as a problem', () => {
    const calls: string[][] = [];
    const missing = readRegistryPolicy('HKCU', (args) => {
      calls.push([...args]);
      return { status: 1, stdout: '' };
    });
    expect(calls).toEqual([['query', 'HKCU\\SOFTWARE\\Policies\\CounterApp\\Counter', '/s']]);
    expect(missing.status).toEqual({
      kind: 'none',
      path: 'HKCU\\SOFTWARE\\Policies\\CounterApp\\Counter',
    });
    expect(readRegistryPolicy('HKLM', () => ({ status: null, stdout: '' })).status.kind).toBe(
      'invalid',
    );
    // The HKLM dump read as HKCU finds nothing of its own hive.
    expect(readRegistryPolicy('HKCU', () => ({ status: 0, stdout: regDump })).status.kind).toBe(
      'none',
    );
  });
});

describe('macOS managed preferences', () => {
  it('reads the same policy from an XML and a binary plist, skipping the profile envelope', () => {
    const path = managedPreferencesPath();
    expect(path).toBe('/Library/Managed Preferences/com.counterapp.till.plist');
    const fromXml = plistPolicyFromBytes(xmlPlist, path);
    const fromBinary = plistPolicyFromBytes(binaryPlist, path);
    expect(fromXml.status.kind).toBe('applied');
    expect(fromXml.policy).toEqual(fromBinary.policy);
    expect(fromXml.policy?.settings).toEqual({
      serviceBaseUrl: 'https://pay.example.com/v1/cf-payment',
      demoModeAllowed: false,
      allowedWalletHosts: ['wallet.example.com', 'pay.example.com:8443'],
      currency: 'EUR',
      customerDisplay: { mode: 'same-screen' },
      shopName: 'Café Ünïcode',
      lastChainId: null,
    });
    expect([...(fromXml.policy?.locked ?? [])].sort()).toEqual(
      ['allowedWalletHosts', 'demoModeAllowed', 'serviceBaseUrl'].sort(),
    );
  });

  it('refuses garbage, a wrong value, and a file the administrator does not alone control', () => {
    const path = managedPreferencesPath('cashier');
    expect(path).toBe('/Library/Managed Preferences/cashier/com.counterapp.till.plist');
    expect(plistPolicyFromBytes(Buffer.from('bplist00garbage'), path).status.kind).toBe('invalid');
    const wrong = xmlPlist.toString('utf8').replace('<false/>', '<string>no</string>');
    const refused = plistPolicyFromBytes(Buffer.from(wrong), path);
    expect(refused.policy).toBeUndefined();
    expect(JSON.stringify(refused.status)).toContain('demoModeAllowed');
    const untrusted = readPlistPolicy(
      path,
      () => xmlPlist,
      () => ({ trusted: false, reason: 'it is writable by group staff' }),
    );
    expect(untrusted.status).toMatchObject({ kind: 'untrusted' });
    expect(
      readPlistPolicy(
        path,
        () => undefined,
        () => ({ trusted: true }),
      ).status.kind,
    ).toBe('none');
  });
});

describe('precedence: machine policy > user policy > policy file > the till', () => {
  const policyOf = (settings: object, locked: string[], path: string): ManagedPolicyLoad =>
    loadManagedPolicy({ path, readFile: () => JSON.stringify({ settings, locked }) });

  it('lets a lock beat any preset, and the higher place win among locks and among presets', () => {
    const machine = policyOf(
      { shopName: 'Machine', currency: 'CHF', customerDisplay: { mode: 'off' } },
      ['shopName'],
      'machine',
    );
    const user = policyOf(
      {
        shopName: 'User',
        currency: 'GBP',
        feeValue: '1',
        customerDisplay: { mode: 'same-screen' },
      },
      ['currency', 'shopName'],
      'user',
    );
    const file = policyOf({ feeValue: '2', serialNumber: 'FILE-1' }, ['feeValue'], 'file');
    const combined = combinePolicySources([machine, user, file]);
    const settings = createSettingsService({
      store: createMemorySettingsStore({
        shopName: 'Till',
        currency: 'JPY',
        feeValue: '3',
        serialNumber: 'TILL-9',
      }),
      defaults: defaultSettings({ reportTimeZone: 'UTC' }),
      policy: combined,
    });
    const current = settings.current();
    // A lock anywhere beats a preset anywhere; among locks (or among presets) the higher
    // place wins; the till's own value beats presets only.
    expect(current.values.shopName).toBe('Machine');
    expect(current.keys.shopName).toEqual({ source: 'managed', locked: true });
    expect(current.values.currency).toBe('GBP');
    expect(current.keys.currency).toEqual({ source: 'managed', locked: true });
    expect(current.values.feeValue).toBe('2');
    expect(current.keys.feeValue).toEqual({ source: 'managed', locked: true });
    expect(current.values.serialNumber).toBe('TILL-9');
    // Presets only: the machine's beats the user's (nothing local set for it).
    expect(current.values.customerDisplay).toEqual({ mode: 'off' });
    expect(current.keys.customerDisplay).toEqual({ source: 'managed', locked: false });
    expect(current.policy).toMatchObject({ kind: 'applied', path: 'machine and user and file' });
    expect(current.policySources.map((status) => status.path)).toEqual(['machine', 'user', 'file']);
  });

  it('applies the other places when one has a problem, and reports that one', () => {
    const broken: ManagedPolicyLoad = registryPolicyFromDump(regDump.replace('0x0', '0x7'), 'HKLM');
    const file = policyOf({ shopName: 'From file' }, ['shopName'], 'file');
    const combined = combinePolicySources([broken, file]);
    expect(combined.policy?.settings).toEqual({ shopName: 'From file' });
    expect(combined.status).toMatchObject({ kind: 'invalid', path: HKLM });
    expect(combined.sources?.map((status) => status.kind)).toEqual(['invalid', 'applied']);
  });
});
