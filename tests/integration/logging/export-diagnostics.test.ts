import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../shared/settings';
import type { DisplaysView } from '../../../shared/ipc/views';
import { createAppServices, type AppServices } from '../../../electron/app/app-services';
import type { DiagnosticsPlatform } from '../../../electron/diagnostics/diagnostics-platform';
import { dispatchCall } from '../../../electron/app/dispatch-call';
import { createFileLog } from '../../../electron/logging/file-log';
import { createJsonLinesLogger, silentLogger } from '../../../electron/logging/logger';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox-server';
import { createMemorySettingsStore } from '../../../electron/settings/local-settings-store';
import { createMemorySecretStore } from '../../../electron/settings/secret-store';
import { createSettingsService } from '../../../electron/settings/settings-service';
import { ManualClock } from '../../support/manual-clock';

// The app's services with a real log folder, a real SQLite journal and the sandbox over HTTP:
// "Export diagnostics" as main runs it, the zip read back with fflate.
const API_TOKEN = '0123456789abcdef0123456789abcdef';
const PAYMENT_TOKEN = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
const displays: DisplaysView = {
  displays: [],
  cashierDisplayId: 7,
  choice: { kind: 'off', reason: 'no-displays' },
};
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function till(diagnostics: (dir: string) => Partial<DiagnosticsPlatform>) {
  const dir = mkdtempSync(join(tmpdir(), 'counter-diagnostics-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const sandbox: RunningSandbox = await startSandbox({ token: API_TOKEN });
  cleanups.push(() => sandbox.close());
  const logDir = join(dir, 'logs');
  const file = createFileLog({ logDir, keep: 5 });
  const loggerFor = (scope: string) => createJsonLinesLogger({ scope, write: file.write });
  const clock = new ManualClock();
  const settings = createSettingsService({
    // A setting a cashier typed the token into by mistake: it must not leave in the zip.
    store: createMemorySettingsStore({
      serviceBaseUrl: sandbox.baseUrl,
      shopName: `Shop ${API_TOKEN}`,
    }),
    defaults: defaultSettings({ reportTimeZone: 'UTC' }),
    policy: { status: { kind: 'none', path: '(none)' } },
    logger: silentLogger,
  });
  const services: AppServices = await createAppServices(
    {
      dataDir: dir,
      clock,
      logger: loggerFor('main'),
      settings,
      secrets: createMemorySecretStore({ token: API_TOKEN, origin: sandbox.origin }),
      version: '9.8.7',
      saveCsv: async () => ({ saved: false }),
      displays: { view: () => displays, onChange: () => () => undefined, identify: () => {} },
      logs: { dir: logDir, keep: file.keep },
      loggerFor,
      ...diagnostics(dir),
    },
    () => undefined,
  );
  cleanups.push(() => services.close());
  const call = (name: string, args: unknown = {}) =>
    dispatchCall(services.handlers, name, args, silentLogger);
  return { dir, logDir, loggerFor, call };
}

describe('export diagnostics', () => {
  it('saves one zip with every part, and no secret in any entry', async () => {
    const saved: { name: string; bytes: Uint8Array }[] = [];
    const { logDir, loggerFor, call } = await till(() => ({
      saveDiagnostics: async (name, bytes) => {
        saved.push({ name, bytes });
        return { saved: true, fileName: name };
      },
    }));
    loggerFor('nfc').info(`nfc token ${PAYMENT_TOKEN} read`, { token: PAYMENT_TOKEN });
    loggerFor('main').warn(`service said: Bearer ${API_TOKEN}`);
    // An archive written by something that did not redact (an older version, a hand edit).
    writeFileSync(join(logDir, 'main.1.log'), `{"message":"raw ${API_TOKEN} ${PAYMENT_TOKEN}"}\n`);
    appendFileSync(join(logDir, 'main.log'), `plain ${API_TOKEN}\n`);

    const answer = await call('exportDiagnostics');

    expect(answer).toEqual({
      ok: true,
      value: { saved: true, fileName: 'counter-diagnostics-2026-11-22-0900.zip' },
    });
    const entries = unzipSync(saved[0]!.bytes);
    expect(Object.keys(entries).sort()).toEqual([
      'about.json',
      'displays.json',
      'journal-check.json',
      'logs/main.1.log',
      'logs/main.log',
      'reader.json',
      'settings.json',
      'versions.json',
    ]);
    const text = (name: string) => strFromU8(entries[name]!);
    for (const name of Object.keys(entries)) {
      expect(text(name), name).not.toContain(API_TOKEN);
      expect(text(name), name).not.toContain(PAYMENT_TOKEN);
    }
    expect(JSON.parse(text('journal-check.json'))).toEqual({ result: 'ok' });
    expect(JSON.parse(text('versions.json'))).toMatchObject({
      app: '9.8.7',
      node: process.versions.node,
    });
    expect(JSON.parse(text('displays.json'))).toEqual(displays);
    expect(JSON.parse(text('reader.json'))).toMatchObject({ state: 'stopped' });
    expect(JSON.parse(text('settings.json'))).toMatchObject({
      values: { shopName: 'Shop [redacted]' },
    });
    expect(text('logs/main.log')).toContain('"scope":"nfc"');
    expect(text('logs/main.log')).toContain('nfc token [redacted] read');
    expect(text('logs/main.1.log')).toContain('raw [redacted] [redacted]');
  });

  it('answers "not saved" when the cashier closes the dialog, and a clear refusal where it cannot save', async () => {
    const cancelled = await till(() => ({ saveDiagnostics: async () => ({ saved: false }) }));
    expect(await cancelled.call('exportDiagnostics')).toEqual({
      ok: true,
      value: { saved: false },
    });

    const failing = await till(() => ({
      saveDiagnostics: async () => {
        throw new Error('EACCES: permission denied, open /root/x.zip');
      },
    }));
    expect(await failing.call('exportDiagnostics')).toEqual({
      ok: false,
      error: {
        kind: 'diagnostics-not-saved',
        message:
          'The diagnostics file could not be saved there. Choose another folder and try again.',
      },
    });

    const harnessLike = await till(() => ({}));
    expect(await harnessLike.call('exportDiagnostics')).toMatchObject({
      ok: false,
      error: { kind: 'diagnostics-unavailable' },
    });
  });

  it('logs page errors to the same file, redacted and paced, and refuses oversized ones', async () => {
    const { logDir, call } = await till(() => ({}));
    for (let n = 0; n < 25; n += 1) {
      expect(
        await call('reportPageError', { kind: 'error', message: `boom ${n} ${PAYMENT_TOKEN}` }),
      ).toEqual({ ok: true, value: null });
    }
    expect(
      await call('reportPageError', { kind: 'error', message: 'x'.repeat(5000) }),
    ).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } });
    expect(await call('reportPageError', { kind: 'error', message: 'hi', extra: 1 })).toMatchObject(
      {
        ok: false,
        error: { kind: 'invalid-argument' },
      },
    );

    const lines = readFileSync(join(logDir, 'main.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.scope === 'renderer');
    expect(lines).toHaveLength(20);
    expect(lines[0]).toMatchObject({
      level: 'error',
      message: 'page error',
      page: 'cashier',
      kind: 'error',
      pageMessage: 'boom 0 [redacted]',
    });
    expect(JSON.stringify(lines)).not.toContain(PAYMENT_TOKEN);
  });
});
