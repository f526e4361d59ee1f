import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { PreconnectHttpsAgent } from '../../../electron/network/preconnect-agent';
import type { RunningSandbox } from '../../../electron/sandbox/sandbox-server';
import {
  closeIdleServiceConnections,
  closeServiceTransport,
  preconnectService,
} from '../../../electron/service-client/node-http-exchange';
import { createServiceClient } from '../../../electron/service-client/payment-service-client';
import { ManualClock } from '../../support/manual-clock';
import { selfSignedCertificate } from '../../support/self-signed-certificate';
import { startTlsSandbox } from '../../support/tls-sandbox';
import { qrRequest, until, usdtEthereum } from '../service-client/harness';

// The connection "Show QR" uses, made while the cashier types: over real TLS to the
// sandbox, which counts the TCP connections and TLS handshakes it accepted.
let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  closeServiceTransport();
  await sandbox?.close();
  sandbox = undefined;
});

function clientFor(running: RunningSandbox) {
  return createServiceClient({
    baseUrl: running.baseUrl,
    getToken: () => running.token,
    clock: new ManualClock(),
    // The links are https://127.0.0.1:PORT/...: a wallet host IT would have to allow.
    allowedWalletHosts: () => [new URL(running.origin).host],
  });
}

describe('pre-connecting to the service', () => {
  it('opens one TLS connection, sends nothing on it, and the sale request reuses it', async () => {
    sandbox = await startTlsSandbox();

    await expect(preconnectService(sandbox.baseUrl)).resolves.toBe('opened');
    // The sandbox completes its side of the handshake when the client's last flight lands.
    await until(() => sandbox!.connections().tls === 1, 'the handshake');
    expect(sandbox.connections()).toMatchObject({ tcp: 1, tls: 1, open: 1 });
    expect(sandbox.requests()).toHaveLength(0);
    // Asked again while it waits: nothing more is opened.
    await expect(preconnectService(sandbox.baseUrl)).resolves.toBe('parked');

    const link = await clientFor(sandbox).createPaymentLink(qrRequest(), usdtEthereum);
    expect(link.amountMatches).toBe(true);
    expect(sandbox.orders()).toHaveLength(1);
    expect(sandbox.connections()).toMatchObject({ tcp: 1, tls: 1 });
  });

  it('does nothing while the pool holds an idle connection to the service', async () => {
    sandbox = await startTlsSandbox();
    await clientFor(sandbox).listChains();

    await expect(preconnectService(sandbox.baseUrl)).resolves.toBe('pooled');
    expect(sandbox.connections()).toMatchObject({ tcp: 1, tls: 1 });
  });

  it('resumes the TLS session after the idle connections closed', async () => {
    sandbox = await startTlsSandbox();
    const client = clientFor(sandbox);
    await client.listChains();
    closeIdleServiceConnections();

    await expect(preconnectService(sandbox.baseUrl)).resolves.toBe('opened');
    await client.createPaymentLink(qrRequest(), usdtEthereum);
    expect(sandbox.connections()).toMatchObject({ tcp: 2, tls: 2, tlsResumed: 1 });
  });

  it('reports a service it cannot reach as failed, and the request still reports it', async () => {
    sandbox = await startTlsSandbox();
    const { baseUrl } = sandbox;
    await sandbox.close();
    sandbox = undefined;

    await expect(preconnectService(baseUrl)).resolves.toBe('failed');
  });
});

describe('an idle pre-connected connection', () => {
  let server: Server | undefined;
  const trustedBefore = getCACertificates('default');
  afterEach(async () => {
    setDefaultCACertificates(trustedBefore);
    server?.closeAllConnections();
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
    server = undefined;
  });

  it("is closed by the till after the agent's idle timeout", async () => {
    const { key, cert } = selfSignedCertificate();
    setDefaultCACertificates([...trustedBefore, cert]);
    const closed: Promise<number>[] = [];
    server = createServer({ key, cert });
    server.on('secureConnection', (socket: Socket) => {
      const openedAt = performance.now();
      closed.push(
        new Promise((done) => socket.once('close', () => done(performance.now() - openedAt))),
      );
    });
    server.on('request', () => {
      throw new Error('nothing may be sent on a pre-connected connection');
    });
    await new Promise<void>((ready) => server!.listen(0, '127.0.0.1', ready));
    const port = (server.address() as AddressInfo).port;
    // A short idle timeout stands in for the app's 50 s: the mechanism is the same.
    const agent = new PreconnectHttpsAgent({ keepAlive: true, timeout: 150 });

    await expect(agent.preconnect('127.0.0.1', port)).resolves.toBe('opened');
    await until(() => closed.length === 1, 'the handshake');
    // The till closes it (the server's own timeouts are minutes long), no request made.
    const openFor = await closed[0];
    expect(openFor).toBeGreaterThanOrEqual(100);
    await expect(agent.preconnect('127.0.0.1', port)).resolves.toBe('opened');
    agent.destroy();
  });
});
