import { strToU8, zipSync, type Zippable } from 'fflate';
import type { EffectiveSettings } from '../../shared/settings';
import { bundleRedaction, PAYMENT_LINK_MASK } from './bundle-redaction';
import { checkJournal } from './journal-check';
import { knownSecrets, readStaffSecrets } from './known-secrets';
import { readLogFiles } from './log-files';
import { exportedSettings, settingSecrets } from './settings-allow-list';
import { versionsOf } from './versions';

/** Everything one diagnostics file is made of, each read only when the file is built. */
export interface DiagnosticsSources {
  nowMs: number;
  appVersion: string;
  /** The log folder and how many archives it keeps; absent: the file holds no logs. */
  logs?: { dir: string; keep: number };
  /** The settings in effect: the file carries them only through settings-allow-list.ts. */
  settings: () => EffectiveSettings;
  displays: () => unknown;
  reader: () => unknown;
  journalPath: string;
  /**
   * Exact texts masked everywhere besides redact's own patterns: the API token. It is never
   * in the settings or the logs, but a file that leaves the till is checked once more.
   */
  secrets: readonly string[];
}

/**
 * One zip for IT: the recent logs, the settings in effect, versions, the display layout, the
 * reader's state and a journal check. The settings go through their allow-list
 * (settings-allow-list.ts); then every entry passes through one redaction right before it is
 * zipped, whatever its source: redact's patterns (the token format, payment tokens, bearer
 * values, secret-named fields), the token, the secret parts of the addresses in the settings
 * (a log line may quote the update feed's or the rate provider's with its password or key),
 * every PIN hash and staff name this till holds, any PIN hash and any payment link. A part
 * that fails to read says why in its entry; it never costs the other parts.
 */
export function buildDiagnosticsZip(sources: DiagnosticsSources): Uint8Array {
  let settings: EffectiveSettings | undefined;
  let settingsFailure: unknown;
  try {
    settings = sources.settings();
  } catch (error) {
    settingsFailure = error;
  }
  const staff = readStaffSecrets(sources.journalPath);
  const redaction = bundleRedaction(
    knownSecrets(
      [...sources.secrets, ...(settings ? settingSecrets(settings.values) : [])],
      settings?.values.provisionedManagers ?? [],
      staff,
    ),
  );

  const entries: Zippable = {};
  const json = (name: string, read: () => unknown) => {
    let value: unknown;
    try {
      value = read();
    } catch (error) {
      value = { error: error instanceof Error ? error.message : String(error) };
    }
    entries[name] = strToU8(`${JSON.stringify(redaction.value(value), null, 2)}\n`);
  };

  json('about.json', () => ({
    createdAt: new Date(sources.nowMs).toISOString(),
    secrets:
      'Settings are listed through an allow-list: addresses by their origin only, managers ' +
      'by their count. Removed from every part, logs included, as [redacted]: the API token, ' +
      "the addresses' passwords, keys and paths, payment tokens, Authorization values, " +
      'secret-named fields, PIN hashes and staff names; ' +
      `payment links as ${PAYMENT_LINK_MASK}.`,
    ...(staff.read
      ? {}
      : { staffNames: `not masked: the staff list could not be read (${staff.reason})` }),
    logs: sources.logs ? 'logs/ holds main.log (newest) and its archives' : 'no log folder',
  }));
  json('versions.json', () => versionsOf(sources.appVersion));
  json('settings.json', () => {
    if (!settings) throw settingsFailure;
    return exportedSettings(settings);
  });
  json('displays.json', sources.displays);
  json('reader.json', sources.reader);
  json('journal-check.json', () => checkJournal(sources.journalPath));
  if (sources.logs) {
    for (const file of readLogFiles(sources.logs.dir, sources.logs.keep)) {
      entries[`logs/${file.name}`] = strToU8(redaction.log(file.text));
    }
  }
  return zipSync(entries, { level: 6, mtime: new Date(sources.nowMs) });
}

/** counter-diagnostics-2026-11-22-0900.zip: sorts by time, safe on every file system. */
export function diagnosticsFileName(nowMs: number): string {
  const stamp = new Date(nowMs).toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  return `counter-diagnostics-${stamp}.zip`;
}
