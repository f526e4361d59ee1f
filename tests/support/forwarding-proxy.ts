import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect as netConnect, type AddressInfo, type Socket } from 'node:net';

/** What reached the proxy, oldest first. */
interface ProxiedRequest {
  kind: 'forward' | 'tunnel';
  /** The absolute URL of a forwarded request, host:port of a tunnel. */
  target: string;
  method: string;
}

export interface ForwardingProxy {
  port: number;
  /** "PROXY 127.0.0.1:<port>", as a PAC script would answer. */
  pac: string;
  requests(): ProxiedRequest[];
  /** TCP connections the proxy accepted from clients. */
  connections(): number;
  /** Answer every CONNECT with this status instead of opening the tunnel. */
  refuseTunnels(status: number): void;
  close(): Promise<void>;
}

/**
 * A real forwarding proxy on loopback, as a shop's IT runs one: absolute-URI requests
 * (plain http) are sent on to their target, CONNECT opens a raw tunnel (https). It counts
 * what arrives, so a test can show that every request went through it.
 */
export async function startForwardingProxy(): Promise<ForwardingProxy> {
  const seen: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  let accepted = 0;
  let refusal: number | undefined;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };

  const server: Server = createServer((incoming, outgoing) => {
    const method = incoming.method ?? 'GET';
    seen.push({ kind: 'forward', target: incoming.url ?? '', method });
    let target: URL;
    try {
      target = new URL(incoming.url ?? '');
    } catch {
      outgoing.writeHead(400).end('absolute URI required');
      return;
    }
    const onward = httpRequest(
      target,
      { method, headers: { ...incoming.headers, connection: 'keep-alive' } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    onward.on('error', () => outgoing.headersSent || outgoing.writeHead(502).end());
    incoming.pipe(onward);
  });
  server.on('connection', (socket: Socket) => {
    accepted += 1;
    track(socket);
  });
  server.on('connect', (incoming, client: Socket, head: Buffer) => {
    const target = incoming.url ?? '';
    seen.push({ kind: 'tunnel', target, method: 'CONNECT' });
    if (refusal !== undefined) {
      client.end(`HTTP/1.1 ${refusal} Refused\r\ncontent-length: 0\r\n\r\n`);
      return;
    }
    const [host, port] = [target.slice(0, target.lastIndexOf(':')), target.split(':').pop()];
    const upstream = netConnect({ host: host.replace(/^\[(.*)\]$/, '$1'), port: Number(port) });
    track(upstream);
    upstream.on('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });

  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    pac: `PROXY 127.0.0.1:${port}`,
    requests: () => seen.map((entry) => ({ ...entry })),
    connections: () => accepted,
    refuseTunnels(status) {
      refusal = status;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** A loopback port nothing listens on (opened, then closed again). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}
