import {
  defaultSettings,
  settingKeys,
  settingsSchema,
  type EffectiveSettings,
  type SettingKey,
  type SettingState,
  type Settings,
} from '../../../shared/settings';

/** A PIN hash in the shape pin-hash.ts writes, with a salt and a key easy to search for. */
export const MANAGER_SALT = 'U2FsdFNhbHRTYWx0U2FsdA==';
const MANAGER_KEY = 'S2V5S2V5S2V5S2V5S2V5S2V5S2V5S2V5S2V5S2V5S2U=';
export const MANAGER_PIN_HASH = `scrypt$16384$8$1$${MANAGER_SALT}$${MANAGER_KEY}`;
export const MANAGER_NAME = 'Ottilie Vandersloot';

/**
 * Every value a setting may hold that must not leave the till, each with what gives it away.
 * Each passes its setting's schema, so the settings below are ones a till could really run with.
 */
const settingSecrets = {
  serviceBaseUrl: 'https://pay.example.com/tenant-7Hq2PathKey/v1/cf-payment',
  shopLogo: 'https://cdn.example.com/shop/logo.png?X-Amz-Signature=sig0LogoQuerySecret',
  rateProviderUrl: 'https://rates.example.com/v1/prices?apikey=rateKey0Secret',
  updateFeedUrl: 'https://feeduser:feedPassw0rd@updates.example.com/private-feed/?token=feedToken0',
} as const;

/** Texts none of which may appear in a diagnostics file made from `secretLookingSettings`. */
export const forbiddenTexts = [
  'tenant-7Hq2PathKey',
  'logo.png',
  'X-Amz-Signature',
  'sig0LogoQuerySecret',
  'apikey',
  'rateKey0Secret',
  '/v1/prices',
  'feeduser',
  'feedPassw0rd',
  'feedToken0',
  '/private-feed/',
  MANAGER_NAME,
  MANAGER_PIN_HASH,
  MANAGER_SALT,
  MANAGER_KEY,
  'scrypt$',
];

/** A till's settings full of secret-looking values, checked by the settings' own schema. */
export function secretLookingSettings(): Settings {
  return settingsSchema.parse({
    ...defaultSettings({ reportTimeZone: 'UTC' }),
    ...settingSecrets,
    serialNumber: 'TILL-0042',
    shopName: 'Corner Shop',
    shopAddress: '1 Main Street\n12345 Town',
    receiptPrinter: { kind: 'network', host: '10.0.0.40', port: 9100 },
    staffPinsRequired: true,
    provisionedManagers: [{ name: MANAGER_NAME, pinHash: MANAGER_PIN_HASH }],
    allowedWalletHosts: ['pay.example.com'],
  });
}

/** The effective settings around `values`: every key local, none locked, no policy. */
export function effectiveSettingsOf(values: Settings): EffectiveSettings {
  const keys = Object.fromEntries(
    settingKeys.map((key) => [key, { source: 'local', locked: false }]),
  ) as Record<SettingKey, SettingState>;
  return {
    values,
    keys,
    policy: { kind: 'none', path: '/etc/counter/policy.json' },
    policySources: [{ kind: 'none', path: '/etc/counter/policy.json' }],
    localProblems: [],
  };
}
