import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startLatencyRelay, type LatencyRelay } from '../../../electron/sandbox/latency-relay';
import { ManualClock } from '../../support/manual-clock';
import { until } from '../service-client/harness';

// The relay that puts the sandbox far away, on a ManualClock: bytes arrive when the clock
// says a network would have delivered them, and not a moment before.
let relay: LatencyRelay | undefined;
let upstream: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  relay?.close();
  await new Promise((done) => (upstream ? upstream.close(done) : done(undefined)));
  relay = upstream = undefined;
});

/** An echo server that upper-cases what it reads, recording what arrived. */
async function startUpstream(arrived: string[]): Promise<number> {
  upstream = createServer((socket) => {
    sockets.push(socket);
    socket.on('data', (chunk: Buffer) => {
      arrived.push(chunk.toString());
      socket.write(chunk.toString().toUpperCase());
    });
  });
  await new Promise<void>((ready) => upstream!.listen(0, '127.0.0.1', ready));
  return (upstream.address() as AddressInfo).port;
}

describe('the latency relay', () => {
  it('delivers the first bytes after the TCP round trip and half the next, answers half a round trip later', async () => {
    const clock = new ManualClock();
    const arrived: string[] = [];
    const upstreamPort = await startUpstream(arrived);
    relay = await startLatencyRelay({ host: '127.0.0.1', upstreamPort, roundTripMs: 100, clock });
    const client = connect({ host: '127.0.0.1', port: relay.port });
    sockets.push(client);
    const answers: string[] = [];
    client.on('data', (chunk: Buffer) => answers.push(chunk.toString()));
    await new Promise((ready) => client.once('connect', ready));
    const acceptedAt = clock.now();
    client.write('hello');
    // The relay schedules each delivery on the clock: when is what a network would take.
    expect(await clock.armed()).toBe(acceptedAt + 150); // the SYN/SYN-ACK round trip, then half
    clock.advance(150);
    await until(() => arrived.length === 1, 'the first bytes upstream');
    expect(arrived).toEqual(['hello']);
    expect(answers).toEqual([]);

    expect(await clock.armed()).toBe(acceptedAt + 200); // the answer: half a round trip back
    clock.advance(50);
    await until(() => answers.length === 1, 'the answer');
    expect(answers).toEqual(['HELLO']);

    // Later bytes on the same connection: half a round trip each way, no handshake again.
    client.write('again');
    expect(await clock.armed()).toBe(acceptedAt + 250);
    clock.advance(50);
    await until(() => arrived.length === 2, 'the second bytes upstream');
  });
});
