import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../../electron/logging/logger';
import type { SpawnReader } from '../../../electron/nfc-host/reader-channel';
import type { HostToReader } from '../../../electron/nfc/reader-protocol';
import { silentLogger } from '../../../electron/logging/logger';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox-server';
import { loadManagedPolicy } from '../../../electron/settings/managed-policy-loader';
import { createMemorySecretStore } from '../../../electron/settings/secret-store';
import { ManualClock } from '../../support/manual-clock';
import { startHarness, type Harness, type HarnessOptions } from '../../support/harness/harness';
import { callThrough, ok } from './harness-call';

// A settings change redoes only what the changed keys call for. The services are built by
// createAppServices as the harness builds them; the payment service is the real sandbox over
// HTTP, and requests are counted where they arrive, in the sandbox.
const TOKEN = '0123456789abcdef0123456789abcdef';
let harness: Harness | undefined;
const sandboxes: RunningSandbox[] = [];

afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await Promise.all(sandboxes.splice(0).map((sandbox) => sandbox.close()));
});

async function sandbox(): Promise<RunningSandbox> {
  const started = await startSandbox({ token: TOKEN });
  sandboxes.push(started);
  return started;
}

async function start(options: HarnessOptions = {}): Promise<Harness> {
  harness = await startHarness(options);
  return harness;
}

/** The token saved for `service`, as connecting to it leaves it. */
const tokenFor = (service: RunningSandbox) =>
  createMemorySecretStore({ token: TOKEN, origin: service.origin });

/** IT's policy presetting the service address (an empty one: no service, demo mode). */
function presetAddress(serviceBaseUrl: string) {
  return loadManagedPolicy({
    path: '/etc/counter-app/policy.json',
    readFile: () => JSON.stringify({ settings: { serviceBaseUrl }, locked: [] }),
    logger: silentLogger,
  });
}

const call = callThrough(() => harness);

/** A reader process that only records what the host tells it and exits when asked. */
function recordingReader() {
  const sent: HostToReader[] = [];
  const spawn: SpawnReader = () => {
    const exits: ((code: number | null) => void)[] = [];
    const exit = (code: number | null) => exits.splice(0).forEach((listener) => listener(code));
    return {
      send: (message) => {
        sent.push(message);
        if (message.type === 'shutdown') queueMicrotask(() => exit(0));
      },
      onMessage: () => undefined,
      onExit: (listener) => void exits.push(listener),
      kill: () => exit(null),
    };
  };
  const configures = () => sent.filter((message) => message.type === 'configure');
  return { spawn, configures };
}

/** Keeps the messages of every log line, to count what the services did. */
function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const record = (message: string) => void lines.push(message);
  return { lines, info: record, warn: record, error: record };
}

describe('settings changes touch only what they change', () => {
  it('a picker tap sends nothing to the service, and the next QR sale sends only its order', async () => {
    const service = await sandbox();
    const reader = recordingReader();
    const customerViews: unknown[] = [];
    await start({
      settings: { serviceBaseUrl: service.baseUrl, serialNumber: 'TILL-1' },
      secrets: tokenFor(service),
      spawnReader: reader.spawn,
      clock: new ManualClock(),
      onEvent: (name, payload) => {
        if (name === 'customer-view') customerViews.push(payload);
      },
    });
    // What the start form does: the lists, then the cashier taps a chain and an asset.
    const chains = await ok<{ chainId: string }[]>(call('listChains'));
    const chainId = chains[0]!.chainId;
    const assets = await ok<{ asset: string }[]>(call('listAssets', { chainId }));
    const asset = assets[0]!.asset;
    const requestsBefore = service.requests().length;
    const viewsBefore = customerViews.length;
    const configuresBefore = reader.configures().length;

    await ok(call('updateSettings', { patch: { lastChainId: chainId } }));
    await ok(call('updateSettings', { patch: { lastChainId: chainId, lastAsset: asset } }));
    await harness!.services.connection.settled();

    expect(service.requests().slice(requestsBefore)).toEqual([]);
    expect(customerViews.slice(viewsBefore)).toEqual([]);
    expect(reader.configures()).toHaveLength(configuresBefore);

    await ok(call('startQrSale', { amount: '4', chainId, asset }));
    expect(
      service
        .requests()
        .slice(requestsBefore)
        .map((request) => request.endpoint),
    ).toEqual(['generate_qr']);
  });

  it('changing the NFC AID configures the reader exactly once, and nothing else does', async () => {
    const reader = recordingReader();
    await start({ spawnReader: reader.spawn, clock: new ManualClock() });
    expect(reader.configures()).toEqual([expect.objectContaining({ aid: 'F0504F533235' })]);

    await ok(call('updateSettings', { patch: { nfcAid: 'a0000000031010' } }));
    await ok(
      call('updateSettings', { patch: { shopName: 'Corner Shop', nfcAid: 'A0000000031010' } }),
    );
    await ok(call('updateSettings', { patch: { lastChainId: '1', lastAsset: 'USDT' } }));
    await harness!.services.connection.settled();

    expect(reader.configures()).toEqual([
      expect.objectContaining({ aid: 'F0504F533235' }),
      expect.objectContaining({ aid: 'A0000000031010' }),
    ]);
  });

  it("IT's NFC read deadline reaches the reader at start, and again only when the policy changes it", async () => {
    const reader = recordingReader();
    const deadline = (nfcReadDeadlineMs: number) =>
      loadManagedPolicy({
        path: '/etc/counter-app/policy.json',
        readFile: () => JSON.stringify({ settings: { nfcReadDeadlineMs }, locked: [] }),
        logger: silentLogger,
      });
    await start({ spawnReader: reader.spawn, clock: new ManualClock(), policy: deadline(3500) });
    expect(reader.configures()).toEqual([
      expect.objectContaining({ aid: 'F0504F533235', readDeadlineMs: 3500 }),
    ]);

    harness!.settings.replacePolicy(deadline(3500));
    await ok(call('updateSettings', { patch: { shopName: 'Corner Shop' } }));
    harness!.settings.replacePolicy(deadline(1200));
    await harness!.services.connection.settled();

    expect(reader.configures()).toEqual([
      expect.objectContaining({ readDeadlineMs: 3500 }),
      expect.objectContaining({ aid: 'F0504F533235', readDeadlineMs: 1200 }),
    ]);
  });

  it('the customer display is told again only when the shop name changes', async () => {
    const shopNames: string[] = [];
    await start({
      onEvent: (name, payload) => {
        if (name === 'customer-view') shopNames.push((payload as { shopName: string }).shopName);
      },
    });
    shopNames.length = 0;
    await ok(call('updateSettings', { patch: { lastChainId: '1', feeValue: '0.5' } }));
    await ok(call('updateSettings', { patch: { shopName: 'Corner Shop' } }));
    expect(shopNames).toEqual(['Corner Shop']);
  });

  it('two quick URL changes end on the second URL after exactly one refresh behind the first', async () => {
    const first = await sandbox();
    const second = await sandbox();
    const logger = recordingLogger();
    await start({ logger, secrets: tokenFor(second) });
    const refreshes = () => logger.lines.filter((line) => line === 'service connection refreshed');
    const sandboxStops = () =>
      logger.lines.filter((line) => line === 'demo mode ended: built-in sandbox stopped');
    expect(refreshes()).toHaveLength(1); // at start, in demo mode

    // IT's policy moves the address twice before either refresh has finished: the first is
    // still stopping the built-in sandbox when the second arrives.
    harness!.settings.replacePolicy(presetAddress(first.baseUrl));
    harness!.settings.replacePolicy(presetAddress(second.baseUrl));
    await harness!.services.connection.settled();

    expect(refreshes()).toHaveLength(1 + 2);
    expect(sandboxStops()).toHaveLength(1);
    expect(await ok(call('appInfo'))).toMatchObject({
      demoMode: false,
      serviceOrigin: second.origin,
    });
    await ok(call('listChains'));
    expect(second.requests().map((request) => request.endpoint)).toEqual(['chain']);
    expect(first.requests()).toEqual([]);
  });

  it('changes asked for during a refresh are run once, after it, with the latest settings', async () => {
    const service = await sandbox();
    const logger = recordingLogger();
    await start({ logger, secrets: tokenFor(service) });
    const refreshes = () => logger.lines.filter((line) => line === 'service connection refreshed');

    // Away from demo mode and straight back: the refresh that stops the built-in sandbox is
    // still running when the way back is asked for, and the way back must start it again.
    harness!.settings.replacePolicy(presetAddress(service.baseUrl));
    const write = call('updateSettings', { patch: { serialNumber: 'TILL-2' } });
    harness!.settings.replacePolicy(presetAddress(''));
    await harness!.services.connection.settled();
    expect(await write).toMatchObject({ ok: true });

    expect(refreshes()).toHaveLength(1 + 2);
    expect(await ok(call('appInfo'))).toMatchObject({ demoMode: true, needsSetup: false });
    const demo = harness!.services.connection.demoSandbox();
    expect(demo).not.toBeNull();
    expect(await ok<unknown[]>(call('listChains'))).not.toHaveLength(0);
    expect(demo!.requests().map((request) => request.endpoint)).toEqual(['chain']);
    expect(service.requests()).toEqual([]);
  });
});
