// Service client overhead: the client (timeouts, capped body read, envelope and schema
// checks, link check, expiry) against a bare `fetch` + `res.json()` of the same request,
// all against the real sandbox over loopback HTTP, interleaved so all see the same machine.
//
// Two baselines:
// - bare fetch: the goal's floor (the client's goal: within 10% of a bare fetch, p50 and p99).
// - bare node:http: a keep-alive node:http request + JSON.parse on the same agent options as
//   the client's production transport (node-http-exchange.ts). The client beats bare fetch
//   partly because node:http is cheaper than undici's fetch; this line keeps the client's own
//   cost (zod, link check, deadline, cap) visible against its own transport. It is
//   informational: no goal was set for it, so it always "meets".
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { startSandbox } from '../../electron/sandbox/sandbox-server';
import { SERVICE_AGENT_OPTIONS } from '../../electron/service-client/node-http-exchange';
import { createServiceClient } from '../../electron/service-client/payment-service-client';
import { systemClock } from '../../shared/clock';
import { percentile, ratioLine, type BenchLine } from './bench-line';
import { benchAsset, benchQrRequest } from './bench-qr-request';

// Enough rounds for both sides to reach steady state and for p99 to mean something: with
// 60 warm-up rounds the client's longer JS path (zod, URL, big.js) was still being tiered
// up by V8 during the samples, and with 300 samples p99 is the 3rd-slowest request, which on
// a shared machine is whatever else was running. Both sides get the same rounds.
const N = 2000;
const WARM_UP = 500;

/** A bare keep-alive node:http request: write, collect the body, JSON.parse. */
function bareNodeHttp(
  agent: Agent,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: body === undefined ? 'GET' : 'POST',
        headers:
          body === undefined ? headers : { ...headers, 'Content-Length': Buffer.byteLength(body) },
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

export async function run(): Promise<BenchLine[]> {
  const sandbox = await startSandbox();
  try {
    const client = createServiceClient({
      baseUrl: sandbox.baseUrl,
      getToken: () => sandbox.token,
      clock: systemClock,
    });
    const getHeaders = { Accept: 'application/json', Authorization: `Bearer ${sandbox.token}` };
    const postHeaders = { ...getHeaders, 'Content-Type': 'application/json' };
    const bareChain = async () => {
      const res = await fetch(`${sandbox.baseUrl}/chain`, { headers: getHeaders });
      await res.json();
    };
    const bareQr = async (orderId: string) => {
      const res = await fetch(`${sandbox.baseUrl}/generate_qr`, {
        method: 'POST',
        headers: postHeaders,
        body: JSON.stringify(benchQrRequest(orderId)),
      });
      await res.json();
    };

    const agent = new Agent(SERVICE_AGENT_OPTIONS);
    const nodeChain = () => bareNodeHttp(agent, `${sandbox.baseUrl}/chain`, getHeaders);
    const nodeQr = (orderId: string) =>
      bareNodeHttp(
        agent,
        `${sandbox.baseUrl}/generate_qr`,
        postHeaders,
        JSON.stringify(benchQrRequest(orderId)),
      );

    let serial = 0;
    const nextId = (who: string) => `bench-${who}-${(serial += 1)}`;

    for (let i = 0; i < WARM_UP; i += 1) {
      await client.listChains();
      await bareChain();
      await client.createPaymentLink(benchQrRequest(nextId('c')), benchAsset);
      await bareQr(nextId('f'));
      await nodeChain();
      await nodeQr(nextId('n'));
    }

    const samples = {
      chainClient: [] as number[],
      chainBare: [] as number[],
      qrClient: [] as number[],
      qrBare: [] as number[],
      chainNode: [] as number[],
      qrNode: [] as number[],
    };
    for (let i = 0; i < N; i += 1) {
      // Rotate who goes first, so no side always gets the warmer connection or CPU cache.
      const order = i % 3;
      const chainSides = [
        async () => samples.chainClient.push(await timed(() => client.listChains())),
        async () => samples.chainBare.push(await timed(bareChain)),
        async () => samples.chainNode.push(await timed(nodeChain)),
      ];
      for (let k = 0; k < 3; k += 1) await (chainSides[(order + k) % 3] as () => Promise<number>)();
      const clientId = nextId('c');
      const bareId = nextId('f');
      const nodeId = nextId('n');
      const qrSides = [
        async () =>
          samples.qrClient.push(
            await timed(() => client.createPaymentLink(benchQrRequest(clientId), benchAsset)),
          ),
        async () => samples.qrBare.push(await timed(() => bareQr(bareId))),
        async () => samples.qrNode.push(await timed(() => nodeQr(nodeId))),
      ];
      for (let k = 0; k < 3; k += 1) await (qrSides[(order + k) % 3] as () => Promise<number>)();
    }
    agent.destroy();

    const lines: BenchLine[] = [];
    for (const [label, mine, bare, node] of [
      ['chain', samples.chainClient, samples.chainBare, samples.chainNode],
      ['generate_qr', samples.qrClient, samples.qrBare, samples.qrNode],
    ] as const) {
      for (const p of [50, 99]) {
        lines.push(
          ratioLine(
            `client ${label} p${p}`,
            percentile(mine, p),
            `bare fetch ${label} p${p}`,
            percentile(bare, p),
            'ms',
            1.1,
          ),
        );
      }
      for (const p of [50, 99]) {
        // Informational (see the top of the file): the client's own overhead over node:http.
        lines.push({
          name: `client ${label} p${p}`,
          value: percentile(mine, p),
          unit: 'ms',
          floorName: `bare node:http ${label} p${p}`,
          floor: percentile(node, p),
          goal: 'informational',
          pass: true,
        });
      }
    }
    return lines;
  } finally {
    await sandbox.close();
  }
}
