import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditList } from '../../../shared/audit/audit-views';
import { settingKeys, type PageSettings } from '../../../shared/settings';
import { settingExports } from '../../../electron/diagnostics/settings-allow-list';
import { silentLogger } from '../../../electron/logging/logger';
import { loadManagedPolicy } from '../../../electron/settings/managed-policy-loader';
import { ManualClock } from '../../support/manual-clock';
import { startHarness, type Harness, type HarnessOptions } from '../../support/harness/harness';
import { callThrough, ok } from './harness-call';

// What IT's policy holds that must stay in main: IT's managers' PIN hashes, the rate
// provider's key and the update feed's password in their addresses, a gateway's path in the
// service address, a signed logo link's key. A page gets the settings by getSettings, by a
// write's answer and by the settings-changed event; a manager reads the audit trail and its CSV.
// Each route is searched for every secret, through the contract (dispatchCall, the guard, the
// real handlers) and the events main sends. (`.invalid` hosts: nothing is ever reached.)

const SALT = 'U2FsdFNhbHRTYWx0U2FsdA==';
const KEY = 'S2V5S2V5S2V5S2V5S2V5S2V5S2V5S2V5S2V5S2V5S2U=';
const PIN_HASH = `scrypt$16384$8$1$${SALT}$${KEY}`;
const MANAGER = 'Ottilie Vandersloot';

/**
 * A value with secrets for every setting the allow-list (settings-allow-list.ts) reduces, each
 * with the texts that give its secret away. Each passes its setting's schema.
 */
const planted = {
  serviceBaseUrl: {
    value: 'https://pay.example.invalid/tenant-7Hq2PathKey/v1/cf-payment',
    secrets: ['tenant-7Hq2PathKey'],
  },
  shopLogo: {
    value:
      'https://logouser:logoPassw0rd@cdn.example.invalid/shop/logo.png?X-Amz-Signature=sig0LogoQuerySecret#frag0Secret',
    secrets: ['logouser', 'logoPassw0rd', 'X-Amz-Signature', 'sig0LogoQuerySecret', 'frag0Secret'],
  },
  rateProviderUrl: {
    value: 'https://rateuser:ratePassw0rd@rates.example.invalid/v1/prices?apikey=rateKey0Secret',
    secrets: ['rateuser', 'ratePassw0rd', 'apikey', 'rateKey0Secret', '/v1/prices'],
  },
  updateFeedUrl: {
    value: 'https://feeduser:feedPassw0rd@updates.example.invalid/private-feed/?token=feedToken0',
    secrets: ['feeduser', 'feedPassw0rd', 'feedToken0', 'private-feed'],
  },
  provisionedManagers: {
    value: [{ name: MANAGER, pinHash: PIN_HASH }],
    secrets: [PIN_HASH, SALT, KEY, 'scrypt$', 'pinHash'],
  },
} as const;
/** Summarised in a diagnostics file only to pick its fields: nothing in it can be secret today. */
const NOTHING_TO_PLANT = ['receiptPrinter'];

const values = (pick: (entry: { value: unknown }) => unknown = (entry) => entry.value) =>
  Object.fromEntries(Object.entries(planted).map(([key, entry]) => [key, pick(entry)]));

/** IT's policy presetting every planted value (none locked, so the till may still write). */
function policyWith(settings: Record<string, unknown>, locked: string[] = []) {
  return loadManagedPolicy({
    path: '/etc/counter-app/policy.json',
    readFile: () => JSON.stringify({ settings, locked }),
    logger: silentLogger,
  });
}

/** Every planted secret `text` holds, named by its setting. */
function leaksIn(text: string): string[] {
  return Object.entries(planted).flatMap(([key, entry]) =>
    entry.secrets.filter((secret) => text.includes(secret)).map((secret) => `${key}: ${secret}`),
  );
}

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
const call = callThrough(() => harness);
const clock = new ManualClock();
const DAY = { fromDate: '2026-11-22', toDate: '2026-11-22' };

async function start(options: HarnessOptions) {
  const events: PageSettings[] = [];
  harness = await startHarness({
    clock,
    ...options,
    onEvent: (name, payload) => {
      if (name === 'settings-changed') events.push(payload as PageSettings);
    },
  });
  return events;
}

describe('settings reach a page without their secrets', () => {
  it('plants a secret in every setting the allow-list reduces', () => {
    expect([...Object.keys(planted), ...NOTHING_TO_PLANT].sort()).toEqual(
      settingKeys.filter((key) => settingExports[key].as === 'summary').sort(),
    );
  });

  it('getSettings, updateSettings, resetSettings and settings-changed carry none of them', async () => {
    const events = await start({ policy: policyWith(values()) });
    // Nobody signed in, PINs off: the page at start.
    const got = await ok<PageSettings>(call('getSettings'));
    const updated = await ok<PageSettings>(
      call('updateSettings', { patch: { shopName: 'Corner Shop' } }),
    );
    const reset = await ok<PageSettings>(call('resetSettings', { keys: ['shopName'] }));
    // IT's policy changes while the till runs: the page hears it.
    const heardBefore = events.length;
    harness!.settings.replacePolicy(
      policyWith({ ...values(), updateChannel: 'beta' }, ['updateFeedUrl']),
    );
    expect(events.length).toBeGreaterThan(heardBefore);
    expect(events.length).toBeGreaterThanOrEqual(4);

    const routes = { getSettings: got, updateSettings: updated, resetSettings: reset };
    for (const [route, settings] of Object.entries(routes)) {
      expect(leaksIn(JSON.stringify(settings)), route).toEqual([]);
    }
    events.forEach((settings, index) => {
      expect(leaksIn(JSON.stringify(settings)), `settings-changed ${index}`).toEqual([]);
    });

    // What the page needs is there: who IT's managers are, where each address goes.
    expect(got.view).toBe('page');
    expect(got.values).toMatchObject({
      provisionedManagers: [{ name: MANAGER }],
      serviceBaseUrl: 'https://pay.example.invalid/…/v1/cf-payment',
      shopLogo: 'https://cdn.example.invalid/shop/logo.png',
      rateProviderUrl: 'https://rates.example.invalid',
      updateFeedUrl: 'https://updates.example.invalid',
    });
    expect(events.at(-1)!.keys.updateFeedUrl).toEqual({ source: 'managed', locked: true });
  });

  it('the text V8 quotes from a broken policy file does not reach the page either', async () => {
    await start({
      policy: loadManagedPolicy({
        path: '/etc/counter-app/policy.json',
        readFile: () => `{"settings":{"provisionedManagers":[{"name":"A","pinHash":${PIN_HASH}}]}}`,
        logger: silentLogger,
      }),
    });
    const got = await ok<PageSettings>(call('getSettings'));
    expect(got.policy.kind).toBe('invalid');
    expect(leaksIn(JSON.stringify(got))).toEqual([]);
  });

  it('the service address the page was shown, sent back, means the one in effect', async () => {
    // A gateway on loopback that only records where requests arrive.
    const paths: string[] = [];
    const gateway = createServer((request, response) => {
      paths.push(request.url ?? '');
      response.writeHead(404).end();
    });
    await new Promise<void>((ready) => gateway.listen(0, '127.0.0.1', ready));
    const port = (gateway.address() as AddressInfo).port;
    try {
      await start({
        settings: { serviceBaseUrl: `http://127.0.0.1:${port}/tenant-7Hq2PathKey/v1/cf-payment` },
      });
      const got = await ok<PageSettings>(call('getSettings'));
      expect(got.values.serviceBaseUrl).toBe(`http://127.0.0.1:${port}/…/v1/cf-payment`);
      // Tested with a token typed for it: at the address in effect, gateway path and all.
      const tested = await ok<{ ok: boolean; message: string }>(
        call('testConnection', { baseUrl: got.values.serviceBaseUrl, token: 'a'.repeat(32) }),
      );
      expect(tested.ok).toBe(false);
      expect(paths).toEqual(['/tenant-7Hq2PathKey/v1/cf-payment/chain']);
      expect(leaksIn(JSON.stringify(tested))).toEqual([]);
    } finally {
      await new Promise((closed) => gateway.close(closed));
    }
    // Locked by IT to another gateway path: the refusal names it as a page may see it.
    harness!.settings.replacePolicy(
      policyWith(
        { serviceBaseUrl: 'https://pay.example.invalid/tenant-OtherPathKey/v1/cf-payment' },
        ['serviceBaseUrl'],
      ),
    );
    const refused = await call('connectService', {
      baseUrl: 'https://pay.example.invalid/v1/cf-payment',
      token: 'a'.repeat(32),
    });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'settings-managed' } });
    expect(JSON.stringify(refused)).not.toContain('tenant-OtherPathKey');
    expect(JSON.stringify(refused)).toContain('https://pay.example.invalid/…/v1/cf-payment');
  });
});

describe('the audit trail holds settings without their secrets', () => {
  it('a policy change and a service change: the rows, the audit view and the CSV', async () => {
    await start({ settings: { serviceBaseUrl: planted.serviceBaseUrl.value } });
    // The service address leaves with its token: one row, the address before and after.
    await ok(call('disconnectService'));
    // IT's policy brings every planted value while the till runs, then moves each again.
    harness!.settings.replacePolicy(policyWith(values()));
    harness!.settings.replacePolicy(
      policyWith({
        ...values(),
        rateProviderUrl: 'https://rates.example.invalid/v2/prices?apikey=rateKey0Secret&x=1',
        updateFeedUrl: 'https://feeduser:feedPassw0rd@updates.example.invalid/private-feed/v2/',
      }),
    );

    const list = await ok<AuditList>(call('auditEvents', DAY));
    const settingRows = list.rows.filter((row) => row.action === 'settings-changed');
    expect(settingRows.map((row) => row.object)).toEqual([
      expect.objectContaining({ kind: 'settings', id: 'rateProviderUrl, updateFeedUrl' }),
      expect.objectContaining({ kind: 'settings' }),
      expect.objectContaining({ kind: 'payment service', id: 'serviceBaseUrl' }),
    ]);
    expect(leaksIn(JSON.stringify(list))).toEqual([]);
    // IT still reads what changed, and to where.
    expect(settingRows[2]!.change).toEqual({
      before: { serviceBaseUrl: 'https://pay.example.invalid/…/v1/cf-payment' },
      after: { serviceBaseUrl: '', apiToken: 'removed' },
    });
    expect(settingRows[1]!.change).toMatchObject({
      after: {
        provisionedManagers: [{ name: MANAGER }],
        rateProviderUrl: 'https://rates.example.invalid',
        updateFeedUrl: 'https://updates.example.invalid',
      },
    });

    const saved = await ok<{ saved: boolean; fileName: string }>(call('exportAuditCsv', DAY));
    const csv = readFileSync(join(harness!.exportsDir, saved.fileName), 'utf8');
    expect(csv).toContain('rates.example.invalid');
    expect(leaksIn(csv)).toEqual([]);
  });
});
