import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LogoFetcher } from '../../../electron/catalogue/logo-fetcher';
import {
  closedPort,
  startForwardingProxy,
  type ForwardingProxy,
} from '../../support/forwarding-proxy';
import { ManualClock } from '../../support/manual-clock';
import { recordingLogger } from '../../support/secret-leak';
import { selfSignedCertificate } from '../../support/self-signed-certificate';

// Logos through a real forwarding proxy on loopback: plain http as absolute-URI requests,
// https through a CONNECT tunnel, and the inside-address rule still applied to the name.
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const pngUrl = `data:image/png;base64,${png.toString('base64')}`;
let clock: ManualClock;
let proxy: ForwardingProxy | undefined;
let servers: Server[];

beforeEach(() => {
  clock = new ManualClock();
  servers = [];
});
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
});

async function logoServer(secure: boolean): Promise<{ origin: string; ca?: string }> {
  const { key, cert } = selfSignedCertificate();
  const answer: Parameters<typeof createHttpServer>[1] = (_request, response) =>
    response.writeHead(200, { 'content-type': 'image/png' }).end(png);
  const server = secure ? createHttpsServer({ key, cert }, answer) : createHttpServer(answer);
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const port = (server.address() as AddressInfo).port;
  return secure
    ? { origin: `https://127.0.0.1:${port}`, ca: cert }
    : { origin: `http://127.0.0.1:${port}` };
}

function fetcher(
  pac: () => string,
  options: { demo?: boolean; ca?: string; resolveAll?: () => Promise<never[] | object[]> } = {},
) {
  return new LogoFetcher(clock, recordingLogger().logger, {
    isDemo: () => options.demo ?? true,
    resolveProxy: () => Promise.resolve(pac()),
    ...(options.ca ? { ca: options.ca } : {}),
    ...(options.resolveAll
      ? { resolveAll: options.resolveAll as () => Promise<{ address: string; family: number }[]> }
      : {}),
  });
}

describe('logos through the OS proxy', () => {
  it('downloads a demo-mode http logo as an absolute-URI request through the proxy', async () => {
    proxy = await startForwardingProxy();
    const { origin } = await logoServer(false);
    expect(await fetcher(() => proxy!.pac).dataUrl(`${origin}/eth.png`)).toBe(pngUrl);
    expect(proxy.requests()).toEqual([
      { kind: 'forward', method: 'GET', target: `${origin}/eth.png` },
    ]);
  });

  it('downloads an https logo through a CONNECT tunnel, TLS checked end to end', async () => {
    proxy = await startForwardingProxy();
    const { origin, ca } = await logoServer(true);
    expect(await fetcher(() => proxy!.pac, { ca: ca! }).dataUrl(`${origin}/eth.png`)).toBe(pngUrl);
    expect(proxy.requests()).toEqual([
      { kind: 'tunnel', method: 'CONNECT', target: new URL(origin).host },
    ]);
    // Without the server's CA the tunnel opens but TLS refuses the certificate.
    expect(await fetcher(() => proxy!.pac).dataUrl(`${origin}/sol.png`)).toBeNull();
  });

  it('still refuses a host inside the network outside demo mode, before asking the proxy', async () => {
    proxy = await startForwardingProxy();
    const inside = fetcher(() => proxy!.pac, {
      demo: false,
      resolveAll: () => Promise.resolve([{ address: '10.1.2.3', family: 4 }]),
    });
    expect(await inside.dataUrl('https://logos.example/eth.png')).toBeNull();
    expect(await inside.dataUrl('https://10.1.2.3/eth.png')).toBeNull();
    expect(proxy.requests()).toEqual([]);
  });

  it('gives up at once when the proxy is down', async () => {
    const port = await closedPort();
    const { origin } = await logoServer(false);
    expect(await fetcher(() => `PROXY 127.0.0.1:${port}`).dataUrl(`${origin}/eth.png`)).toBeNull();
    expect(clock.pendingTimers()).toBe(0);
  });
});
