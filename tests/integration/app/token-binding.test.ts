import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../electron/logging/logger';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox-server';
import { loadManagedPolicy } from '../../../electron/settings/managed-policy-loader';
import { createMemorySecretStore } from '../../../electron/settings/secret-store';
import { ManualClock } from '../../support/manual-clock';
import { startHarness, type Harness, type HarnessOptions } from '../../support/harness/harness';
import { callThrough, ok } from './harness-call';
import { startHttpsEavesdropper, type HttpsEavesdropper } from './https-eavesdropper';

// The API token goes only to the origin it was tested and saved with. Every way the cashier
// page, or IT's policy, can point the till at another address is tried against another
// https server listening on loopback, which this process trusts as the till would trust a
// real host: none of them may bring it the till's token. The till's own service is the real
// sandbox over HTTP; the services are createAppServices as the harness builds them.
const TOKEN = '0123456789abcdef0123456789abcdef';
const WRONG = 'ffffffffffffffffffffffffffffffff';
const OTHER_TOKEN = 'abcdefabcdefabcdefabcdefabcd0042';

let harness: Harness | undefined;
let eavesdropper: HttpsEavesdropper | undefined;
const sandboxes: RunningSandbox[] = [];

afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await eavesdropper?.close();
  eavesdropper = undefined;
  await Promise.all(sandboxes.splice(0).map((sandbox) => sandbox.close()));
});

const call = callThrough(() => harness);

async function sandbox(token = TOKEN): Promise<RunningSandbox> {
  const started = await startSandbox({ token });
  sandboxes.push(started);
  return started;
}

function policy(json: object) {
  return loadManagedPolicy({
    path: '/etc/counter-app/policy.json',
    readFile: () => JSON.stringify(json),
    logger: silentLogger,
  });
}

/** The till connected to `service`: its address saved, its token saved for its origin. */
async function tillOn(
  service: RunningSandbox,
  options: HarnessOptions = {},
): Promise<{ harness: Harness; eavesdropper: HttpsEavesdropper }> {
  eavesdropper = await startHttpsEavesdropper();
  harness = await startHarness({
    settings: { serviceBaseUrl: service.baseUrl, serialNumber: 'TILL-1' },
    secrets: createMemorySecretStore({ token: TOKEN, origin: service.origin }),
    ...options,
  });
  return { harness, eavesdropper };
}

/** What a cashier does next: the pickers, a QR sale, "Test connection" in the settings. */
async function useTheTill(): Promise<void> {
  await call('listChains');
  await call('listAssets', { chainId: '1' });
  const sale = await call('startQrSale', { amount: '3', chainId: '1', asset: 'USDT' });
  if (sale.ok) {
    await call('cancelSale');
    await call('finishSale');
  }
  await call('testConnection', {});
  await harness!.services.connection.settled();
}

describe('the API token goes only where it was tested', () => {
  it('the settings form cannot move the service: the address is refused, with the way to change it', async () => {
    const service = await sandbox();
    const { harness, eavesdropper } = await tillOn(service);

    const saved = await call('updateSettings', {
      patch: { serviceBaseUrl: eavesdropper.baseUrl, shopName: 'Corner Shop' },
    });
    expect(saved).toMatchObject({
      ok: false,
      error: {
        kind: 'settings-connection',
        message: expect.stringMatching(/Settings → IT → Payment service/),
      },
    });
    expect(await call('resetSettings', { keys: ['serviceBaseUrl'] })).toMatchObject({
      ok: false,
      error: { kind: 'settings-connection' },
    });
    await useTheTill();

    expect(eavesdropper.requests()).toEqual([]);
    expect(harness.settings.current().values).toMatchObject({
      serviceBaseUrl: service.baseUrl,
      shopName: '',
    });
    // The till still works with its own service and token.
    expect(service.requests().at(-1)?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(service.orders()).toHaveLength(1);
  });

  it('a new address without a token is refused before anything is sent', async () => {
    const service = await sandbox();
    const { eavesdropper } = await tillOn(service);

    expect(await call('connectService', { baseUrl: eavesdropper.baseUrl })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-argument' },
    });
    expect(
      await call('connectService', { baseUrl: eavesdropper.baseUrl, token: '' }),
    ).toMatchObject({ ok: false, error: { kind: 'token-invalid-token' } });
    // "Test connection" with a candidate address never borrows the stored token.
    expect(await call('testConnection', { baseUrl: eavesdropper.baseUrl })).toMatchObject({
      ok: true,
      value: { ok: false, message: expect.stringMatching(/token/) },
    });
    await useTheTill();

    expect(eavesdropper.requests()).toEqual([]);
    expect(service.requests().at(-1)?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('a wrong token for another address is tested there only, refused, and nothing changes', async () => {
    const service = await sandbox();
    const { harness, eavesdropper } = await tillOn(service);

    const refused = await call('connectService', { baseUrl: eavesdropper.baseUrl, token: WRONG });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'connection-test-failed',
        message: expect.stringMatching(/did not accept the API token.*Nothing was changed/),
      },
    });
    // What the cashier typed for that address went there, once (so the till's client does
    // reach this server and trusts it); the till's own token did not.
    expect(eavesdropper.authorizations()).toEqual([`Bearer ${WRONG}`]);
    expect(harness.settings.current().values.serviceBaseUrl).toBe(service.baseUrl);
    expect(await ok(call('tokenStatus'))).toEqual({
      set: true,
      maskedTail: '••••cdef',
      origin: service.origin,
    });

    await useTheTill();
    expect(eavesdropper.authorizations()).toEqual([`Bearer ${WRONG}`]);
    expect(service.requests().at(-1)?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  describe("IT's policy moving the address while the till runs", () => {
    it('a locked address: the token is not sent there, and the cashier is asked for its token', async () => {
      const service = await sandbox();
      const { harness, eavesdropper } = await tillOn(service);

      harness.settings.replacePolicy(
        policy({ settings: { serviceBaseUrl: eavesdropper.baseUrl }, locked: ['serviceBaseUrl'] }),
      );
      await harness.services.connection.settled();

      expect(await call('listChains')).toMatchObject({
        ok: false,
        error: {
          kind: 'invalid-request',
          message: expect.stringMatching(/service address changed.*enter the API token for it/i),
        },
      });
      expect(await ok(call('appInfo'))).toMatchObject({
        serviceOrigin: eavesdropper.origin,
        token: {
          set: false,
          origin: service.origin,
          problem: expect.stringMatching(/address changed/),
        },
      });
      await useTheTill();
      // Another address than the locked one is IT's to set, and is not even tried.
      expect(
        await call('connectService', { baseUrl: service.baseUrl, token: TOKEN }),
      ).toMatchObject({ ok: false, error: { kind: 'settings-managed' } });

      expect(eavesdropper.requests()).toEqual([]);
      expect(service.orders()).toEqual([]);
    });

    it('a preset replaced by another preset: the same', async () => {
      const service = await sandbox();
      const { harness, eavesdropper } = await tillOn(service, {
        settings: { serialNumber: 'TILL-1' },
        policy: policy({ settings: { serviceBaseUrl: service.baseUrl }, locked: [] }),
      });
      await ok(call('listChains'));
      expect(service.requests().at(-1)?.authorization).toBe(`Bearer ${TOKEN}`);

      harness.settings.replacePolicy(
        policy({ settings: { serviceBaseUrl: eavesdropper.baseUrl }, locked: [] }),
      );
      await harness.services.connection.settled();
      await useTheTill();

      expect(eavesdropper.requests()).toEqual([]);
      expect(service.orders()).toEqual([]);
    });
  });

  it('connecting to another service takes its address and its token together; disconnecting goes back to demo mode', async () => {
    const service = await sandbox();
    const other = await sandbox(OTHER_TOKEN);
    const { harness } = await tillOn(service);

    const connected = await ok(
      call('connectService', { baseUrl: `${other.baseUrl}/`, token: OTHER_TOKEN }),
    );
    expect(connected).toMatchObject({
      serviceOrigin: other.origin,
      token: { set: true, maskedTail: '••••0042', origin: other.origin },
      message: expect.stringMatching(/^Connected/),
    });
    expect(harness.settings.current().values.serviceBaseUrl).toBe(other.baseUrl);
    const before = service.requests().length;
    await useTheTill();
    expect(service.requests()).toHaveLength(before);
    expect(other.orders()).toHaveLength(1);
    expect(new Set(other.requests().map((request) => request.authorization))).toEqual(
      new Set([`Bearer ${OTHER_TOKEN}`]),
    );

    const disconnected = await ok(call('disconnectService'));
    expect(disconnected).toMatchObject({ serviceOrigin: null, token: { set: false } });
    expect(await ok(call('appInfo'))).toMatchObject({ demoMode: true });
    expect(harness.settings.current().values.serviceBaseUrl).toBe('');
    const otherBefore = other.requests().length;
    expect(await ok<unknown[]>(call('listChains'))).not.toHaveLength(0);
    expect(other.requests()).toHaveLength(otherBefore);
  });

  it('a token saved by an earlier version, without its address, is sent nowhere and the cashier is told', async () => {
    const service = await sandbox();
    await tillOn(service, { secrets: createMemorySecretStore({ token: TOKEN }) });

    expect(await call('listChains')).toMatchObject({
      ok: false,
      error: { kind: 'invalid-token' },
    });
    expect(await ok(call('tokenStatus'))).toEqual({
      set: false,
      problem: expect.stringMatching(/earlier version.*Enter/),
    });
    expect(service.requests()).toEqual([]);
  });
});

describe('"Test connection" is rate limited', () => {
  it('one test at a time, ten a minute on the till clock, refused in words', async () => {
    const service = await sandbox();
    const clock = new ManualClock();
    await tillOn(service, { clock });

    const both = await Promise.all([call('testConnection', {}), call('testConnection', {})]);
    expect(both).toMatchObject([
      { ok: true, value: { ok: true } },
      { ok: true, value: { ok: false, message: expect.stringMatching(/already running/) } },
    ]);
    for (let test = 2; test <= 10; test += 1)
      expect(await call('testConnection', {})).toMatchObject({ ok: true, value: { ok: true } });
    const sent = service.requests().length;
    expect(await call('testConnection', {})).toMatchObject({
      ok: true,
      value: { ok: false, message: expect.stringMatching(/Too many connection tests.*seconds/) },
    });
    expect(await call('connectService', { baseUrl: service.baseUrl, token: TOKEN })).toMatchObject({
      ok: false,
      error: { kind: 'connection-test-limited' },
    });
    expect(service.requests()).toHaveLength(sent);

    clock.advance(60_000);
    expect(await call('testConnection', {})).toMatchObject({ ok: true, value: { ok: true } });
  });
});
