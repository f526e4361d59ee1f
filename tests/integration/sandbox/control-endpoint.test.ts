import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceConnection } from '../../../electron/connection/service-connection';
import { silentLogger } from '../../../electron/logging/logger';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox-server';
import { createMemorySecretStore } from '../../../electron/settings/secret-store';
import { defaultSettings } from '../../../shared/settings';
import { isLoopbackAddress } from '../../../electron/sandbox/loopback-address';
import { envelopeSchema } from '../../../shared/wire/envelope';
import { paymentLinkResultSchema } from '../../../shared/wire/payment-link';
import { ManualClock } from '../../support/manual-clock';
import { getJson, nfcBody, postJson, qrBody } from './sandbox-http';

let sandbox: RunningSandbox;
let clock: ManualClock;
beforeEach(async () => {
  clock = new ManualClock(Date.UTC(2026, 10, 22, 9, 0, 0));
  sandbox = await startSandbox({ clock, controlEndpoint: true });
});
afterEach(() => sandbox.close());

/** Every control route; none may answer anything but 404 where the controls are off. */
const controlRoutes = [
  ['GET', 'faults'],
  ['PUT', 'faults'],
  ['DELETE', 'faults'],
  ['GET', 'config'],
  ['PUT', 'config'],
  ['GET', 'orders'],
  ['GET', 'nfc-payments'],
  ['GET', 'requests'],
  ['POST', 'nfc-token'],
] as const;

async function expectNoControls(origin: string, live: RunningSandbox): Promise<void> {
  for (const [method, route] of controlRoutes) {
    const response = await fetch(`${origin}/__control/${route}`, {
      method,
      ...(method === 'PUT' ? { body: JSON.stringify([{ endpoint: '*', status: 503 }]) } : {}),
    });
    expect(response.status, `${method} ${route}`).toBe(404);
    await response.body?.cancel();
  }
  // Nothing was changed through them either.
  expect(live.faults()).toEqual([]);
  expect(live.config().timeZone).toBe('UTC');
}

describe('the control endpoint is off unless asked for', () => {
  it('a sandbox started without the option answers 404 on every control route', async () => {
    const plain = await startSandbox({ clock });
    try {
      await expectNoControls(plain.origin, plain);
    } finally {
      await plain.close();
    }
  });

  it("the app's demo-mode sandbox (ServiceConnection) answers 404 on every control route", async () => {
    const connection = new ServiceConnection({
      clock,
      logger: silentLogger,
      secrets: createMemorySecretStore(),
      settings: () => ({ ...defaultSettings({ reportTimeZone: 'UTC' }), serviceBaseUrl: '' }),
    });
    try {
      expect((await connection.refresh()).kind).toBe('demo');
      const demo = connection.demoSandbox() as RunningSandbox;
      await expectNoControls(demo.origin, demo);
      // The service itself is there: it is only the test controls that are missing.
      expect(
        (
          await fetch(`${demo.baseUrl}/chain`, {
            headers: { authorization: `Bearer ${demo.token}` },
          })
        ).status,
      ).toBe(200);
    } finally {
      await connection.close();
    }
  });

  it("the tests' sandbox (controlEndpoint: true) has them", async () => {
    expect((await control('GET', 'faults')).status).toBe(200);
  });
});

async function control(
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${sandbox.origin}/__control/${route}`, {
    method,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('faults over the control endpoint', () => {
  it('PUT sets rules (bare list or {faults}), GET lists them counted down, DELETE clears', async () => {
    expect(await control('PUT', 'faults', [{ endpoint: 'chain', status: 503, times: 2 }])).toEqual({
      status: 200,
      json: { faults: [{ endpoint: 'chain', status: 503, times: 2 }] },
    });
    expect((await getJson(sandbox, '/chain')).status).toBe(503);
    expect((await control('GET', 'faults')).json).toEqual({
      faults: [{ endpoint: 'chain', status: 503, times: 1 }],
    });
    expect(sandbox.faults()).toEqual([{ endpoint: 'chain', status: 503, times: 1 }]);

    await control('PUT', 'faults', { faults: [{ endpoint: '*', body: 'html' }] });
    expect((await getJson(sandbox, '/asset?chain_id=1')).text).toMatch(/<html>/);

    expect(await control('DELETE', 'faults')).toEqual({ status: 200, json: { faults: [] } });
    expect((await getJson(sandbox, '/chain')).status).toBe(200);
  });

  it.each([
    ['not JSON', 'nope'],
    ['empty', ''],
    ['an unknown endpoint', [{ endpoint: 'pay' }]],
    ['an unknown body variant', [{ endpoint: 'chain', body: 'xml' }]],
    ['a misspelt field', [{ endpoint: 'chain', latency: 5 }]],
    ['a negative latency', [{ endpoint: 'chain', latencyMs: -1 }]],
    ['a status out of range', [{ endpoint: 'chain', status: 99 }]],
  ])('refuses a faults body that is %s with 400 and keeps the old rules', async (_name, body) => {
    sandbox.setFaults([{ endpoint: 'asset', status: 500 }]);
    const answer = await control('PUT', 'faults', body);
    expect(answer.status).toBe(400);
    expect(typeof answer.json.error).toBe('string');
    expect(sandbox.faults()).toEqual([{ endpoint: 'asset', status: 500 }]);
  });
});

describe('config over the control endpoint', () => {
  it('PUT config changes expiry, zone and order at runtime; GET config shows them', async () => {
    const answer = await control('PUT', 'config', {
      expirySeconds: 60,
      timeZone: 'Asia/Ho_Chi_Minh',
      expireAtOrder: 'month-first',
    });
    expect(answer).toEqual({
      status: 200,
      json: {
        config: {
          expirySeconds: 60,
          timeZone: 'Asia/Ho_Chi_Minh',
          expireAtOrder: 'month-first',
          acceptAnyNfcToken: true,
          extraChains: 0,
        },
      },
    });
    const link = envelopeSchema(paymentLinkResultSchema).parse(
      (await postJson(sandbox, '/generate_qr', qrBody())).json,
    ).data;
    expect(link.expire_at).toBe('11/22/2026 16:01:00');
    expect((await control('GET', 'config')).json.config).toMatchObject({
      timeZone: 'Asia/Ho_Chi_Minh',
    });
  });

  it('refuses an unknown zone or key with 400 and keeps the config', async () => {
    expect((await control('PUT', 'config', { timeZone: 'Atlantis/City' })).status).toBe(400);
    expect((await control('PUT', 'config', { expiry: 5 })).status).toBe(400);
    expect((await control('PUT', 'config', { expirySeconds: '60' })).status).toBe(400);
    expect(sandbox.config()).toEqual({
      expirySeconds: 900,
      timeZone: 'UTC',
      expireAtOrder: 'day-first',
      acceptAnyNfcToken: true,
      extraChains: 0,
    });
  });
});

describe('records over the control endpoint', () => {
  it('lists orders, NFC payments and requests', async () => {
    const qr = qrBody({ order_id: 'ctl-order' });
    await postJson(sandbox, '/generate_qr', qr);
    const issued = await control('POST', 'nfc-token');
    const token = issued.json.token as string;
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    sandbox.configure({ acceptAnyNfcToken: false });
    // The token issued over the control endpoint is known to the sandbox.
    expect(
      (await postJson(sandbox, '/generate_nfc', nfcBody(token, { order_id: 'ctl-nfc' }))).status,
    ).toBe(200);

    expect((await control('GET', 'orders')).json.orders).toEqual([
      expect.objectContaining({ orderId: 'ctl-order', total: '12.75' }),
    ]);
    expect((await control('GET', 'nfc-payments')).json.nfcPayments).toEqual([
      expect.objectContaining({ orderId: 'ctl-nfc', token }),
    ]);
    const requests = (await control('GET', 'requests')).json.requests as {
      endpoint: string;
      body: unknown;
    }[];
    expect(requests.map((entry) => entry.endpoint)).toEqual(['generate_qr', 'generate_nfc']);
    expect(requests[0]?.body).toEqual(qr);
  });

  it('answers 404 for an unknown route and is not recorded as a service request', async () => {
    expect((await control('GET', 'everything')).status).toBe(404);
    expect(sandbox.requests()).toEqual([]);
  });
});

describe('loopback only', () => {
  it('tells loopback addresses from others', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of [
      undefined,
      '',
      '192.0.2.2',
      '10.0.0.1',
      '::ffff:192.0.2.2',
      'fd00::2',
      '::',
      '0.0.0.0',
      '1127.0.0.1',
    ]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });

  const externalIPv4 = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

  // Reaching the server from a non-loopback address needs one on this machine; without any
  // network interface there is none to test from, and the test says so instead of passing.
  if (externalIPv4 === undefined)
    console.log(
      'control endpoint 403 test NOT RUN: this machine has no non-loopback IPv4 address to connect from',
    );
  it.skipIf(externalIPv4 === undefined)(
    'answers 403 to a client on a non-loopback address',
    async () => {
      const wide = await startSandbox({ clock, host: '0.0.0.0', controlEndpoint: true });
      try {
        const status = await new Promise<number>((resolve, reject) => {
          const req = request(
            {
              host: externalIPv4,
              port: new URL(wide.origin).port,
              path: '/__control/faults',
              method: 'DELETE',
            },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          req.on('error', reject);
          req.end();
        });
        expect(status).toBe(403);
        // Through loopback the same server answers.
        expect((await fetch(`${wide.origin}/__control/faults`)).status).toBe(200);
      } finally {
        await wide.close();
      }
    },
  );
});
