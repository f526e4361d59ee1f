import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox-server';
import {
  closeServiceTransport,
  routeServiceRequests,
} from '../../../electron/service-client/node-http-exchange';
import { createServiceClient } from '../../../electron/service-client/payment-service-client';
import { ServiceError } from '../../../electron/service-client/service-error';
import {
  closedPort,
  startForwardingProxy,
  type ForwardingProxy,
} from '../../support/forwarding-proxy';
import { ManualClock } from '../../support/manual-clock';
import { startHttpsEavesdropper, type HttpsEavesdropper } from '../app/https-eavesdropper';
import { ordersFor, qrRequest, usdtEthereum } from '../service-client/harness';

// The service client through a real forwarding proxy on loopback, as a shop's managed
// network sends it: the route comes from a resolver answering in PAC syntax, as Electron's
// resolveProxy does with the OS settings.
const TIMEOUT_MS = 10_000;
let clock: ManualClock;
let sandbox: RunningSandbox | undefined;
let proxy: ForwardingProxy | undefined;
let eavesdropper: HttpsEavesdropper | undefined;
let blackHole: Server | undefined;
const held = new Set<Socket>();

beforeEach(() => {
  clock = new ManualClock();
});
afterEach(async () => {
  routeServiceRequests(null, clock);
  closeServiceTransport();
  await sandbox?.close();
  await proxy?.close();
  await eavesdropper?.close();
  for (const socket of held) socket.destroy();
  held.clear();
  await new Promise((done) => (blackHole ? blackHole.close(done) : done(undefined)));
  sandbox = proxy = eavesdropper = blackHole = undefined;
});

function clientFor(baseUrl: string, token: string, getRetries = 2) {
  return createServiceClient({
    baseUrl,
    getToken: () => token,
    clock,
    timeoutMs: TIMEOUT_MS,
    getRetries,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ServiceError))
    throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

describe('the service client through the OS proxy', () => {
  it('sends a chain list and a sale through the proxy, on one pooled connection', async () => {
    sandbox = await startSandbox({ clock });
    proxy = await startForwardingProxy();
    const asked: string[] = [];
    routeServiceRequests((url) => {
      asked.push(url);
      return Promise.resolve(`${proxy!.pac}; DIRECT`);
    }, clock);
    const client = clientFor(sandbox.baseUrl, sandbox.token);

    expect((await client.listChains()).length).toBeGreaterThan(2);
    const request = qrRequest();
    await expect(client.createPaymentLink(request, usdtEthereum)).resolves.toMatchObject({
      amountMatches: true,
    });
    expect(ordersFor(sandbox, request.order_id)).toHaveLength(1);

    // Every request the sandbox answered came through the proxy, as absolute-URI requests.
    expect(proxy.requests()).toEqual([
      { kind: 'forward', method: 'GET', target: `${sandbox.baseUrl}/chain` },
      { kind: 'forward', method: 'POST', target: `${sandbox.baseUrl}/generate_qr` },
    ]);
    expect(sandbox.requests()).toHaveLength(2);
    expect(proxy.connections()).toBe(1);
    // One PAC question for the origin, not one per request.
    expect(asked).toEqual([`${sandbox.origin}/`]);
  });

  it('fails fast with "could not reach" when the proxy is down, and sends nothing', async () => {
    sandbox = await startSandbox({ clock });
    const port = await closedPort();
    routeServiceRequests(() => Promise.resolve(`PROXY 127.0.0.1:${port}`), clock);
    const client = clientFor(sandbox.baseUrl, sandbox.token, 0);

    // No clock movement: a refused proxy needs no deadline to be known.
    const sale = await failureOf(client.createPaymentLink(qrRequest(), usdtEthereum));
    expect(sale.failure.kind).toBe('no-connection');
    expect(sale.message).toMatch(/Could not reach the payment service/);
    expect(sale.message).toMatch(/Nothing was sent, so trying again is safe/);
    const chains = await failureOf(client.listChains());
    expect(chains.failure.kind).toBe('no-connection');
    expect(sandbox.requests()).toHaveLength(0);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('gives up at its own deadline when the proxy never answers, and lets go of the proxy', async () => {
    let closed = 0;
    // Reads and never answers, so it sees the till hang up.
    blackHole = createServer((socket) => {
      held.add(socket);
      socket.resume();
      socket.on('close', () => (closed += 1));
    });
    await new Promise<void>((ready) => blackHole!.listen(0, '127.0.0.1', ready));
    const port = (blackHole.address() as AddressInfo).port;
    routeServiceRequests(() => Promise.resolve(`PROXY 127.0.0.1:${port}`), clock);
    // https: the tunnel is still being set up when the deadline passes.
    const client = clientFor('https://127.0.0.1:9/v1/cf-payment', 'ab'.repeat(16), 0);

    const result = failureOf(client.listChains());
    const deadline = await clock.armed();
    await until(() => held.size === 1);
    clock.set(deadline);
    expect((await result).failure.kind).toBe('timeout');
    await until(() => closed === 1);
  });

  it('tunnels https with CONNECT and keeps the tunnel for the next request', async () => {
    eavesdropper = await startHttpsEavesdropper();
    proxy = await startForwardingProxy();
    routeServiceRequests(() => Promise.resolve(proxy!.pac), clock);
    const client = clientFor(eavesdropper.baseUrl, 'cd'.repeat(16));

    // The eavesdropper answers 401 to everything: the answer came end to end over TLS.
    expect((await failureOf(client.listChains())).failure.kind).toBe('invalid-token');
    expect((await failureOf(client.listChains())).failure.kind).toBe('invalid-token');
    expect(eavesdropper.requests()).toHaveLength(2);
    const authority = new URL(eavesdropper.origin).host;
    expect(proxy.requests()).toEqual([{ kind: 'tunnel', method: 'CONNECT', target: authority }]);
    expect(proxy.connections()).toBe(1);
  });

  it('a tunnel the proxy refuses is "could not reach", with nothing sent', async () => {
    eavesdropper = await startHttpsEavesdropper();
    proxy = await startForwardingProxy();
    proxy.refuseTunnels(403);
    routeServiceRequests(() => Promise.resolve(proxy!.pac), clock);
    const client = clientFor(eavesdropper.baseUrl, 'ef'.repeat(16), 0);

    const failure = await failureOf(client.createPaymentLink(qrRequest(), usdtEthereum));
    expect(failure.failure.kind).toBe('no-connection');
    expect(failure.message).toMatch(/Could not reach the payment service/);
    expect(eavesdropper.requests()).toEqual([]);
  });
});

/** Waits in event-loop turns (network I/O), never for time. */
async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 10_000 && !condition(); turn += 1)
    await new Promise<void>((resolve) => setImmediate(resolve));
  expect(condition()).toBe(true);
}
