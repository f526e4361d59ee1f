import { z } from 'zod';
import { displaySettings } from './settings/display';
import { pricingSettings } from './settings/pricing';
import { printingSettings } from './settings/printing';
import type {
  SettingDeclaration,
  SettingDomain,
  SettingsEnvironment,
} from './settings/setting-declaration';
import { serviceSettings } from './settings/service';
import { shopSettings } from './settings/shop';
import { staffSettings } from './settings/staff';
import { updatesSettings } from './settings/updates';

/**
 * The till's settings: one schema, used for the local layer (electron-store), the managed
 * policy IT writes, and every write the cashier page asks for (docs/architecture.md:
 * Settings in layers). Each key is checked on its own, so a bad value in one key never
 * hides the rest.
 * Error messages are whole sentences: they are shown to the cashier and to IT as they are.
 *
 * Each setting is declared once, with its schema, default, IT-only flag and words, in the
 * file of its domain under shared/settings/; this module assembles them. How to add a
 * setting: electron/settings/README.md.
 */

export { isKnownTimeZone } from './settings/time-zones';
export type {
  SettingDeclaration,
  SettingDomain,
  SettingsEnvironment,
} from './settings/setting-declaration';
export type { CustomerDisplayMode, CustomerDisplaySetting } from './settings/display';
export type { AmountEntry, PriceSource } from './settings/pricing';
export type { ReceiptPrinterSetting, ReceiptPrintingMode } from './settings/printing';

/** The settings of each domain, in the order README.md's table lists the domains. */
export const settingDomains = {
  service: serviceSettings,
  shop: shopSettings,
  pricing: pricingSettings,
  staff: staffSettings,
  printing: printingSettings,
  display: displaySettings,
  updates: updatesSettings,
} as const satisfies Record<SettingDomain, Record<string, SettingDeclaration>>;

/** Every key some domain declares. */
type DeclaredKey = { [D in SettingDomain]: keyof (typeof settingDomains)[D] }[SettingDomain];

/**
 * Every declaration, in the order the keys have always had: the stored settings, the policy
 * JSON Schema and the templates list them in this order. `satisfies` fails the type check
 * when a domain declares a key that is not listed here.
 */
export const settingDeclarations = {
  serviceBaseUrl: serviceSettings.serviceBaseUrl,
  serialNumber: serviceSettings.serialNumber,
  currency: pricingSettings.currency,
  feeValue: pricingSettings.feeValue,
  serviceTimeZone: serviceSettings.serviceTimeZone,
  reportTimeZone: shopSettings.reportTimeZone,
  shopName: shopSettings.shopName,
  shopLogo: shopSettings.shopLogo,
  shopAddress: shopSettings.shopAddress,
  shopTaxId: shopSettings.shopTaxId,
  receiptFooter: printingSettings.receiptFooter,
  receiptPrinting: printingSettings.receiptPrinting,
  receiptPrinter: printingSettings.receiptPrinter,
  receiptPaper: printingSettings.receiptPaper,
  soundOn: displaySettings.soundOn,
  soundVolume: displaySettings.soundVolume,
  customerDisplaySound: displaySettings.customerDisplaySound,
  customerDisplay: displaySettings.customerDisplay,
  nfcAid: serviceSettings.nfcAid,
  demoModeAllowed: serviceSettings.demoModeAllowed,
  lastChainId: pricingSettings.lastChainId,
  lastAsset: pricingSettings.lastAsset,
  allowedWalletHosts: serviceSettings.allowedWalletHosts,
  amountEntry: pricingSettings.amountEntry,
  feePercent: pricingSettings.feePercent,
  feeFixed: pricingSettings.feeFixed,
  ratePegs: pricingSettings.ratePegs,
  rateProviderUrl: pricingSettings.rateProviderUrl,
  rateMaxAgeSeconds: pricingSettings.rateMaxAgeSeconds,
  lastLinkRateMaxAgeSeconds: pricingSettings.lastLinkRateMaxAgeSeconds,
  rateSourceOrder: pricingSettings.rateSourceOrder,
  fixedUsdPerUnit: pricingSettings.fixedUsdPerUnit,
  rateTolerancePercent: pricingSettings.rateTolerancePercent,
  staffPinsRequired: staffSettings.staffPinsRequired,
  autoLockMinutes: staffSettings.autoLockMinutes,
  provisionedManagers: staffSettings.provisionedManagers,
  updateFeedUrl: updatesSettings.updateFeedUrl,
  updateChannel: updatesSettings.updateChannel,
  staffRoles: staffSettings.staffRoles,
  shiftRequired: staffSettings.shiftRequired,
  nfcReadDeadlineMs: serviceSettings.nfcReadDeadlineMs,
} satisfies Record<DeclaredKey, SettingDeclaration>;

export type SettingKey = keyof typeof settingDeclarations;
export const settingKeys = Object.keys(settingDeclarations) as SettingKey[];

type SettingSchemas = { [K in SettingKey]: (typeof settingDeclarations)[K]['schema'] };

/**
 * One schema per key, carrying its description (z.toJSONSchema reads it for IT's editors);
 * the object schema below is built from these.
 */
export const settingSchemas: SettingSchemas = Object.fromEntries(
  settingKeys.map((key) => {
    const { schema, description } = settingDeclarations[key] as SettingDeclaration;
    return [key, schema.meta({ description })];
  }),
) as SettingSchemas;

export const settingsSchema = z.object(settingSchemas).strict();
export type Settings = z.output<typeof settingsSchema>;

export function isSettingKey(key: string): key is SettingKey {
  return Object.prototype.hasOwnProperty.call(settingDeclarations, key);
}

/** The domain each key is declared in (README.md's table groups the keys by it). */
export const settingDomainOf: Readonly<Record<SettingKey, SettingDomain>> = Object.fromEntries(
  Object.entries(settingDomains).flatMap(([domain, settings]) =>
    Object.keys(settings).map((key) => [key, domain]),
  ),
) as Record<SettingKey, SettingDomain>;

/**
 * Keys only IT sets, through the managed policy: the app never saves them locally and a
 * saved value is ignored, so nobody at the till can point updates elsewhere or widen the
 * hosts a payment link may go to (each declaration says why it is IT's).
 */
export const itOnlySettingKeys: ReadonlySet<SettingKey> = new Set<SettingKey>(
  settingKeys.filter((key) => settingDeclarations[key].itOnly),
);

/** Defaults: the bottom layer. */
export function defaultSettings(environment: SettingsEnvironment): Settings {
  return Object.fromEntries(
    settingKeys.map((key) => {
      const declared = (settingDeclarations[key] as SettingDeclaration).default;
      return [key, typeof declared === 'function' ? declared(environment) : declared];
    }),
  ) as Settings;
}

export type SettingCheck<K extends SettingKey> =
  { ok: true; value: Settings[K] } | { ok: false; problem: string };

/** Checks one value for one key; the value comes back normalised ("usd" -> "USD"). Never throws. */
export function checkSetting<K extends SettingKey>(key: K, value: unknown): SettingCheck<K> {
  const parsed = settingSchemas[key].safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data as Settings[K] };
  return { ok: false, problem: `${key}: ${describeIssues(parsed.error.issues)}` };
}

/** Zod issues as one sentence per problem (the schemas' messages are already sentences). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const where = issue.path.length > 0 ? ` (at ${issue.path.map(String).join('.')})` : '';
      return `${issue.message}${where}`;
    })
    .join(' ');
}

/** Where the effective value of a key comes from. */
type SettingSource = 'default' | 'local' | 'managed';

export interface SettingState {
  source: SettingSource;
  /** Set by the managed policy: read-only in the app, shown as "managed". */
  locked: boolean;
}

/** What the managed policy did at start (for the settings page and the log). */
export type ManagedPolicyStatus =
  | { kind: 'none'; path: string }
  | { kind: 'applied'; path: string; presetKeys: SettingKey[]; lockedKeys: SettingKey[] }
  | { kind: 'invalid'; path: string; problems: string[] }
  /** A file anybody but the administrator could change: ignored, with the reason in words. */
  | { kind: 'untrusted'; path: string; reason: string };

/** The settings as the app uses them, with where each value came from. */
export interface EffectiveSettings {
  values: Settings;
  keys: Record<SettingKey, SettingState>;
  /** The policy as a whole: the first problem, else where it applied, else none. */
  policy: ManagedPolicyStatus;
  /** Each place IT's policy was looked for, highest precedence first. */
  policySources: ManagedPolicyStatus[];
  /** Local values that were ignored because they no longer pass the schema. */
  localProblems: string[];
}

/**
 * The values as a page may hold them: each setting's value with what is secret in it cut out,
 * by the rules of electron/diagnostics/settings-allow-list.ts (IT's managers by name, never a
 * PIN hash; web addresses without credentials, keys in their query or a gateway's path).
 */
export type PageSettingValues = Omit<Settings, 'provisionedManagers'> & {
  provisionedManagers: { name: string }[];
};

/**
 * The effective settings as a page receives them (getSettings, a write's answer, the
 * settings-changed event). Only main's `pageSettings` makes one: a raw `EffectiveSettings` has
 * no `view`, so the type check refuses it wherever a page would get it.
 */
export interface PageSettings {
  readonly view: 'page';
  values: PageSettingValues;
  keys: Record<SettingKey, SettingState>;
  policy: ManagedPolicyStatus;
  policySources: ManagedPolicyStatus[];
  localProblems: string[];
}

/** 'connection': the service address, which changes only with its token (connectService). */
type SettingsWriteErrorKind = 'managed' | 'invalid' | 'storage' | 'connection';

export interface SettingsWriteError {
  kind: SettingsWriteErrorKind;
  message: string;
  /** One sentence per problem; for 'managed', the locked keys are named. */
  problems: string[];
}

export type SettingsWriteResult =
  { ok: true; settings: EffectiveSettings } | { ok: false; error: SettingsWriteError };
