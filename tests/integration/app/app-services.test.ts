import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import type { Calls, Events } from '../../../shared/ipc/contract';
import { silentLogger } from '../../../electron/logging/logger';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox-server';
import { loadManagedPolicy } from '../../../electron/settings/managed-policy-loader';
import { findSecret } from '../../support/secret-leak';
import { startHarness, type Harness, type HarnessOptions } from '../../support/harness/harness';
import { callThrough } from './harness-call';

// The app's services through the contract (dispatchCall, as both transports use it), with the
// real sandbox over HTTP and a real SQLite journal: what main does for each page call.
const TOKEN = '0123456789abcdef0123456789abcdef';
let harness: Harness | undefined;
let sandbox: RunningSandbox | undefined;

afterEach(async () => {
  await harness?.close();
  await sandbox?.close();
  harness = undefined;
  sandbox = undefined;
});

async function start(options: HarnessOptions = {}): Promise<Harness> {
  harness = await startHarness(options);
  return harness;
}

const call = callThrough(() => harness);

function policy(json: object) {
  return loadManagedPolicy({
    path: '/etc/counter-app/policy.json',
    readFile: () => JSON.stringify(json),
    logger: silentLogger,
  });
}

describe('app services', () => {
  it('runs in demo mode against the built-in sandbox when no service is configured', async () => {
    await start();
    expect(await call('appInfo')).toMatchObject({
      ok: true,
      value: { demoMode: true, needsSetup: false },
    });
    const chains = await call('listChains');
    expect(chains).toMatchObject({ ok: true });
    expect((chains as { value: unknown[] }).value.length).toBeGreaterThan(2);
  });

  it('asks for set-up, with a clear refusal, when IT disallows demo mode and no service is set', async () => {
    await start({
      policy: policy({ settings: { demoModeAllowed: false }, locked: ['demoModeAllowed'] }),
    });
    expect(await call('appInfo')).toMatchObject({
      ok: true,
      value: { demoMode: false, needsSetup: true },
    });
    const chains = await call('listChains');
    expect(chains).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(harness!.services.connection.demoSandbox()).toBeNull();
  });

  it('switches to a real service once its URL and token passed their test together, and the token never comes back out', async () => {
    sandbox = await startSandbox({ token: TOKEN });
    const events: unknown[] = [];
    await start();
    const results: unknown[] = [];
    const record = async (name: keyof Calls & string, args: unknown = {}) => {
      const result = await call(name, args);
      results.push(result);
      return result;
    };
    expect(
      await record('testConnection', {
        baseUrl: sandbox.baseUrl,
        token: 'ffffffffffffffffffffffffffffffff',
      }),
    ).toMatchObject({ ok: true, value: { ok: false } });
    expect(
      await record('testConnection', { baseUrl: sandbox.baseUrl, token: TOKEN }),
    ).toMatchObject({ ok: true, value: { ok: true } });
    expect(
      await record('connectService', { baseUrl: `${sandbox.baseUrl}/`, token: TOKEN }),
    ).toMatchObject({
      ok: true,
      value: {
        serviceOrigin: sandbox.origin,
        token: { set: true, maskedTail: expect.stringMatching(/cdef$/), origin: sandbox.origin },
      },
    });
    expect(await record('updateSettings', { patch: { serialNumber: 'TILL-7' } })).toMatchObject({
      ok: true,
    });
    // Connecting answers once the connection followed it (the built-in sandbox stopped).
    expect(harness!.services.connection.demoSandbox()).toBeNull();
    expect(await record('appInfo')).toMatchObject({
      ok: true,
      value: { demoMode: false, serviceOrigin: sandbox.origin },
    });
    const chains = (await record('listChains')) as { ok: true; value: { chainId: string }[] };
    const assets = (await record('listAssets', { chainId: chains.value[0]!.chainId })) as {
      ok: true;
      value: { asset: string }[];
    };
    const sale = await record('startQrSale', {
      amount: '3',
      chainId: chains.value[0]!.chainId,
      asset: assets.value[0]!.asset,
    });
    expect(sale).toMatchObject({ ok: true, value: { state: 'awaiting-payment' } });
    expect(sandbox.orders()).toHaveLength(1);
    expect(sandbox.orders()[0]).toMatchObject({ serialNumber: 'TILL-7' });
    expect(sandbox.requests().at(-1)?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(harness!.services.connection.demoSandbox()).toBeNull();
    for (const name of ['sale-changed', 'customer-view', 'settings-changed'] as (keyof Events &
      string)[])
      events.push(harness!.services.latest(name));
    expect(findSecret(results, TOKEN)).toEqual([]);
    expect(findSecret(events, TOKEN)).toEqual([]);
    const journal = readFileSync(join(harness!.dataDir, 'journal.sqlite'));
    expect(journal.includes(Buffer.from(TOKEN))).toBe(false);
  });

  it('tells the customer display of a new link before the cashier page and before answering the call', async () => {
    const order: string[] = [];
    await start({
      onEvent: (name, payload) => {
        const state = (payload as { state?: string; phase?: string } | null) ?? {};
        if (name === 'sale-changed' || name === 'customer-view')
          order.push(`${name}:${state.state ?? state.phase}`);
      },
    });
    const startSale = async () => {
      const started = await call('startQrSale', { amount: '5', chainId: '1', asset: 'USDT' });
      order.push('answer');
      expect(started).toMatchObject({ ok: true });
      await call('cancelSale');
      await call('finishSale');
    };
    await startSale(); // loads the chain's and asset's logos
    order.length = 0;
    await startSale();
    const scan = order.indexOf('customer-view:scan');
    expect(scan).toBeGreaterThanOrEqual(0);
    expect(scan).toBeLessThan(order.indexOf('sale-changed:awaiting-payment'));
    expect(scan).toBeLessThan(order.indexOf('answer'));
  });

  it('refuses to change a setting IT locked, and says so', async () => {
    await start({
      policy: policy({ settings: { currency: 'EUR', feeValue: '0.25' }, locked: ['currency'] }),
    });
    const settings = (await call('getSettings')) as {
      ok: true;
      value: {
        values: { currency: string };
        keys: Record<string, { locked: boolean; source: string }>;
      };
    };
    expect(settings.value.values.currency).toBe('EUR');
    expect(settings.value.keys.currency).toEqual({ source: 'managed', locked: true });
    expect(settings.value.keys.feeValue?.locked).toBe(false);
    const refused = await call('updateSettings', { patch: { currency: 'USD' } });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'settings-managed' } });
    expect(await call('updateSettings', { patch: { feeValue: '0.5' } })).toMatchObject({
      ok: true,
    });
  });

  it('answers the history, the report and a CSV export of the day', async () => {
    await start();
    const chains = (await call('listChains')) as {
      ok: true;
      value: { chainId: string; name: string }[];
    };
    const chain = chains.value.find((c) => c.name === 'POLYGON')!;
    const assets = (await call('listAssets', { chainId: chain.chainId })) as {
      ok: true;
      value: { asset: string }[];
    };
    await call('startQrSale', {
      amount: '7.25',
      chainId: chain.chainId,
      asset: assets.value[0]!.asset,
    });
    await call('confirmPaidByCashier');
    await call('finishSale');
    const today = ((await call('todayDate')) as { value: string }).value;
    const listed = (await call('listOrders', { fromDate: today, toDate: today })) as {
      ok: true;
      value: { orders: { reference: string; state: string }[]; truncated: boolean };
    };
    const orders = listed.value.orders;
    expect(orders).toHaveLength(1);
    expect(listed.value.truncated).toBe(false);
    expect(orders[0]!.state).toBe('paid-confirmed-by-cashier');
    const found = await call('searchOrders', {
      query: orders[0]!.reference.toLowerCase().replace('-', ''),
    });
    expect(found).toMatchObject({ ok: true, value: [{ reference: orders[0]!.reference }] });
    const report = await call('report', { fromDate: today, toDate: today });
    expect(report).toMatchObject({
      ok: true,
      value: { orderCount: 1, byChainAsset: [{ chainName: 'POLYGON', takenAmount: '7.25' }] },
    });
    const exported = (await call('exportCsv', { fromDate: today, toDate: today })) as {
      ok: true;
      value: { fileName: string; rows: number };
    };
    expect(exported.value.rows).toBe(1);
    const rows = parse(readFileSync(join(harness!.exportsDir, exported.value.fileName)), {
      columns: true,
    }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({ amount: '7.25', state: 'paid-confirmed-by-cashier' });
    expect(await call('report', { fromDate: today, toDate: '2000-01-01' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-period' },
    });
  });
});
