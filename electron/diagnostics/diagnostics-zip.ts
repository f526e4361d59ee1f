import { strToU8, zipSync, type Zippable } from 'fflate';
import { redact, redactText } from '../logging/redact';
import { checkJournal } from './journal-check';
import { readLogFiles } from './log-files';
import { versionsOf } from './versions';

/** Everything one diagnostics file is made of, each read only when the file is built. */
export interface DiagnosticsSources {
  nowMs: number;
  appVersion: string;
  /** The log folder and how many archives it keeps; absent: the file holds no logs. */
  logs?: { dir: string; keep: number };
  settings: () => unknown;
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
 * reader's state and a journal check. Every entry passes through redact (the token, payment
 * tokens, bearer values, secret-named fields) right before it is zipped, whatever its source.
 * A part that fails to read says why in its entry; it never costs the other parts.
 */
export function buildDiagnosticsZip(sources: DiagnosticsSources): Uint8Array {
  const { secrets } = sources;
  const entries: Zippable = {};
  const text = (name: string, body: string) => {
    entries[name] = strToU8(redactText(body, secrets));
  };
  const json = (name: string, read: () => unknown) => {
    let value: unknown;
    try {
      value = read();
    } catch (error) {
      value = { error: error instanceof Error ? error.message : String(error) };
    }
    text(name, `${JSON.stringify(redact(value, secrets), null, 2)}\n`);
  };

  json('about.json', () => ({
    createdAt: new Date(sources.nowMs).toISOString(),
    secrets:
      'Removed: the API token, payment tokens, bearer values and secret-named fields are ' +
      'masked as [redacted] in every part, logs included.',
    logs: sources.logs ? 'logs/ holds main.log (newest) and its archives' : 'no log folder',
  }));
  json('versions.json', () => versionsOf(sources.appVersion));
  json('settings.json', sources.settings);
  json('displays.json', sources.displays);
  json('reader.json', sources.reader);
  json('journal-check.json', () => checkJournal(sources.journalPath));
  if (sources.logs) {
    for (const file of readLogFiles(sources.logs.dir, sources.logs.keep)) {
      text(`logs/${file.name}`, file.text);
    }
  }
  return zipSync(entries, { level: 6, mtime: new Date(sources.nowMs) });
}

/** counter-diagnostics-2026-11-22-0900.zip: sorts by time, safe on every file system. */
export function diagnosticsFileName(nowMs: number): string {
  const stamp = new Date(nowMs).toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  return `counter-diagnostics-${stamp}.zip`;
}
