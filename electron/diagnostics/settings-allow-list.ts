import {
  settingKeys,
  type EffectiveSettings,
  type ManagedPolicyStatus,
  type PageSettings,
  type PageSettingValues,
  type ReceiptPrinterSetting,
  type SettingKey,
  type Settings,
  type SettingState,
} from '../../shared/settings';
import { withoutJsonExcerpt } from './bundle-redaction';

/**
 * How each setting leaves main: an allow-list, not a deny-list, and the one place that says
 * what is secret about each setting. Every key of `settingKeys` is named here with its value
 * either kept as it is or reduced, and why; a key added to the settings without a decision fails
 * the type check and tests/unit/diagnostics/settings-allow-list.test.ts. Values kept as they are
 * were checked by their schemas, so a kept key cannot carry anything but what its schema allows.
 *
 * A reduced value is said three ways, from the same reason: `summary`, what a diagnostics file
 * carries; `shown`, what a page, the audit trail and its CSV may hold (the value with its secret
 * cut out: what the Settings page shows and a manager may read back); and `secrets`, the texts
 * of it masked wherever a log line quotes them.
 */
type SettingExport<K extends SettingKey> =
  | { as: 'value'; why: string }
  | {
      as: 'summary';
      why: string;
      summary: (value: Settings[K]) => unknown;
      shown: (value: Settings[K]) => PageSettingValues[K];
      secrets?: (value: Settings[K]) => string[];
    };

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

/** An address as a page may show it: its origin only ('' for none, or none to tell). */
const addressShown = (address: string): string => addressSummary(address).origin ?? '';

/**
 * The parts of a web address that may hold a secret, all but its origin: the user name and
 * password, a path other than "/", the query (whole, and each value) and the "#" part.
 */
function addressSecrets(address: string): string[] {
  if (address === '') return [];
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return [address];
  }
  const decoded = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  };
  return unique([
    url.username,
    decoded(url.username),
    url.password,
    decoded(url.password),
    url.pathname === '/' ? '' : url.pathname,
    url.search,
    ...url.searchParams.values(),
    url.hash,
  ]);
}

const unique = (texts: string[]) => [...new Set(texts.filter((text) => text !== ''))];

/** A web address in a text: up to a space, a quote, a bracket or a backslash (JSON's escapes). */
const WEB_ADDRESS = /https?:\/\/[^\s"'<>`\\]+/gi;

/**
 * `text` with every web address in it cut to its origin, as addresses leave the till here (an
 * error quoting the request it failed on: the update feed's, a redirect's signed link).
 */
export function addressesCutToOrigin(text: string): string {
  return text.replace(WEB_ADDRESS, (address) => {
    const { origin } = addressSummary(address);
    if (!origin) return '[address]';
    return address === origin ? address : `${origin}/…`;
  });
}

const SERVICE_PATH = '/v1/cf-payment';

/** The service's origin, and whether anything stands before /v1/cf-payment in its path. */
function serviceAddressSummary(url: string) {
  const summary = addressSummary(url);
  if (!summary.origin) return summary;
  return { ...summary, pathIsStandard: new URL(url).pathname === SERVICE_PATH };
}

/**
 * The service address as a page shows it: as it is when its path is the standard one, else
 * with what stands before /v1/cf-payment as "…" (a page may send this form back: main reads it
 * as the address in effect).
 */
function serviceAddressShown(url: string): string {
  const summary = serviceAddressSummary(url);
  if (!summary.origin) return '';
  const standard = 'pathIsStandard' in summary && summary.pathIsStandard;
  return `${summary.origin}${standard ? '' : '/…'}${SERVICE_PATH}`;
}

/** What stands before /v1/cf-payment in the service address's path (a gateway's tenant key). */
function servicePathSecrets(url: string): string[] {
  if (url === '') return [];
  try {
    const path = new URL(url).pathname;
    return unique([path.endsWith(SERVICE_PATH) ? path.slice(0, -SERVICE_PATH.length) : path]);
  } catch {
    return [url];
  }
}

function logoSummary(logo: string) {
  if (logo === '') return { set: false };
  const data = /^data:(image\/[a-z+]+);base64,/.exec(logo);
  if (data) return { set: true, kind: 'data', type: data[1], characters: logo.length };
  return { set: true, kind: 'https', origin: addressSummary(logo).origin };
}

/** A logo as a page shows it: an image as it is, an address without credentials, query or "#". */
function logoShown(logo: string): string {
  if (logo === '' || logo.startsWith('data:')) return logo;
  try {
    const url = new URL(logo);
    return `${url.origin}${url.pathname}`;
  } catch {
    return '';
  }
}

/** What a signed link carries: credentials, its query and "#" part (the path is the image's). */
function logoSecrets(logo: string): string[] {
  if (logo.startsWith('data:')) return [];
  const path = (() => {
    try {
      return new URL(logo).pathname;
    } catch {
      return '';
    }
  })();
  return addressSecrets(logo).filter((part) => part !== path);
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
    shown: serviceAddressShown,
    secrets: servicePathSecrets,
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
    // A page shows the image, or the address without what makes it a signed link.
    shown: logoShown,
    secrets: logoSecrets,
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
    // Nothing in it is secret today; a page gets the same fields, so a new one stays out too.
    shown: printerSummary,
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
    shown: addressShown,
    secrets: addressSecrets,
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
    // A page names IT's managers (the sign-in list does too), never with a hash. The hashes
    // and names are masked in a diagnostics file by known-secrets.ts.
    shown: (managers) => managers.map(({ name }) => ({ name })),
  },
  updateFeedUrl: {
    as: 'summary',
    why:
      'a private feed may be reached with a password or a token in its address: the origin ' +
      'only (URL.origin drops user:password@ as well)',
    summary: addressSummary,
    shown: addressShown,
    secrets: addressSecrets,
  },
  updateChannel: value(NOT_SECRET),
};

/** One key's value as a diagnostics file carries it. */
function exportedValue<K extends SettingKey>(key: K, values: Settings): unknown {
  const decision: SettingExport<K> = settingExports[key];
  return decision.as === 'value' ? values[key] : decision.summary(values[key]);
}

/** One key's value as a page, the audit trail and its CSV may hold it. */
export function shownSetting<K extends SettingKey>(
  key: K,
  value: Settings[K],
): PageSettingValues[K] {
  const decision: SettingExport<K> = settingExports[key];
  return decision.as === 'value' ? (value as PageSettingValues[K]) : decision.shown(value);
}

/** The texts of one key's value that are secret (none for a value kept as it is). */
function secretsOf<K extends SettingKey>(key: K, values: Settings): string[] {
  const decision: SettingExport<K> = settingExports[key];
  return decision.as === 'summary' && decision.secrets ? decision.secrets(values[key]) : [];
}

/**
 * Every text of the settings in effect that is secret (an address's password, the key in its
 * query, a gateway's path): masked wherever a text that leaves the till quotes it. IT's
 * managers' hashes and names are masked by known-secrets.ts.
 */
export function settingSecrets(values: Settings): string[] {
  return unique(settingKeys.flatMap((key) => secretsOf(key, values)));
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

/** Where each value comes from, copied field by field. */
function keyStates(settings: EffectiveSettings): Record<SettingKey, SettingState> {
  const keys = {} as Record<SettingKey, SettingState>;
  for (const key of settingKeys) {
    const state = settings.keys[key];
    keys[key] = { source: state.source, locked: state.locked };
  }
  return keys;
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
  for (const key of settingKeys) values[key] = exportedValue(key, settings.values);
  return {
    values,
    keys: keyStates(settings),
    policy: policyStatus(settings.policy),
    policySources: settings.policySources.map(policyStatus),
    localProblems: [...settings.localProblems],
  };
}

/**
 * The effective settings as a page may receive them: each value through `shownSetting`, the
 * policy statuses as a diagnostics file has them. The only maker of `PageSettings`, so every
 * route by which settings reach a page (getSettings, a write's answer, settings-changed) cuts
 * the same secrets.
 */
export function pageSettings(settings: EffectiveSettings): PageSettings {
  const values = {} as Record<SettingKey, unknown>;
  for (const key of settingKeys) values[key] = shownSetting(key, settings.values[key]);
  return {
    view: 'page',
    values: values as PageSettingValues,
    keys: keyStates(settings),
    policy: policyStatus(settings.policy),
    policySources: settings.policySources.map(policyStatus),
    localProblems: [...settings.localProblems],
  };
}
