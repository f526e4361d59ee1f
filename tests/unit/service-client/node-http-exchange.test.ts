import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
  type Socket,
} from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExchangeOutcome, ExchangeRequest } from '../../../electron/service-client/exchange';
import {
  closeServiceTransport,
  exchange,
} from '../../../electron/service-client/node-http-exchange';
import { ManualClock } from '../../support/manual-clock';
import { findSecret } from '../../support/secret-leak';
import { TOKEN } from './fixtures';

// node-http-exchange.ts against tiny real servers on 127.0.0.1: what a fetch stub cannot
// show (socket phases, keep-alive reuse, bytes on the wire). Time moves only on a ManualClock.

const TIMEOUT_MS = 10_000;
const CAP = 4 * 1024;

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface TestServer {
  url: string;
  received: Received[];
  /** TCP connections accepted so far. */
  connections: number;
  /** Sockets the server saw close. */
  closedSockets: number;
  /** Resolves when the n-th request (1-based) has been read whole. */
  requestArrived(n: number): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string, index: number) => void;

const servers: (Server | TcpServer)[] = [];
const sockets = new Set<Socket>();

afterEach(async () => {
  closeServiceTransport();
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await Promise.all(
    servers
      .splice(0)
      .map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
});

async function listen(server: Server | TcpServer): Promise<number> {
  servers.push(server);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function startServer(handler: Handler): Promise<TestServer> {
  const received: Received[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const state = {
    connections: 0,
    closedSockets: 0,
  };
  const server = createHttpServer({ keepAlive: true }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      for (const waiter of waiters.filter((w) => w.n <= received.length)) waiter.resolve();
      handler(req, res, body, received.length - 1);
    });
  });
  server.on('connection', (socket: Socket) => {
    state.connections += 1;
    socket.on('close', () => (state.closedSockets += 1));
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}/v1/cf-payment/chain`,
    received,
    get connections() {
      return state.connections;
    },
    get closedSockets() {
      return state.closedSockets;
    },
    requestArrived(n) {
      if (received.length >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
  };
}

const clock = new ManualClock();
const limits = { clock, timeoutMs: TIMEOUT_MS, maxResponseBytes: CAP };

function get(url: string): ExchangeRequest {
  return { method: 'GET', url, token: TOKEN };
}
function post(
  url: string,
  body = '{"order_id":"ord-1","amount":"1.5","note":"café"}',
): ExchangeRequest {
  return { method: 'POST', url, token: TOKEN, body };
}

/** Every outcome is plain data: no token, whatever happened. */
function clean(outcome: ExchangeOutcome): ExchangeOutcome {
  expect(findSecret(outcome, TOKEN)).toEqual([]);
  return outcome;
}

const okBody = '{"data":[],"errors":[],"msg":"","error_code":""}';

describe('node:http exchange: requests and answers', () => {
  it('sends a GET with Accept and the bearer token, and no body headers', async () => {
    const server = await startServer((_req, res) => res.end(okBody));
    const outcome = await exchange(get(`${server.url}?chain_id=1`), limits);
    expect(outcome).toEqual({ type: 'response', status: 200, text: okBody });
    const [request] = server.received;
    expect(request).toMatchObject({
      method: 'GET',
      url: '/v1/cf-payment/chain?chain_id=1',
      body: '',
    });
    expect(request?.headers).toMatchObject({
      accept: 'application/json',
      authorization: `Bearer ${TOKEN}`,
    });
    expect(request?.headers['content-type']).toBeUndefined();
    expect(clock.pendingTimers()).toBe(0);
  });

  it('sends a POST with Content-Type and the byte length (not the string length)', async () => {
    const server = await startServer((_req, res) => res.end(okBody));
    const request = post(server.url);
    await exchange(request, limits);
    expect(server.received[0]).toMatchObject({ method: 'POST', body: request.body });
    expect(server.received[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(request.body ?? '')),
    });
    expect(Buffer.byteLength(request.body ?? '')).not.toBe(request.body?.length);
  });

  it('reads a chunked body within the cap', async () => {
    const server = await startServer((_req, res) => {
      res.write('{"data":[],');
      res.end('"errors":[],"msg":"","error_code":""}');
    });
    expect(await exchange(get(server.url), limits)).toEqual({
      type: 'response',
      status: 200,
      text: okBody,
    });
  });

  it('does not follow a redirect: the 3xx is the answer and nothing else is requested', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(302, { Location: '/elsewhere' }).end();
    });
    expect(await exchange(post(server.url), limits)).toEqual({
      type: 'response',
      status: 302,
      text: '',
    });
    expect(server.received).toHaveLength(1);
  });

  it('reuses one keep-alive connection for consecutive requests', async () => {
    const server = await startServer((_req, res) => res.end(okBody));
    for (let i = 0; i < 5; i += 1) {
      const outcome = await exchange(i % 2 ? post(server.url) : get(server.url), limits);
      expect(outcome).toMatchObject({ type: 'response', status: 200 });
    }
    expect(server.received).toHaveLength(5);
    expect(server.connections).toBe(1);
  });

  it('closeServiceTransport closes pooled sockets; the next request connects again', async () => {
    const server = await startServer((_req, res) => res.end(okBody));
    await exchange(get(server.url), limits);
    closeServiceTransport();
    await expect.poll(() => server.closedSockets).toBe(1);
    expect(await exchange(get(server.url), limits)).toMatchObject({ type: 'response' });
    expect(server.connections).toBe(2);
  });
});

describe('node:http exchange: size cap and text', () => {
  it('refuses a Content-Length above the cap before reading the body', async () => {
    const server = await startServer((_req, res) => {
      // Only the headers and a first byte: the rest never comes, so reading would hang.
      res.writeHead(200, { 'Content-Length': String(CAP + 1) });
      res.write('{');
    });
    const outcome = await exchange(get(server.url), limits);
    expect(clean(outcome)).toEqual({ type: 'unreadable', status: 200, reason: 'too-large' });
    await expect.poll(() => server.closedSockets).toBe(1);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('stops a body without Content-Length as soon as it passes the cap', async () => {
    const server = await startServer((_req, res) => {
      // Chunked and never ended: the client must stop by counting, not wait for the end.
      res.writeHead(503);
      for (let i = 0; i < 8; i += 1) res.write('x'.repeat(1024));
    });
    const outcome = await exchange(get(server.url), limits);
    expect(clean(outcome)).toEqual({ type: 'unreadable', status: 503, reason: 'too-large' });
    await expect.poll(() => server.closedSockets).toBe(1);
  });

  it('accepts a body of exactly the cap', async () => {
    const text = `"${'x'.repeat(CAP - 2)}"`;
    const server = await startServer((_req, res) => res.end(text));
    expect(await exchange(get(server.url), limits)).toEqual({
      type: 'response',
      status: 200,
      text,
    });
  });

  it('reads invalid UTF-8 as unreadable, never as replacement characters', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
    });
    expect(await exchange(get(server.url), limits)).toEqual({
      type: 'unreadable',
      status: 200,
      reason: 'not-utf8',
    });
  });

  it('a UTF-8 character split across chunks is decoded whole', async () => {
    const euro = Buffer.from('"€"');
    const server = await startServer((_req, res) => {
      res.write(euro.subarray(0, 2));
      setImmediate(() => res.end(euro.subarray(2)));
    });
    expect(await exchange(get(server.url), limits)).toEqual({
      type: 'response',
      status: 200,
      text: '"€"',
    });
  });
});

describe('node:http exchange: what was sent when the network fails', () => {
  it('a closed port is not-connected (ECONNREFUSED): nothing was sent', async () => {
    const server = await startServer(() => undefined);
    const url = server.url;
    await new Promise<void>((resolve) => (servers.pop() as Server).close(() => resolve()));
    const outcome = await exchange(post(url), limits);
    expect(clean(outcome)).toEqual({ type: 'not-connected', code: 'ECONNREFUSED' });
    expect(clock.pendingTimers()).toBe(0);
  });

  it('a TLS handshake that fails is not-connected: the request is only written after it', async () => {
    // A plain TCP server answering the TLS ClientHello with HTTP text: the handshake fails.
    let bytesAfterHello = 0;
    const tcp = createTcpServer((socket) => {
      let first = true;
      socket.on('data', (chunk: Buffer) => {
        if (!first) bytesAfterHello += chunk.byteLength;
        first = false;
        socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      });
      socket.on('error', () => undefined);
    });
    const port = await listen(tcp);
    const outcome = await exchange(
      post(`https://127.0.0.1:${port}/v1/cf-payment/generate_qr`),
      limits,
    );
    expect(clean(outcome)).toMatchObject({ type: 'not-connected' });
    expect(bytesAfterHello).toBe(0);
  });

  it('a server that destroys the socket after reading the request is interrupted', async () => {
    const server = await startServer((req) => req.socket.destroy());
    const outcome = await exchange(post(server.url), limits);
    expect(clean(outcome)).toEqual({ type: 'interrupted', code: 'ECONNRESET' });
    expect(server.received).toHaveLength(1);
  });

  it('a reused keep-alive socket closed as the request goes out is interrupted, not not-connected', async () => {
    // The keep-alive race: the second request travels on the pooled socket, which the server
    // then closes without answering. Whether it was read cannot be known from our side.
    const server = await startServer((req, res, _body, index) => {
      if (index === 0) res.end(okBody);
      else req.socket.destroy();
    });
    await exchange(get(server.url), limits);
    const outcome = await exchange(post(server.url), limits);
    expect(clean(outcome)).toMatchObject({ type: 'interrupted' });
    expect(server.connections).toBe(1);
  });

  it('a body cut off before its Content-Length is interrupted', async () => {
    const server = await startServer((req, res) => {
      res.writeHead(200, { 'Content-Length': '100' });
      res.write('{"data":');
      setImmediate(() => req.socket.destroy());
    });
    const outcome = await exchange(post(server.url), limits);
    expect(clean(outcome)).toMatchObject({ type: 'interrupted' });
    expect(clock.pendingTimers()).toBe(0);
  });
});

describe('node:http exchange: the deadline is the injected clock', () => {
  it('times out while the server holds the answer, only when the clock passes the deadline', async () => {
    const server = await startServer(() => undefined);
    let outcome: ExchangeOutcome | undefined;
    const pending = exchange(post(server.url), limits).then((o) => (outcome = o));
    await server.requestArrived(1);
    clock.advance(TIMEOUT_MS - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(outcome).toBeUndefined();
    clock.advance(1);
    await pending;
    expect(clean(outcome as ExchangeOutcome)).toEqual({ type: 'timeout' });
    await expect.poll(() => server.closedSockets).toBe(1);
  });

  it('times out while the body is held after the headers', async () => {
    let flushed = false;
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Length': '50' });
      res.write('{"data":', () => (flushed = true));
    });
    const pending = exchange(get(server.url), limits);
    await expect.poll(() => flushed).toBe(true);
    // A few event-loop turns (not time) for the headers and first bytes to be read.
    for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setImmediate(resolve));
    clock.advance(TIMEOUT_MS);
    expect(await pending).toEqual({ type: 'timeout' });
  });
});
