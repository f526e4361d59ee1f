import { describe, expect, it } from 'vitest';
import {
  checkSetting,
  defaultSettings,
  itOnlySettingKeys,
  settingDeclarations,
  settingDomainOf,
  settingDomains,
  settingKeys,
  type SettingDeclaration,
  type SettingKey,
} from '../../../shared/settings';

// Each setting is one declaration (shared/settings/<domain>.ts); everything IT reads about it
// is generated from that declaration, so a declaration without its words or default would
// give IT a template with a hole in it.
const declarationOf = (key: SettingKey) => settingDeclarations[key] as SettingDeclaration;

describe('setting declarations', () => {
  it('declare every key in exactly one of the seven domains', () => {
    expect(Object.keys(settingDomains)).toEqual([
      'service',
      'shop',
      'pricing',
      'staff',
      'printing',
      'display',
      'updates',
    ]);
    const declared = Object.values(settingDomains).flatMap((domain) => Object.keys(domain));
    expect(declared.length).toBe(new Set(declared).size);
    expect([...declared].sort()).toEqual([...settingKeys].sort());
    for (const key of settingKeys) {
      const domain = settingDomainOf[key];
      expect(domain, key).toBeDefined();
      expect(settingDomains[domain]).toHaveProperty(key, settingDeclarations[key]);
    }
  });

  it.each(settingKeys)('%s has its words: a short title and a description', (key) => {
    const { title, description, details } = declarationOf(key);
    // The title is the Group Policy's display name: a few words, not a sentence.
    expect(title).toMatch(/^[A-Z][^.\n]{2,40}$/);
    expect(description).toMatch(/^[A-Z].{10,300}\.$/s);
    if (details !== undefined) expect(details).toMatch(/^[A-Z].+\.$/s);
  });

  it.each(settingKeys)('%s has a default that passes its own schema unchanged', (key) => {
    const declaration = declarationOf(key);
    if (typeof declaration.default === 'function') {
      // Only the machine knows it: the README says it in words instead.
      expect(declaration.defaultInWords).toMatch(/\w/);
    }
    const value = defaultSettings({ reportTimeZone: 'UTC' })[key];
    expect(checkSetting(key, value)).toEqual({ ok: true, value });
  });

  it('mark exactly the keys only IT may set as IT-only', () => {
    expect([...itOnlySettingKeys].sort()).toEqual(
      [
        'allowedWalletHosts',
        'ratePegs',
        'rateProviderUrl',
        'rateMaxAgeSeconds',
        'lastLinkRateMaxAgeSeconds',
        'rateSourceOrder',
        'fixedUsdPerUnit',
        'rateTolerancePercent',
        'updateFeedUrl',
        'updateChannel',
        'provisionedManagers',
        'staffRoles',
        'nfcReadDeadlineMs',
      ].sort(),
    );
  });

  it('keep the keys in the order the stored settings and IT templates have always had', () => {
    expect(settingKeys).toEqual([
      'serviceBaseUrl',
      'serialNumber',
      'currency',
      'feeValue',
      'serviceTimeZone',
      'reportTimeZone',
      'shopName',
      'shopLogo',
      'shopAddress',
      'shopTaxId',
      'receiptFooter',
      'receiptPrinting',
      'receiptPrinter',
      'receiptPaper',
      'soundOn',
      'soundVolume',
      'customerDisplaySound',
      'customerDisplay',
      'nfcAid',
      'demoModeAllowed',
      'lastChainId',
      'lastAsset',
      'allowedWalletHosts',
      'amountEntry',
      'feePercent',
      'feeFixed',
      'ratePegs',
      'rateProviderUrl',
      'rateMaxAgeSeconds',
      'lastLinkRateMaxAgeSeconds',
      'rateSourceOrder',
      'fixedUsdPerUnit',
      'rateTolerancePercent',
      'staffPinsRequired',
      'autoLockMinutes',
      'provisionedManagers',
      'updateFeedUrl',
      'updateChannel',
      'staffRoles',
      'shiftRequired',
      'nfcReadDeadlineMs',
    ]);
  });
});
