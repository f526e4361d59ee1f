import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LogoFetcher } from '../../../electron/catalogue/logo-fetcher';
import { MAX_LOGO_BYTES } from '../../../electron/catalogue/logo-download';
import { recordingLogger } from '../../support/secret-leak';
import { ManualClock } from '../../support/manual-clock';

/** A logo server on loopback that misbehaves as each test asks; it counts what reaches it. */
class HostileServer {
  readonly server: Server;
  connections = 0;
  open = 0;
  maxOpen = 0;
  bytesWritten = 0;
  requests: string[] = [];
  private readonly sockets = new Set<Socket>();
  constructor(handler: (req: IncomingMessage, res: ServerResponse, self: HostileServer) => void) {
    this.server = createServer((req, res) => {
      this.requests.push(req.url ?? '');
      handler(req, res, this);
    });
    this.server.on('connection', (socket) => {
      this.connections += 1;
      this.open += 1;
      this.maxOpen = Math.max(this.maxOpen, this.open);
      this.sockets.add(socket);
      socket.on('close', () => {
        this.open -= 1;
        this.sockets.delete(socket);
      });
    });
  }
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const until = async (test: () => boolean) => {
  for (let i = 0; i < 500 && !test(); i += 1) await new Promise((r) => setImmediate(r));
  expect(test()).toBe(true);
};

describe('logo downloads cannot exhaust memory or reach inside the network', () => {
  let clock: ManualClock;
  let servers: HostileServer[];
  const start = async (handler: ConstructorParameters<typeof HostileServer>[0]) => {
    const server = new HostileServer(handler);
    servers.push(server);
    return { server, origin: await server.listen() };
  };
  const fetcher = () => new LogoFetcher(clock, recordingLogger().logger, { isDemo: () => true });

  beforeEach(() => {
    clock = new ManualClock();
    servers = [];
  });
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it('serves a good logo as a data: URL', async () => {
    const { origin } = await start((_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(png),
    );
    expect(await fetcher().dataUrl(`${origin}/eth.png`)).toBe(
      `data:image/png;base64,${png.toString('base64')}`,
    );
  });

  it('stops reading an endless body at the cap and drops the connection', async () => {
    const { server, origin } = await start((_req, res, self) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(16 * 1024, 1);
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) self.bytesWritten += chunk.length;
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    expect(await fetcher().dataUrl(`${origin}/endless.png`)).toBeNull();
    await until(() => server.open === 0);
    // What the server managed to push before the socket closed: the cap plus socket buffers.
    expect(server.bytesWritten).toBeLessThan(MAX_LOGO_BYTES + 8 * 1024 * 1024);
  });

  it('gives up on a slow drip when its time is up, on the injected clock', async () => {
    const { server, origin } = await start((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(png.subarray(0, 1));
    });
    const pending = fetcher().dataUrl(`${origin}/drip.png`);
    await until(() => server.requests.length === 1);
    clock.advance(5_000);
    expect(await pending).toBeNull();
    await until(() => server.open === 0);
  });

  it('refuses a body that is not an image', async () => {
    const { origin } = await start((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>'),
    );
    expect(await fetcher().dataUrl(`${origin}/logo.png`)).toBeNull();
  });

  it('follows no redirect, so another host is never asked', async () => {
    const other = await start((_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(png),
    );
    const { origin } = await start((_req, res) =>
      res.writeHead(302, { location: `${other.origin}/logo.png` }).end(),
    );
    expect(await fetcher().dataUrl(`${origin}/logo.png`)).toBeNull();
    expect(other.server.connections).toBe(0);
  });

  it('outside demo mode, refuses a name that resolves inside the network before connecting', async () => {
    const { server, origin } = await start((_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(png),
    );
    const port = new URL(origin).port;
    const asked: string[] = [];
    const toLoopback = async (host: string) => {
      asked.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const log = recordingLogger();
    const live = new LogoFetcher(clock, log.logger, {
      isDemo: () => false,
      resolveAll: toLoopback,
    });
    expect(await live.dataUrl(`https://logos.example:${port}/eth.png`)).toBeNull();
    expect(await live.dataUrl(`https://127.0.0.1:${port}/eth.png`)).toBeNull();
    expect(await live.dataUrl(`http://logos.example:${port}/eth.png`)).toBeNull();
    expect(await live.dataUrl(`${origin}/eth.png`)).toBeNull();
    // Each for its own reason: the name was resolved and its address found inside, not a
    // failure to connect (a host name that loads is in logo-download-host-name.test.ts).
    expect(log.calls.map((call) => call.fields)).toEqual([
      { host: `logos.example:${port}`, reason: 'inside-address' },
      { host: `127.0.0.1:${port}`, reason: 'inside-address' },
      { host: `logos.example:${port}`, reason: 'not-https' },
      { host: `127.0.0.1:${port}`, reason: 'not-https' },
    ]);
    expect(asked).toEqual(['logos.example']);
    expect(server.connections).toBe(0);
  });

  it('downloads at most 4 logos at a time', async () => {
    const held: ServerResponse[] = [];
    const { server, origin } = await start((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      held.push(res);
    });
    const logos = fetcher();
    const all = Promise.all(
      Array.from({ length: 10 }, (_, i) => logos.dataUrl(`${origin}/${i}.png`)),
    );
    await until(() => held.length === 4);
    for (let round = 0; round < 10; round += 1) await new Promise((r) => setImmediate(r));
    expect(server.maxOpen).toBe(4);
    while (held.length < 10 || held.some((res) => !res.writableEnded)) {
      for (const res of held) if (!res.writableEnded) res.end(png);
      await new Promise((r) => setImmediate(r));
    }
    expect((await all).every((url) => url?.startsWith('data:image/png'))).toBe(true);
    expect(server.maxOpen).toBe(4);
  });

  it('keeps a bounded cache: the least recently used logo is fetched again', async () => {
    const { server, origin } = await start((_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(png),
    );
    const logos = fetcher();
    await logos.dataUrl(`${origin}/first.png`);
    await logos.dataUrl(`${origin}/first.png`);
    expect(server.requests.filter((url) => url === '/first.png')).toHaveLength(1);
    for (let i = 0; i < 128; i += 1) await logos.dataUrl(`${origin}/${i}.png`);
    await logos.dataUrl(`${origin}/first.png`);
    expect(server.requests.filter((url) => url === '/first.png')).toHaveLength(2);
  });
});
