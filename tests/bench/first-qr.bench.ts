// The first "Show QR" after a quiet spell, over TLS, with the service far away: round trips
// per click and click-to-answer time, warm and after idle, at 0 and 50 ms round trip.
//
// The sandbox serves https with a certificate made at run time and trusted by this process
// only (tests/support/tls-sandbox.ts), behind its latency relay (electron/sandbox/
// latency-relay.ts: the TCP handshake and every flight of bytes take RTT/2 each way, so a new
// connection costs what it costs over a network). It counts the TCP connections and TLS
// handshakes it accepts: a click's round trips are the connections and handshakes it caused
// plus its request (a TLS 1.3 handshake, full or resumed, is one round trip). DNS is not in
// it (the host is an IP literal): a real first click after idle may also wait for DNS.
//
// Three ways a click can find the till:
// - warm: the last sale's connection is still pooled (sales back to back);
// - after idle: every connection closed, as after 30 minutes with no sale (the agents' idle
//   timeout closes them after 50 s), with `preconnectService` called on the amount's first
//   key (what the cashier page does through `warmUpService`) and the cashier still typing
//   when the connection is up; the TLS session is resumed where the service allows it;
// - after idle, no pre-connect: the same without it, as the till was before it (3 round trips).
// The floor is one round trip: a bare node:https POST on a warm keep-alive connection, and
// for the click after idle a bare POST on a new connection already up (TLS done, the
// agent's session resumed): Node's first request on a connection costs ~0.2 ms more than
// on a pooled one (both ends set up their parser and buffers), which only shows at 0 RTT.
import { Agent, request } from 'node:https';
import { connect, type TLSSocket } from 'node:tls';
import { performance } from 'node:perf_hooks';
import type { RunningSandbox } from '../../electron/sandbox/sandbox-server';
import {
  closeIdleServiceConnections,
  closeServiceTransport,
  preconnectService,
  SERVICE_AGENT_OPTIONS,
} from '../../electron/service-client/node-http-exchange';
import { createServiceClient } from '../../electron/service-client/payment-service-client';
import { systemClock } from '../../shared/clock';
import type { GenerateQrRequest } from '../../shared/wire/requests';
import { startTlsSandbox } from '../support/tls-sandbox';
import { percentile, ratioLine, type BenchLine } from './bench-line';
import { benchAsset, benchQrRequest } from './bench-qr-request';

const ROUND_TRIPS_MS = [0, 50] as const;
/** Samples per way, per round trip; fewer far away, where each idle click takes ~150 ms. */
const SAMPLES = { 0: 60, 50: 20 } as const;
const WARM_UP = 30;

let serial = 0;
function qrBody(): GenerateQrRequest {
  serial += 1;
  return benchQrRequest(`first-qr-${process.pid}-${serial}`);
}

/** A bare node:https POST: write, collect the body, JSON.parse. */
function bareHttpsPost(
  via: { agent: Agent } | { socket: TLSSocket },
  url: string,
  token: string,
  body: string,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        ...('agent' in via ? { agent: via.agent } : { createConnection: () => via.socket }),
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Polls (a benchmark, not a test: real time) until the sandbox's counts say `done`. */
async function until(done: () => boolean): Promise<void> {
  const giveUpAt = Date.now() + 5_000;
  while (!done()) {
    if (Date.now() > giveUpAt) throw new Error('the sandbox never saw the connection');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

interface Click {
  ms: number;
  roundTrips: number;
}

async function measureAt(roundTripMs: number): Promise<BenchLine[]> {
  const sandbox: RunningSandbox = await startTlsSandbox({ roundTripMs });
  const bareAgent = new Agent(SERVICE_AGENT_OPTIONS);
  try {
    const client = createServiceClient({
      baseUrl: sandbox.baseUrl,
      getToken: () => sandbox.token,
      clock: systemClock,
      // The links are https://127.0.0.1:PORT/...: a wallet host IT would have to allow.
      allowedWalletHosts: () => [new URL(sandbox.origin).host],
    });
    const qrUrl = `${sandbox.baseUrl}/generate_qr`;
    const bare = () =>
      bareHttpsPost({ agent: bareAgent }, qrUrl, sandbox.token, JSON.stringify(qrBody()));
    let bareSession: Buffer | undefined;
    /** A new connection, handshake done (resuming the last session), then one timed POST. */
    const bareOnNewConnection = async (): Promise<number> => {
      const handshakes = sandbox.connections().tls;
      const socket = connect({
        host: '127.0.0.1',
        port: Number(new URL(sandbox.origin).port),
        servername: '',
        ...(bareSession ? { session: bareSession } : {}),
      });
      socket.setNoDelay(true); // as Node's agents do: no Nagle wait between header and body
      socket.on('session', (session: Buffer) => (bareSession = session));
      await new Promise((ready) => socket.once('secureConnect', ready));
      socket.resume();
      await until(() => sandbox.connections().tls > handshakes);
      const start = performance.now();
      await bareHttpsPost({ socket }, qrUrl, sandbox.token, JSON.stringify(qrBody()));
      const ms = performance.now() - start;
      socket.destroy();
      return ms;
    };

    const click = async (): Promise<Click> => {
      const before = sandbox.connections();
      const start = performance.now();
      await client.createPaymentLink(qrBody(), benchAsset);
      const ms = performance.now() - start;
      const after = sandbox.connections();
      return { ms, roundTrips: after.tcp - before.tcp + (after.tls - before.tls) + 1 };
    };
    /** Every connection closed, as after a quiet spell, and the sandbox has seen them go. */
    const idle = async () => {
      closeIdleServiceConnections();
      await until(() => sandbox.connections().open <= 1); // the bare floor's own connection
    };

    for (let i = 0; i < WARM_UP; i += 1) {
      await client.createPaymentLink(qrBody(), benchAsset);
      await bare();
    }

    const warm: Click[] = [];
    const preconnected: Click[] = [];
    const cold: Click[] = [];
    const floor: number[] = [];
    const freshFloor: number[] = [];
    const samples = SAMPLES[roundTripMs as keyof typeof SAMPLES];
    for (let i = 0; i < samples; i += 1) {
      const start = performance.now();
      await bare();
      floor.push(performance.now() - start);
      await idle();
      freshFloor.push(await bareOnNewConnection());

      await client.createPaymentLink(qrBody(), benchAsset); // leaves its connection pooled
      warm.push(await click());

      await idle();
      const handshakes = sandbox.connections().tls;
      // The amount's first key: the connection is made while the cashier types.
      await preconnectService(sandbox.baseUrl);
      await until(() => sandbox.connections().tls > handshakes);
      preconnected.push(await click());

      await idle();
      cold.push(await click());
    }
    const resumed = sandbox.connections();

    const at = `at ${roundTripMs} ms RTT`;
    const trips = (clicks: Click[]) => Math.max(...clicks.map((c) => c.roundTrips));
    const p50 = (clicks: Click[]) =>
      percentile(
        clicks.map((c) => c.ms),
        50,
      );
    const floorP50 = percentile(floor, 50);
    const freshFloorP50 = percentile(freshFloor, 50);
    const oneTrip = (name: string, clicks: Click[]) =>
      ratioLine(
        `round trips per click, ${name}, ${at}`,
        trips(clicks),
        'one round trip',
        1,
        'RTT',
        1,
      );
    return [
      oneTrip('warm', warm),
      oneTrip('after idle, pre-connected on the first key', preconnected),
      {
        name: `round trips per click, after idle without pre-connect (the till before), ${at}`,
        value: trips(cold),
        unit: 'RTT',
        floorName: 'one round trip',
        floor: 1,
        goal: 'informational',
        pass: true,
      },
      ratioLine(
        `click to link p50, warm, ${at}`,
        p50(warm),
        'bare https POST, warm, p50',
        floorP50,
        'ms',
        1.25,
      ),
      ratioLine(
        `click to link p50, after idle, pre-connected, ${at}`,
        p50(preconnected),
        'bare https POST on a new connection already up, p50',
        freshFloorP50,
        'ms',
        1.25,
      ),
      {
        name: `click to link p50, after idle without pre-connect, ${at}`,
        value: p50(cold),
        unit: 'ms',
        floorName: 'bare https POST, warm, p50',
        floor: floorP50,
        goal: 'informational',
        pass: true,
      },
      {
        name: `TLS handshakes resumed, ${at}`,
        value: resumed.tlsResumed,
        unit: 'handshakes',
        floorName: 'TLS handshakes',
        floor: resumed.tls,
        goal: 'informational',
        pass: true,
      },
    ];
  } finally {
    bareAgent.destroy();
    closeServiceTransport();
    await sandbox.close();
  }
}

export async function run(): Promise<BenchLine[]> {
  const lines: BenchLine[] = [];
  for (const roundTripMs of ROUND_TRIPS_MS) lines.push(...(await measureAt(roundTripMs)));
  return lines;
}
