import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDiagnosticsZip } from '../../../electron/diagnostics/diagnostics-zip';
import {
  effectiveSettingsOf,
  forbiddenTexts,
  MANAGER_NAME,
  MANAGER_PIN_HASH,
  MANAGER_SALT,
  secretLookingSettings,
} from './secret-settings';

// buildDiagnosticsZip on its own: settings full of secret-looking values, a staff table, and log
// lines that quote names, hashes and payment links, as a careless caller or an older version
// could have written them. Every entry is searched for every one of them.
const TOKEN = 'tok.Live-7Zq!"w9';
const CASHIER_NAME = 'Wenceslas Ndiaye';
const CASHIER_PIN_HASH =
  'scrypt$16384$8$1$Q2FzaGllclNhbHRTYWx0IQ==$Q2FzaGllcktleUNhc2hpZXJLZXlDYXNoaWVyS2V5IQ==';
const LINK =
  'https://wallet.example.com/qr-scan?&order_id=0190b7a4-8c1d-7f00-9a3e-1b2c3d4e5f60' +
  '&contract_address=0x55d398326f99059fF775485246999027B3197955&currency_address=0x0' +
  '&transaction_amount=10500000&act=pay&chain_id=56&decimal=6';
const NOW = Date.UTC(2026, 10, 22, 9, 0);

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'counter-diagnostics-zip-'));
  dirs.push(dir);
  return dir;
}

/** A journal file holding only what the export reads of it here: the staff table. */
function journalWithStaff(dir: string): string {
  const path = join(dir, 'journal.sqlite');
  const db = new DatabaseSync(path);
  db.exec('CREATE TABLE staff (staff_id TEXT, name TEXT, pin_hash TEXT)');
  db.prepare('INSERT INTO staff VALUES (?, ?, ?)').run('s1', CASHIER_NAME, CASHIER_PIN_HASH);
  db.close();
  return path;
}

/** What the policy loader logs for a file IT left unquoted: V8 quotes the text around it. */
function brokenPolicyProblem(): string {
  try {
    JSON.parse(`{"settings":{"provisionedManagers":[{"name":${CASHIER_NAME}}]}}`);
  } catch (error) {
    return `The policy file is not valid JSON: ${(error as Error).message}`;
  }
  throw new Error('parsed');
}

function logLines(): string {
  const line = (fields: object) => JSON.stringify({ time: '2026-11-22T08:00:00.000Z', ...fields });
  return [
    line({ message: 'managed policy: not applied', problems: [brokenPolicyProblem()] }),
    line({ message: 'the policy provisions one manager name twice', name: MANAGER_NAME }),
    line({ scope: 'renderer', message: 'page error', pageMessage: `QR failed for ${LINK}` }),
    line({ message: 'call crashed', error: `staff ${CASHIER_NAME} has hash ${CASHIER_PIN_HASH}` }),
    line({ message: 'service said', detail: `token ${TOKEN}` }),
    // Not JSON: a hand edit, or a line an older version wrote.
    `plain ${MANAGER_NAME.toUpperCase()} salt ${MANAGER_SALT} ${LINK.slice(0, 120)}`,
  ].join('\n');
}

function build(journalPath: string, logDir: string) {
  const zip = buildDiagnosticsZip({
    nowMs: NOW,
    appVersion: '1.2.3',
    logs: { dir: logDir, keep: 2 },
    settings: () => effectiveSettingsOf(secretLookingSettings()),
    displays: () => 'no monitors known to this till',
    reader: () => ({ state: 'stopped' }),
    journalPath,
    secrets: [TOKEN],
  });
  const entries = unzipSync(zip);
  return Object.fromEntries(
    Object.entries(entries).map(([name, bytes]) => [name, strFromU8(bytes)]),
  ) as Record<string, string>;
}

describe('buildDiagnosticsZip', () => {
  it('carries no setting secret, PIN hash, staff name, token or payment link in any entry', () => {
    const dir = tempDir();
    const logDir = join(dir, 'logs');
    mkdirSync(logDir);
    writeFileSync(join(logDir, 'main.log'), `${logLines()}\n`);
    const entries = build(journalWithStaff(dir), logDir);

    // V8 quotes the name cut short: no exact match would find it.
    expect(brokenPolicyProblem()).toContain(CASHIER_NAME.slice(0, 8));
    const secrets = [
      ...forbiddenTexts,
      CASHIER_NAME.slice(0, 8),
      TOKEN,
      JSON.stringify(TOKEN).slice(1, -1),
      CASHIER_NAME,
      CASHIER_PIN_HASH,
      ...CASHIER_PIN_HASH.split('$').slice(4),
      LINK,
      LINK.slice(0, 120),
      'contract_address=',
    ];
    const leaks = Object.entries(entries).flatMap(([name, text]) =>
      secrets
        .filter((secret) => text.toLowerCase().includes(secret.toLowerCase()))
        .map((secret) => `${secret} in ${name}`),
    );
    expect(leaks).toEqual([]);

    // The log stays one JSON object a line where it was one, and says what happened.
    const lines = entries['logs/main.log']!.trim().split('\n');
    expect(lines.slice(0, 5).map((text) => JSON.parse(text) as unknown)).toMatchObject([
      {
        problems: ["The policy file is not valid JSON: Unexpected token 'W' is not valid JSON"],
      },
      { message: 'the policy provisions one manager name twice', name: '[redacted]' },
      { pageMessage: 'QR failed for [payment link]' },
      { error: 'staff [redacted] has hash [redacted]' },
      { detail: 'token [redacted]' },
    ]);
    expect(lines[5]).toBe('plain [redacted] salt [redacted] [payment link]');
    expect(JSON.parse(entries['settings.json']!)).toMatchObject({
      values: { provisionedManagers: { count: 1 }, shopName: 'Corner Shop' },
    });
    expect(JSON.parse(entries['about.json']!)).not.toHaveProperty('staffNames');
  });

  it('still masks the names and hashes it knows from the settings when the staff list cannot be read', () => {
    const dir = tempDir();
    const logDir = join(dir, 'logs');
    mkdirSync(logDir);
    writeFileSync(join(logDir, 'main.log'), `${logLines()}\n`);
    const entries = build(join(dir, 'missing', 'journal.sqlite'), logDir);

    const all = Object.values(entries).join('\n');
    for (const secret of [MANAGER_NAME, MANAGER_PIN_HASH, MANAGER_SALT, CASHIER_PIN_HASH, LINK]) {
      expect(all).not.toContain(secret);
    }
    expect(JSON.parse(entries['about.json']!)).toMatchObject({
      staffNames: expect.stringMatching(/^not masked: the staff list could not be read \(.+\)$/),
    });
  });
});
