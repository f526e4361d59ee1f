// Service client overhead: the client (timeouts, capped body read, envelope and schema
// checks, link check, expiry) against a bare `fetch` + `res.json()` of the same request,
// both against the real sandbox over loopback HTTP, interleaved so both see the same machine.
import { performance } from 'node:perf_hooks';
import { startSandbox } from '../../electron/sandbox/sandbox-server';
import { createServiceClient } from '../../electron/service-client/payment-service-client';
import { systemClock } from '../../shared/clock';
import type { Asset } from '../../shared/wire/asset';
import type { GenerateQrRequest } from '../../shared/wire/requests';
import { percentile, ratioLine, type BenchLine } from './bench-line';

const N = 300;
const WARM_UP = 60;

const asset: Asset = { asset: 'USDT', chain: 'ETHEREUM', chain_id: 1, decimal: 6, logo: '' };

function qrBody(orderId: string): GenerateQrRequest {
  return {
    order_id: orderId,
    amount: '12.5',
    asset: 'USDT',
    chain_id: '1',
    currency: 'USD',
    fee_value: '0.5',
    serial_number: 'POS-BENCH',
  };
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
        body: JSON.stringify(qrBody(orderId)),
      });
      await res.json();
    };

    let serial = 0;
    const nextId = (who: string) => `bench-${who}-${(serial += 1)}`;

    for (let i = 0; i < WARM_UP; i += 1) {
      await client.listChains();
      await bareChain();
      await client.createPaymentLink(qrBody(nextId('c')), asset);
      await bareQr(nextId('f'));
    }

    const samples = {
      chainClient: [] as number[],
      chainBare: [] as number[],
      qrClient: [] as number[],
      qrBare: [] as number[],
    };
    for (let i = 0; i < N; i += 1) {
      // Alternate who goes first, so neither always gets the warmer connection.
      const clientFirst = i % 2 === 0;
      const chainClient = () => timed(() => client.listChains());
      const chainBare = () => timed(bareChain);
      if (clientFirst) {
        samples.chainClient.push(await chainClient());
        samples.chainBare.push(await chainBare());
      } else {
        samples.chainBare.push(await chainBare());
        samples.chainClient.push(await chainClient());
      }
      const clientId = nextId('c');
      const bareId = nextId('f');
      const qrClient = () => timed(() => client.createPaymentLink(qrBody(clientId), asset));
      const qrBare = () => timed(() => bareQr(bareId));
      if (clientFirst) {
        samples.qrClient.push(await qrClient());
        samples.qrBare.push(await qrBare());
      } else {
        samples.qrBare.push(await qrBare());
        samples.qrClient.push(await qrClient());
      }
    }

    const lines: BenchLine[] = [];
    for (const [label, mine, bare] of [
      ['chain', samples.chainClient, samples.chainBare],
      ['generate_qr', samples.qrClient, samples.qrBare],
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
    }
    return lines;
  } finally {
    await sandbox.close();
  }
}
