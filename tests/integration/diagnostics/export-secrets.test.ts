import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings, type SettingKey } from '../../../shared/settings';
import type { SaleSnapshot } from '../../../shared/sale/sale-snapshot';
import type { StaffSession } from '../../../shared/staff';
import type { CallResult } from '../../../shared/ipc/contract-kit';
import { createAppServices, type AppServices } from '../../../electron/app/app-services';
import { dispatchCall } from '../../../electron/app/dispatch-call';
import { createFileLog } from '../../../electron/logging/file-log';
import { createJsonLinesLogger, silentLogger } from '../../../electron/logging/logger';
import { startSandbox } from '../../../electron/sandbox/sandbox-server';
import { createMemorySettingsStore } from '../../../electron/settings/local-settings-store';
import { createMemorySecretStore } from '../../../electron/settings/secret-store';
import { createSettingsService } from '../../../electron/settings/settings-service';
import { hashPin } from '../../../electron/staff/pin-hash';
import { ManualClock } from '../../support/manual-clock';

// A day at a till with staff, through the app's real services (a real log folder, a real SQLite
// journal, the sandbox over HTTP), then "Export diagnostics" as main runs it: every file of the
// zip is searched for every secret that day used. Names, PINs and hashes are plain text no
// pattern of redact's catches: only what the bundle is built from decides whether they leave.
// (The sandbox takes only tokens of the published format, 32 hex digits.)
const API_TOKEN = '5f2b9c8e1d7a4036b8e9c2f1a0d3e7b4';
const MANAGER = { name: 'Zofia Quartermain', pin: '73194628' };
const CASHIER = { name: 'Bertil Okonkwo', pin: '58201937' };
const STALE_PIN = '40617253';
const POLICY_PATH = '/etc/counter/policy.json';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function ok<T>(pending: Promise<CallResult<unknown>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw new Error(`call refused: ${result.error.kind} ${result.error.message}`);
  return result.value as T;
}

/**
 * A till with PINs on, a manager IT provisions by its hash, the token saved for the sandbox. The
 * policy names the manager twice (an old entry IT forgot): the till logs that with the name.
 */
async function staffedTill(
  managerPinHash: string,
  stalePinHash: string,
  /** More of IT's policy, preset. */
  more: Record<string, unknown> = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'counter-diagnostics-secrets-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const sandbox = await startSandbox({ token: API_TOKEN });
  cleanups.push(() => sandbox.close());
  const logDir = join(dir, 'logs');
  const file = createFileLog({ logDir, keep: 5 });
  const loggerFor = (scope: string) => createJsonLinesLogger({ scope, write: file.write });
  const policySettings = {
    staffPinsRequired: true,
    autoLockMinutes: 0,
    provisionedManagers: [
      { name: MANAGER.name, pinHash: managerPinHash },
      { name: MANAGER.name, pinHash: stalePinHash },
    ],
    ...more,
  };
  const settings = createSettingsService({
    store: createMemorySettingsStore({
      serviceBaseUrl: sandbox.baseUrl,
      serialNumber: 'TILL-7',
      shopName: 'Corner Shop',
    }),
    defaults: defaultSettings({ reportTimeZone: 'UTC' }),
    policy: {
      status: {
        kind: 'applied',
        path: POLICY_PATH,
        presetKeys: Object.keys(policySettings) as SettingKey[],
        lockedKeys: ['provisionedManagers'],
      },
      policy: { settings: policySettings, locked: ['provisionedManagers'] },
    },
    logger: loggerFor('main'),
  });
  const saved: Uint8Array[] = [];
  const services: AppServices = await createAppServices(
    {
      dataDir: dir,
      clock: new ManualClock(),
      logger: loggerFor('main'),
      settings,
      secrets: createMemorySecretStore({ token: API_TOKEN, origin: sandbox.origin }),
      version: '9.8.7',
      saveCsv: async () => ({ saved: false }),
      logs: { dir: logDir, keep: file.keep },
      loggerFor,
      saveDiagnostics: async (name, bytes) => {
        saved.push(bytes);
        return { saved: true, fileName: name };
      },
    },
    () => undefined,
  );
  cleanups.push(() => services.close());
  const call = (name: string, args: unknown = {}) =>
    dispatchCall(services.handlers, name, args, silentLogger);
  return { dir, services, call, saved, loggerFor };
}

/** Every PIN hash the staff table holds (the cashier's was made by the till itself). */
function storedPinHashes(dir: string): string[] {
  const db = new DatabaseSync(join(dir, 'journal.sqlite'), { readOnly: true });
  try {
    return db
      .prepare('SELECT pin_hash FROM staff')
      .all()
      .map((row) => String(row.pin_hash));
  } finally {
    db.close();
  }
}

/** A hash and each of its parts long enough to be told apart: the salt and the key. */
function hashAndParts(pinHash: string): string[] {
  const [, , , , salt, key] = pinHash.split('$');
  return [pinHash, salt!, key!];
}

describe('export diagnostics after a day with staff', () => {
  it('carries no token, PIN, PIN hash, payment link or staff name in any file', async () => {
    const managerPinHash = await hashPin(MANAGER.pin);
    const stalePinHash = await hashPin(STALE_PIN);
    const { dir, services, call, saved, loggerFor } = await staffedTill(
      managerPinHash,
      stalePinHash,
    );
    await services.rates.ready();

    // The provisioned manager signs in with the PIN IT hashed and adds a cashier.
    const start = await ok<StaffSession>(call('staffSession'));
    const manager = start.staff.find((member) => member.name === MANAGER.name)!;
    expect(manager).toMatchObject({ role: 'manager' });
    await ok(call('signIn', { staffId: manager.staffId, pin: MANAGER.pin }));
    const added = await ok<StaffSession>(
      call('addStaff', { name: CASHIER.name, role: 'cashier', pin: CASHIER.pin }),
    );
    const cashier = added.staff.find((member) => member.name === CASHIER.name)!;
    await ok(call('signOut'));
    // A wrong PIN first (audited and counted), then the right one.
    expect(await call('signIn', { staffId: cashier.staffId, pin: '00000000' })).toMatchObject({
      ok: false,
    });
    await ok(call('signIn', { staffId: cashier.staffId, pin: CASHIER.pin }));
    await ok(call('openShift'));

    // Sales with payment links: one paid, one cancelled.
    const links: string[] = [];
    for (const end of ['confirmPaidByCashier', 'cancelSale'] as const) {
      const sale = await ok<SaleSnapshot>(
        call('startQrSale', { amount: '10', chainId: '1', asset: 'USDT' }),
      );
      expect(sale.link?.qrUrl).toMatch(/^http/);
      links.push(sale.link!.qrUrl);
      await ok(call(end));
      await ok(call('finishSale'));
    }
    // Uncaught errors of the cashier page go to the log file as they are: one quoting the link
    // it drew, one quoting the name on the screen.
    await ok(call('reportPageError', { kind: 'error', message: `QR failed for ${links[0]}` }));
    await ok(
      call('reportPageError', { kind: 'error', message: `Cannot render ${CASHIER.name}'s shift` }),
    );
    loggerFor('nfc').info('reader idle');

    // The cashier asks for diagnostics; the manager approves it with a PIN on the same screen.
    expect(await call('exportDiagnostics')).toMatchObject({
      ok: false,
      error: { kind: 'needs-manager' },
    });
    await ok(
      call('approveAction', {
        managerId: manager.staffId,
        pin: MANAGER.pin,
        call: 'exportDiagnostics',
        args: {},
      }),
    );
    await ok(call('exportDiagnostics'));
    expect(saved).toHaveLength(1);

    const hashes = storedPinHashes(dir);
    expect(hashes).toHaveLength(2);
    expect(hashes).toContain(managerPinHash);
    const secrets: Record<string, string> = {
      'the API token': API_TOKEN,
      "the manager's PIN": MANAGER.pin,
      "the cashier's PIN": CASHIER.pin,
      'the stale PIN': STALE_PIN,
      "the manager's name": MANAGER.name,
      "the cashier's name": CASHIER.name,
    };
    [...hashes, stalePinHash].flatMap(hashAndParts).forEach((part, index) => {
      secrets[`PIN hash part ${index}`] = part;
    });
    links.forEach((link, index) => {
      secrets[`payment link ${index}`] = link;
      // The link's query alone (a part that names the order's payment in full).
      secrets[`payment link ${index} query`] = new URL(link).search;
    });

    const entries = unzipSync(saved[0]!);
    expect(Object.keys(entries)).toEqual(
      expect.arrayContaining(['settings.json', 'logs/main.log', 'reader.json']),
    );
    const leaks: string[] = [];
    for (const [name, bytes] of Object.entries(entries)) {
      const text = strFromU8(bytes);
      for (const [what, secret] of Object.entries(secrets)) {
        if (text.includes(secret)) leaks.push(`${what} in ${name}`);
      }
    }
    expect(leaks).toEqual([]);

    // What IT does need is still there: the managers are counted, the log says what was done.
    const settingsJson = JSON.parse(strFromU8(entries['settings.json']!)) as {
      values: Record<string, unknown>;
    };
    expect(settingsJson.values).toMatchObject({
      staffPinsRequired: true,
      shopName: 'Corner Shop',
      provisionedManagers: { count: 2 },
    });
    const log = strFromU8(entries['logs/main.log']!);
    expect(log).toContain('"message":"staff signed in"');
    expect(log).toContain('"pageMessage":"QR failed for [payment link]"');
    expect(log).toContain('"name":"[redacted]"');
  });
});

describe('export diagnostics after the updater failed on a private feed', () => {
  it("masks the feed's password, path and key, and the rate provider's key, in a log line quoting them", async () => {
    const feed = {
      user: 'feeduser7',
      password: 'feedPassw0rd',
      path: '/private-feed-9x/',
      key: 'feedToken0Secret',
    };
    const rateKey = 'rateKey0Secret';
    const updateFeedUrl = `https://${feed.user}:${feed.password}@updates.example.invalid${feed.path}?token=${feed.key}`;
    const { call, saved, loggerFor } = await staffedTill(
      await hashPin(MANAGER.pin),
      await hashPin(STALE_PIN),
      {
        updateFeedUrl,
        rateProviderUrl: `https://rates.example.invalid/v1/prices?apikey=${rateKey}`,
      },
    );
    // As electron-updater words a 404 of the feed (GenericProvider around builder-util-runtime's
    // HttpError, its request description JSON-quoted), logged as the update service logs it.
    const url = `https://updates.example.invalid${feed.path}latest.yml?token=${feed.key}`;
    const description = JSON.stringify(
      `method: GET url: ${url}\n\nPlease double check that your authentication token is correct. Due to security reasons, actual status maybe not reported, but 404.\n`,
      null,
      '  ',
    );
    loggerFor('update').error('update: refused', {
      reason:
        `Cannot find channel "latest.yml" update info: HttpError: 404 Not Found\n${description}\n` +
        'Headers: {\n  "content-length": "0"\n}\n    at createHttpError (builder-util-runtime/out/httpExecutor.js:54:12)',
    });
    // And the address whole, as a line quoting the policy might.
    loggerFor('main').warn('rates: provider unreachable', {
      address: `https://rates.example.invalid/v1/prices?apikey=${rateKey}`,
      feed: updateFeedUrl,
    });

    // IT's manager signs in and exports.
    const start = await ok<StaffSession>(call('staffSession'));
    const manager = start.staff.find((member) => member.name === MANAGER.name)!;
    await ok(call('signIn', { staffId: manager.staffId, pin: MANAGER.pin }));
    await ok(call('exportDiagnostics'));
    const entries = unzipSync(saved[0]!);
    const log = strFromU8(entries['logs/main.log']!);
    expect(log).toContain('update: refused');
    expect(log).toContain('Cannot find channel');
    const leaks: string[] = [];
    for (const [name, bytes] of Object.entries(entries)) {
      const text = strFromU8(bytes);
      for (const secret of [feed.user, feed.password, feed.path, feed.key, rateKey]) {
        if (text.includes(secret)) leaks.push(`${secret} in ${name}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
