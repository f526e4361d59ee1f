import { describe, expect, it } from 'vitest';
import { settingKeys, type EffectiveSettings, type Settings } from '../../../shared/settings';
import { withoutJsonExcerpt } from '../../../electron/diagnostics/bundle-redaction';
import {
  addressesCutToOrigin,
  exportedSettings,
  pageSettings,
  settingExports,
  settingSecrets,
} from '../../../electron/diagnostics/settings-allow-list';
import {
  effectiveSettingsOf,
  forbiddenTexts,
  MANAGER_NAME,
  MANAGER_PIN_HASH,
  secretLookingSettings,
} from './secret-settings';

// The settings section of "Export diagnostics" is built from an allow-list: each setting key is
// named with what of its value leaves the till. A new setting without a decision fails here.

describe('the diagnostics allow-list of settings', () => {
  it('names every setting key, and only those, each with a reason', () => {
    expect(Object.keys(settingExports).sort()).toEqual([...settingKeys].sort());
    for (const key of settingKeys) {
      expect(settingExports[key].why.length, key).toBeGreaterThan(20);
    }
  });

  it('carries none of the secret-looking values of a full settings object', () => {
    const settings = secretLookingSettings();
    const text = JSON.stringify(exportedSettings(effectiveSettingsOf(settings)));
    for (const forbidden of forbiddenTexts) expect(text, forbidden).not.toContain(forbidden);
  });

  it('keeps the values it says it keeps, and reduces the others to their summary', () => {
    const settings = secretLookingSettings();
    const { values } = exportedSettings(effectiveSettingsOf(settings));
    for (const key of settingKeys) {
      if (settingExports[key].as === 'value') expect(values[key], key).toEqual(settings[key]);
    }
    expect(
      Object.fromEntries(
        settingKeys
          .filter((key) => settingExports[key].as === 'summary')
          .map((key) => [key, values[key]]),
      ),
    ).toEqual({
      serviceBaseUrl: { set: true, origin: 'https://pay.example.com', pathIsStandard: false },
      shopLogo: { set: true, kind: 'https', origin: 'https://cdn.example.com' },
      receiptPrinter: { kind: 'network', host: '10.0.0.40', port: 9100 },
      rateProviderUrl: { set: true, origin: 'https://rates.example.com' },
      provisionedManagers: { count: 1 },
      updateFeedUrl: { set: true, origin: 'https://updates.example.com' },
    });
  });

  it('says of an empty address, a data logo and an OS printer only what they are', () => {
    const settings: Settings = {
      ...secretLookingSettings(),
      serviceBaseUrl: '',
      rateProviderUrl: '',
      shopLogo: 'data:image/png;base64,iVBORw0KGgoSECRETPIXELS==',
      receiptPrinter: { kind: 'os', deviceName: 'EPSON TM-T20III', paperFromPrinter: true },
      provisionedManagers: [],
    };
    const { values } = exportedSettings(effectiveSettingsOf(settings));
    expect(values).toMatchObject({
      serviceBaseUrl: { set: false },
      rateProviderUrl: { set: false },
      shopLogo: { set: true, kind: 'data', type: 'image/png', characters: 47 },
      receiptPrinter: { kind: 'os', deviceName: 'EPSON TM-T20III', paperFromPrinter: true },
      provisionedManagers: { count: 0 },
    });
    expect(JSON.stringify(values)).not.toContain('SECRETPIXELS');
    expect(
      exportedSettings(
        effectiveSettingsOf({
          ...settings,
          serviceBaseUrl: 'http://127.0.0.1:8080/v1/cf-payment',
        }),
      ).values.serviceBaseUrl,
    ).toEqual({ set: true, origin: 'http://127.0.0.1:8080', pathIsStandard: true });
  });

  it('lets no field through that it does not name, at any level', () => {
    const settings = secretLookingSettings();
    const effective = effectiveSettingsOf(settings);
    // What a later version could add: a setting, a printer field, a field beside each state and
    // each policy status. None is named by the allow-list, so none may appear.
    const grown = {
      ...effective,
      values: {
        ...settings,
        futureSecret: 'unnamed-setting-value',
        receiptPrinter: { ...settings.receiptPrinter, password: 'unnamed-printer-field' },
      },
      keys: {
        ...effective.keys,
        shopName: { ...effective.keys.shopName, raw: 'unnamed-state-field' },
      },
      policy: {
        kind: 'applied',
        path: '/etc/counter/policy.json',
        presetKeys: ['provisionedManagers'],
        lockedKeys: [],
        settings: { provisionedManagers: [{ name: MANAGER_NAME, pinHash: MANAGER_PIN_HASH }] },
      },
      policySources: [{ kind: 'none', path: '/etc/counter/policy.json', text: 'unnamed-source' }],
      extra: 'unnamed-top-level-field',
    } as unknown as EffectiveSettings;

    const exported = exportedSettings(grown);
    const text = JSON.stringify(exported);
    for (const unnamed of [
      'futureSecret',
      'unnamed-setting-value',
      'unnamed-printer-field',
      'unnamed-state-field',
      'unnamed-source',
      'unnamed-top-level-field',
      MANAGER_NAME,
      MANAGER_PIN_HASH,
    ]) {
      expect(text, unnamed).not.toContain(unnamed);
    }
    expect(Object.keys(exported).sort()).toEqual([
      'keys',
      'localProblems',
      'policy',
      'policySources',
      'values',
    ]);
    expect(Object.keys(exported.values)).toEqual(settingKeys);
    expect(Object.keys(exported.keys)).toEqual(settingKeys);
    expect(exported.policy).toEqual({
      kind: 'applied',
      path: '/etc/counter/policy.json',
      presetKeys: ['provisionedManagers'],
      lockedKeys: [],
    });
  });

  it('leaves out the policy text V8 quotes when a broken policy file fails JSON.parse', () => {
    const broken = `{"settings":{"provisionedManagers":[{"name":${MANAGER_NAME},"pinHash":${MANAGER_PIN_HASH}}]}}`;
    let message = '';
    try {
      JSON.parse(broken);
    } catch (error) {
      message = (error as Error).message;
    }
    const problem = `The policy file is not valid JSON: ${message}`;
    // The runtime's own words quote the text around the fault: the name, here.
    expect(problem).toContain(MANAGER_NAME.slice(0, 8));

    const effective: EffectiveSettings = {
      ...effectiveSettingsOf(secretLookingSettings()),
      policy: { kind: 'invalid', path: '/etc/counter/policy.json', problems: [problem] },
      policySources: [{ kind: 'invalid', path: '/etc/counter/policy.json', problems: [problem] }],
    };
    const exported = exportedSettings(effective);
    const text = JSON.stringify([exported.policy, exported.policySources]);
    expect(text).not.toContain(MANAGER_NAME.slice(0, 4));
    expect(exported.policy).toEqual({
      kind: 'invalid',
      path: '/etc/counter/policy.json',
      problems: ["The policy file is not valid JSON: Unexpected token 'O' is not valid JSON"],
    });
    // Messages without a quote are left as they are.
    expect(withoutJsonExcerpt('The policy file is larger than 1048576 bytes.')).toBe(
      'The policy file is larger than 1048576 bytes.',
    );
    expect(
      withoutJsonExcerpt(
        "The policy file is not valid JSON: Expected ',' or '}' after property value in JSON at position 30",
      ),
    ).toBe(
      "The policy file is not valid JSON: Expected ',' or '}' after property value in JSON at position 30",
    );
  });
});

describe('the same rules for a page, the audit trail and the log', () => {
  it("gives a page every value with its secret cut out: managers' names, addresses' origins", () => {
    const settings = secretLookingSettings();
    const page = pageSettings(effectiveSettingsOf(settings));
    const text = JSON.stringify(page);
    // A page may name IT's managers and show the logo's address without its signature.
    const shownOnPage = new Set([MANAGER_NAME, 'logo.png']);
    for (const forbidden of forbiddenTexts.filter((text) => !shownOnPage.has(text))) {
      expect(text, forbidden).not.toContain(forbidden);
    }
    expect(page.view).toBe('page');
    expect(page.values).toEqual({
      ...settings,
      serviceBaseUrl: 'https://pay.example.com/…/v1/cf-payment',
      shopLogo: 'https://cdn.example.com/shop/logo.png',
      rateProviderUrl: 'https://rates.example.com',
      updateFeedUrl: 'https://updates.example.com',
      provisionedManagers: [{ name: MANAGER_NAME }],
    });
    // A value kept as it is, as it is; an address on the standard path, whole; none, none.
    const plain = pageSettings(
      effectiveSettingsOf({
        ...settings,
        serviceBaseUrl: 'http://127.0.0.1:8080/v1/cf-payment',
        shopLogo: 'data:image/png;base64,iVBORw0KGgo=',
        rateProviderUrl: '',
        updateFeedUrl: '',
      }),
    ).values;
    expect(plain).toMatchObject({
      serviceBaseUrl: 'http://127.0.0.1:8080/v1/cf-payment',
      shopLogo: 'data:image/png;base64,iVBORw0KGgo=',
      rateProviderUrl: '',
      updateFeedUrl: '',
    });
  });

  it('names the secret texts of the addresses, to mask wherever a log line quotes them', () => {
    expect(settingSecrets(secretLookingSettings()).sort()).toEqual(
      [
        '/tenant-7Hq2PathKey',
        '?X-Amz-Signature=sig0LogoQuerySecret',
        'sig0LogoQuerySecret',
        '/v1/prices',
        '?apikey=rateKey0Secret',
        'rateKey0Secret',
        'feeduser',
        'feedPassw0rd',
        '/private-feed/',
        '?token=feedToken0',
        'feedToken0',
      ].sort(),
    );
    expect(
      settingSecrets({
        ...secretLookingSettings(),
        serviceBaseUrl: 'https://pay.example.com/v1/cf-payment',
        shopLogo: 'data:image/png;base64,iVBORw0KGgo=',
        rateProviderUrl: 'https://rates.example.com',
        updateFeedUrl: '',
      }),
    ).toEqual([]);
  });

  it('cuts every web address in a text to its origin', () => {
    expect(
      addressesCutToOrigin(
        'HttpError: 404 "method: GET url: https://u:p@updates.example.com/feed/latest.yml?token=k\\n\\n" ' +
          'and https://cdn.example.com then http://127.0.0.1:9/x?y=z',
      ),
    ).toBe(
      'HttpError: 404 "method: GET url: https://updates.example.com/…\\n\\n" ' +
        'and https://cdn.example.com then http://127.0.0.1:9/…',
    );
  });
});
