import type { LookupAddress } from 'node:dns';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { getDefaultAutoSelectFamily, setDefaultAutoSelectFamily } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  downloadLogo,
  MAX_LOGO_BYTES,
  type LogoDownloadOptions,
} from '../../../electron/catalogue/logo-download';
import { isPublicAddress } from '../../../electron/network/public-address';
import { ManualClock } from '../../support/manual-clock';
import { selfSignedCertificate } from '../../support/self-signed-certificate';

// Logos by host name, as a real service's are: a real https server on loopback with a
// certificate for a test name, the download's resolver mapping that name to 127.0.0.1, and
// 127.0.0.1 declared public by the test only (production keeps the real rule).
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const pngUrl = `data:image/png;base64,${png.toString('base64')}`;
const TEST_ADDRESS = '127.0.0.1';
/** The test's declaration: its loopback server counts as public, nothing else changes. */
const testIsPublic = (address: string) => address === TEST_ADDRESS || isPublicAddress(address);
const loopback: LookupAddress = { address: TEST_ADDRESS, family: 4 };

/** An https logo server on loopback; it counts connections and the names clients asked for. */
class LogoServer {
  readonly server: Server;
  connections = 0;
  servernames: (string | false | null)[] = [];
  hosts: string[] = [];
  /** The certificate the server shows: the one CA a download trusts to reach it. */
  readonly cert: string;
  private readonly sockets = new Set<Socket>();
  constructor(tls: { key: string; cert: string }) {
    this.cert = tls.cert;
    this.server = createServer(tls, (req: IncomingMessage, res: ServerResponse) => {
      this.hosts.push(req.headers.host ?? '');
      if (req.url === '/moved.png') return res.writeHead(302, { location: '/eth.png' }).end();
      if (req.url === '/huge.png')
        return res
          .writeHead(200, { 'content-type': 'image/png' })
          .end(Buffer.alloc(MAX_LOGO_BYTES + 1));
      res.writeHead(200, { 'content-type': 'image/png' });
      // A slow drip: one byte, then nothing.
      if (req.url === '/drip.png') return res.write(png.subarray(0, 1));
      res.end(png);
    });
    this.server.on('connection', (socket: Socket) => {
      this.connections += 1;
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server.on('secureConnection', (socket: TLSSocket) =>
      this.servernames.push(socket.servername),
    );
    // A client that refuses the certificate drops the handshake; that is not a test failure.
    this.server.on('tlsClientError', () => undefined);
  }
  async listen(): Promise<number> {
    await new Promise<void>((ready) => this.server.listen(0, TEST_ADDRESS, ready));
    return (this.server.address() as AddressInfo).port;
  }
  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((done) => this.server.close(() => done()));
  }
}

describe('logos by host name', () => {
  let clock: ManualClock;
  let servers: LogoServer[];
  let asked: string[];
  const start = async (tls: { key: string; cert: string }) => {
    const server = new LogoServer(tls);
    servers.push(server);
    return { server, port: await server.listen() };
  };
  /** The download as production runs it outside demo mode, with the test's resolver. */
  const download = (
    url: string,
    names: Record<string, LookupAddress[]>,
    extra: Partial<LogoDownloadOptions> = {},
  ) =>
    downloadLogo(url, {
      clock,
      demo: false,
      resolveAll: (host) => {
        asked.push(host);
        const addresses = names[host];
        return addresses ? Promise.resolve(addresses) : Promise.reject(new Error('ENOTFOUND'));
      },
      isPublic: testIsPublic,
      ...extra,
    });

  beforeEach(() => {
    clock = new ManualClock();
    servers = [];
    asked = [];
  });
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it('loads a logo by host name from the checked address, TLS checked against the name', async () => {
    const { server, port } = await start(selfSignedCertificate({ dnsName: 'logos.test' }));
    expect(
      await download(
        `https://logos.test:${port}/eth.png`,
        { 'logos.test': [loopback] },
        { ca: server.cert },
      ),
    ).toEqual({ ok: true, dataUrl: pngUrl });
    expect(asked).toEqual(['logos.test']);
    expect(server.connections).toBe(1);
    expect(server.servernames).toEqual(['logos.test']);
    expect(server.hosts).toEqual([`logos.test:${port}`]);
  });

  it('loads by host name when Node asks for one address too (autoSelectFamily off)', async () => {
    const { server, port } = await start(selfSignedCertificate({ dnsName: 'logos.test' }));
    const before = getDefaultAutoSelectFamily();
    setDefaultAutoSelectFamily(false);
    try {
      expect(
        await download(
          `https://logos.test:${port}/eth.png`,
          { 'logos.test': [loopback] },
          { ca: server.cert },
        ),
      ).toEqual({ ok: true, dataUrl: pngUrl });
    } finally {
      setDefaultAutoSelectFamily(before);
    }
    expect(server.servernames).toEqual(['logos.test']);
  });

  it('refuses a name that resolves inside the network before any connection is made', async () => {
    const { server, port } = await start(selfSignedCertificate({ dnsName: 'logos.test' }));
    const ca = { ca: server.cert };
    const url = `https://logos.test:${port}/eth.png`;
    const inside = { ok: false, refusal: 'inside-address' };
    expect(await download(url, { 'logos.test': [{ address: '10.0.0.5', family: 4 }] }, ca)).toEqual(
      inside,
    );
    // The test's own address without its declaration: the real rule refuses loopback.
    expect(
      await download(url, { 'logos.test': [loopback] }, { ...ca, isPublic: isPublicAddress }),
    ).toEqual(inside);
    expect(await download(url, { 'logos.test': [{ address: '::1', family: 6 }] }, ca)).toEqual(
      inside,
    );
    expect(server.connections).toBe(0);
    // The same name, server and certificate load once the address is declared public.
    expect(await download(url, { 'logos.test': [loopback] }, ca)).toEqual({
      ok: true,
      dataUrl: pngUrl,
    });
    expect(server.connections).toBe(1);
  });

  it('refuses a name with several addresses when any one of them is inside', async () => {
    const { server, port } = await start(selfSignedCertificate({ dnsName: 'logos.test' }));
    const ca = { ca: server.cert };
    const url = `https://logos.test:${port}/eth.png`;
    const inside = { ok: false, refusal: 'inside-address' };
    for (const other of [
      { address: '10.0.0.5', family: 4 },
      { address: '192.168.1.20', family: 4 },
      { address: '::1', family: 6 },
      { address: '::ffff:10.0.0.5', family: 6 },
    ]) {
      expect(await download(url, { 'logos.test': [loopback, other] }, ca)).toEqual(inside);
      expect(await download(url, { 'logos.test': [other, loopback] }, ca)).toEqual(inside);
    }
    expect(await download(url, { 'logos.test': [] }, ca)).toEqual(inside);
    expect(server.connections).toBe(0);
    expect(await download(url, { 'logos.test': [loopback, loopback] }, ca)).toEqual({
      ok: true,
      dataUrl: pngUrl,
    });
    expect(server.connections).toBe(1);
  });

  it('checks the certificate against the host name, not the address connected to', async () => {
    const other = await start(selfSignedCertificate({ dnsName: 'other.test' }));
    const names = { 'logos.test': [loopback], 'other.test': [loopback] };
    const otherCa = { ca: other.server.cert };
    // A certificate for another name is refused...
    expect(await download(`https://logos.test:${other.port}/eth.png`, names, otherCa)).toEqual({
      ok: false,
      refusal: 'network',
    });
    // ...though it is good for its own name.
    expect(await download(`https://other.test:${other.port}/eth.png`, names, otherCa)).toEqual({
      ok: true,
      dataUrl: pngUrl,
    });
    expect(other.server.servernames).toEqual(['other.test']);

    // A certificate for the address 127.0.0.1 does not stand for a name that resolves to it...
    const byAddress = await start(selfSignedCertificate());
    const addressCa = { ca: byAddress.server.cert };
    expect(
      await download(`https://logos.test:${byAddress.port}/eth.png`, names, addressCa),
    ).toEqual({ ok: false, refusal: 'network' });
    // ...though it is good for the address itself (declared public by the test).
    expect(await download(`https://127.0.0.1:${byAddress.port}/eth.png`, names, addressCa)).toEqual(
      { ok: true, dataUrl: pngUrl },
    );
  });

  it('loads a host name in demo mode too, through the same lookup', async () => {
    const { server, port } = await start(selfSignedCertificate({ dnsName: 'logos.test' }));
    expect(
      await download(
        `https://logos.test:${port}/eth.png`,
        { 'logos.test': [loopback] },
        {
          ca: server.cert,
          demo: true,
          // The real rule, which demo mode does not apply: the sandbox is on loopback.
          isPublic: isPublicAddress,
        },
      ),
    ).toEqual({ ok: true, dataUrl: pngUrl });
    expect(server.servernames).toEqual(['logos.test']);
  });

  it('keeps the other rules for a host name: https only, no redirect, the size cap, the timeout', async () => {
    const { server, port } = await start(selfSignedCertificate({ dnsName: 'logos.test' }));
    const names = { 'logos.test': [loopback] };
    const ca = { ca: server.cert };
    expect(await download(`http://logos.test:${port}/eth.png`, names, ca)).toEqual({
      ok: false,
      refusal: 'not-https',
    });
    expect(server.connections).toBe(0);
    expect(await download('https://nowhere.test/eth.png', names, ca)).toEqual({
      ok: false,
      refusal: 'network',
    });
    expect(await download(`https://logos.test:${port}/moved.png`, names, ca)).toEqual({
      ok: false,
      refusal: 'redirect',
    });
    expect(await download(`https://logos.test:${port}/huge.png`, names, ca)).toEqual({
      ok: false,
      refusal: 'too-large',
    });
    const pending = download(`https://logos.test:${port}/drip.png`, names, ca);
    for (let i = 0; i < 500 && server.hosts.length < 3; i += 1)
      await new Promise((next) => setImmediate(next));
    expect(server.hosts).toHaveLength(3);
    clock.advance(5_000);
    expect(await pending).toEqual({ ok: false, refusal: 'timeout' });
  });
});
