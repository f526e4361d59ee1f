import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../shared/clock';

/**
 * A far-away service on loopback: a TCP relay in front of the sandbox that makes every
 * flight of bytes take half the round trip each way, so connecting, the TLS handshake and
 * each request cost what they cost over a real network (the benchmark's "50 ms RTT").
 *
 * How it models the round trips (a client's view of one new connection):
 * - TCP: the loopback handshake itself is instant, so the relay charges it to the first
 *   bytes the client sends: nothing reaches the sandbox before accept + RTT + RTT/2, i.e.
 *   as if the SYN/SYN-ACK had taken one round trip and the first data half of the next.
 * - every later chunk, each way: delivered RTT/2 after the relay received it, in order (one
 *   queue per direction), so a TLS 1.3 handshake costs one round trip more and a request
 *   and its answer one more.
 * A new https connection plus a request therefore costs 3 RTT, a request on a pooled
 * connection 1 RTT. Bandwidth, loss and DNS are not modelled (the bench's host is an IP).
 */
export interface LatencyRelay {
  port: number;
  close(): void;
}

export async function startLatencyRelay(options: {
  host: string;
  upstreamPort: number;
  roundTripMs: number;
  clock: Clock;
}): Promise<LatencyRelay> {
  const { host, upstreamPort, roundTripMs, clock } = options;
  const oneWay = roundTripMs / 2;
  const pairs = new Set<Socket>();
  const server = createServer((client) => {
    // The client's first bytes leave once its SYN-ACK is back (one RTT) and take RTT/2.
    const firstDataLands = clock.now() + roundTripMs + oneWay;
    const upstream = connect({ host, port: upstreamPort, noDelay: true });
    client.setNoDelay(true);
    pairs.add(client);
    pairs.add(upstream);
    const stopUp = delayedPipe(client, upstream, clock, oneWay, firstDataLands);
    const stopDown = delayedPipe(upstream, client, clock, oneWay, 0);
    const tearDown = () => {
      stopUp();
      stopDown();
      client.destroy();
      upstream.destroy();
      pairs.delete(client);
      pairs.delete(upstream);
    };
    client.on('error', tearDown);
    upstream.on('error', tearDown);
    client.on('close', () => pairs.delete(client));
    upstream.on('close', () => pairs.delete(upstream));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close() {
      for (const socket of pairs) socket.destroy();
      pairs.clear();
      server.close();
    },
  };
}

/**
 * Copies `from` to `to`, each chunk (and the end) `delayMs` after it arrived and never
 * before `notBefore`, in order. Returns a function that drops what is still queued.
 */
function delayedPipe(
  from: Socket,
  to: Socket,
  clock: Clock,
  delayMs: number,
  notBefore: number,
): () => void {
  const queue: { at: number; chunk: Buffer | null }[] = [];
  let cancel: (() => void) | null = null;
  const drain = () => {
    cancel = null;
    const now = clock.now();
    while (queue.length > 0 && (queue[0] as { at: number }).at <= now) {
      const { chunk } = queue.shift() as { chunk: Buffer | null };
      if (to.destroyed) return;
      if (chunk === null) to.end();
      else to.write(chunk);
    }
    arm();
  };
  const arm = () => {
    const head = queue[0];
    if (head && cancel === null) cancel = clock.at(head.at, drain);
  };
  const push = (chunk: Buffer | null) => {
    const last = queue[queue.length - 1]?.at ?? 0;
    queue.push({ at: Math.max(clock.now() + delayMs, notBefore, last), chunk });
    arm();
  };
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    push(null);
  };
  from.on('data', (chunk: Buffer) => push(chunk));
  // An end, or a close without one (destroyed): the other side hears it as late.
  from.on('end', end);
  from.on('close', end);
  return () => {
    cancel?.();
    cancel = null;
    queue.length = 0;
  };
}
