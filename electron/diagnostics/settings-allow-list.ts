import {
  settingKeys,
  type EffectiveSettings,
  type ManagedPolicyStatus,
  type ReceiptPrinterSetting,
  type SettingKey,
  type Settings,
  type SettingState,
} from '../../shared/settings';
import { withoutJsonExcerpt } from './bundle-redaction';

/**
 * How each setting leaves the till in a diagnostics file: an allow-list, not a deny-list.
 * Every key of `settingKeys` is named here with its value either kept as it is or reduced to a
 * summary, and why; a key added to the settings without a decision fails the type check and
 * tests/unit/diagnostics/settings-allow-list.test.ts. Values kept as they are were checked by
 * their schemas, so a kept key cannot carry anything but what its schema allows.
 */
type SettingExport<K extends SettingKey> =
  | { as: 'value'; why: string }
  | { as: 'summary'; why: string; summary: (value: Settings[K]) => unknown };

/** Kept as it is; `why` says why it is safe to hand to IT. */
const value = (why: string) => ({ as: 'value' as const, why });

/** What a web address may show: whether there is one, and its origin (never credentials, path or query). */
function addressSummary(address: string): { set: boolean; origin?: string | null } {
  if (address === '') return { set: false };
  try {
    const { origin } = new URL(address);
    // URL.origin is "null" for schemes without one; the schemas allow only https/http.
    return { set: true, origin: origin === 'null' ? null : origin };
  } catch {
    return { set: true, origin: null };
  }
}

const SERVICE_PATH = '/v1/cf-payment';

/** The service's origin, and whether anything stands before /v1/cf-payment in its path. */
function serviceAddressSummary(url: string) {
  const summary = addressSummary(url);
  if (!summary.origin) return summary;
  return { ...summary, pathIsStandard: new URL(url).pathname === SERVICE_PATH };
}

function logoSummary(logo: string) {
  if (logo === '') return { set: false };
  const data = /^data:(image\/[a-z+]+);base64,/.exec(logo);
  if (data) return { set: true, kind: 'data', type: data[1], characters: logo.length };
  return { set: true, kind: 'https', origin: addressSummary(logo).origin };
}

/** The fields of a receipt printer that say which printer, picked one by one. */
function printerSummary(printer: ReceiptPrinterSetting) {
  return {
    kind: printer.kind,
    ...(printer.deviceName !== undefined ? { deviceName: printer.deviceName } : {}),
    ...(printer.paperFromPrinter !== undefined
      ? { paperFromPrinter: printer.paperFromPrinter }
      : {}),
    ...(printer.host !== undefined ? { host: printer.host } : {}),
    ...(printer.port !== undefined ? { port: printer.port } : {}),
  };
}

const NOT_SECRET = 'a choice of the till, not a secret, needed to tell why it behaves as it does';
const ON_RECEIPTS = 'printed on every receipt or shown to every customer: public already';

export const settingExports: { readonly [K in SettingKey]: SettingExport<K> } = {
  serviceBaseUrl: {
    as: 'summary',
    why:
      'the origin is what IT needs (the token is bound to it, the log names it); the schema ' +
      'refuses credentials and queries, but the path before /v1/cf-payment may be a ' +
      "gateway's tenant key, so it is only said whether there is one",
    summary: serviceAddressSummary,
  },
  serialNumber: value(
    'names this till to the payment service and to IT; it authenticates nothing (the token does)',
  ),
  currency: value(NOT_SECRET),
  feeValue: value(NOT_SECRET),
  serviceTimeZone: value(NOT_SECRET),
  reportTimeZone: value(NOT_SECRET),
  shopName: value(ON_RECEIPTS),
  shopLogo: {
    as: 'summary',
    why:
      'an https address may be a signed link (a key in its query) and a data URL is up to ' +
      '256 KiB of image: whether there is one, its kind, and its origin or image type',
    summary: logoSummary,
  },
  shopAddress: value(ON_RECEIPTS),
  shopTaxId: value(ON_RECEIPTS),
  receiptFooter: value(ON_RECEIPTS),
  receiptPrinting: value(NOT_SECRET),
  receiptPrinter: {
    as: 'summary',
    why:
      'which printer: its kind, the OS name or the network host and port, picked field by ' +
      'field so that a field added later (a printer password) stays out until named here',
    summary: printerSummary,
  },
  receiptPaper: value(NOT_SECRET),
  soundOn: value(NOT_SECRET),
  soundVolume: value(NOT_SECRET),
  customerDisplaySound: value(NOT_SECRET),
  customerDisplay: value(NOT_SECRET),
  nfcAid: value(
    'the reader sends it in clear to every card it meets (ISO 7816 SELECT); it names the ' +
      'wallet app and authenticates nothing',
  ),
  demoModeAllowed: value(NOT_SECRET),
  nfcReadDeadlineMs: value(NOT_SECRET),
  lastChainId: value(NOT_SECRET),
  lastAsset: value(NOT_SECRET),
  allowedWalletHosts: value(
    "IT's own list of host names (no path, no query), needed to tell why a link was refused",
  ),
  amountEntry: value(NOT_SECRET),
  feePercent: value(NOT_SECRET),
  feeFixed: value(NOT_SECRET),
  ratePegs: value('fixed prices IT sets (asset, currency, price): no secret in them'),
  rateProviderUrl: {
    as: 'summary',
    why:
      "a rate provider's address often carries its API key in the query (the rates code never " +
      'logs it either): the origin only',
    summary: addressSummary,
  },
  rateMaxAgeSeconds: value(NOT_SECRET),
  lastLinkRateMaxAgeSeconds: value(NOT_SECRET),
  rateSourceOrder: value(NOT_SECRET),
  fixedUsdPerUnit: value(NOT_SECRET),
  rateTolerancePercent: value(NOT_SECRET),
  staffPinsRequired: value(NOT_SECRET),
  autoLockMinutes: value(NOT_SECRET),
  shiftRequired: value(NOT_SECRET),
  // Role names and the permissions they hold: what IT needs to read who could do what.
  staffRoles: value(NOT_SECRET),
  provisionedManagers: {
    as: 'summary',
    why:
      'each PIN hash lets whoever holds the file try every 4-8 digit PIN offline, and the ' +
      'names are people IT already knows: a count only',
    summary: (managers) => ({ count: managers.length }),
  },
  updateFeedUrl: {
    as: 'summary',
    why:
      'a private feed may be reached with a password or a token in its address: the origin ' +
      'only (URL.origin drops user:password@ as well)',
    summary: addressSummary,
  },
  updateChannel: value(NOT_SECRET),
};

/** One key's value as a diagnostics file carries it. */
function exportedValue<K extends SettingKey>(key: K, values: Settings): unknown {
  const decision: SettingExport<K> = settingExports[key];
  return decision.as === 'value' ? values[key] : decision.summary(values[key]);
}

/**
 * A policy status, field by field: where it was looked for and what it did, never values (nor
 * the text V8 quotes from a policy file that is not JSON).
 */
function policyStatus(status: ManagedPolicyStatus): ManagedPolicyStatus {
  switch (status.kind) {
    case 'none':
      return { kind: 'none', path: status.path };
    case 'applied':
      return {
        kind: 'applied',
        path: status.path,
        presetKeys: [...status.presetKeys],
        lockedKeys: [...status.lockedKeys],
      };
    case 'invalid':
      return {
        kind: 'invalid',
        path: status.path,
        problems: status.problems.map(withoutJsonExcerpt),
      };
    case 'untrusted':
      return { kind: 'untrusted', path: status.path, reason: status.reason };
  }
}

/** The settings section of the diagnostics file, built from the allow-list above only. */
export interface ExportedSettings {
  values: Record<SettingKey, unknown>;
  keys: Record<SettingKey, SettingState>;
  policy: ManagedPolicyStatus;
  policySources: ManagedPolicyStatus[];
  localProblems: string[];
}

/**
 * The effective settings as they may leave the till: each key through its decision in
 * `settingExports`, where each value comes from, and what the policy did. Built key by key from
 * the allow-list, so a field the settings gain without a decision never appears.
 */
export function exportedSettings(settings: EffectiveSettings): ExportedSettings {
  const values = {} as Record<SettingKey, unknown>;
  const keys = {} as Record<SettingKey, SettingState>;
  for (const key of settingKeys) {
    values[key] = exportedValue(key, settings.values);
    const state = settings.keys[key];
    keys[key] = { source: state.source, locked: state.locked };
  }
  return {
    values,
    keys,
    policy: policyStatus(settings.policy),
    policySources: settings.policySources.map(policyStatus),
    localProblems: [...settings.localProblems],
  };
}
