import { describe, expect, it } from 'vitest';
import {
  createServiceClient,
  type PaymentServiceClient,
  type ServiceClientOptions,
} from '../../../electron/service-client/payment-service-client';
import { ServiceError } from '../../../electron/service-client/service-error';
import { ManualClock } from '../../support/manual-clock';
import { findSecret, recordingLogger } from '../../support/secret-leak';
import { BASE_URL, TOKEN, chain, linkResult, nfcRequest, qrRequest, usdt } from './fixtures';
import {
  brokenBody,
  failure,
  json,
  networkError,
  ok,
  stubFetch,
  type StubReply,
} from './stub-fetch';

function setup(replies: StubReply[], options: Partial<ServiceClientOptions> = {}) {
  const clock = new ManualClock();
  const stub = stubFetch(replies);
  const log = recordingLogger();
  const client = createServiceClient({
    baseUrl: BASE_URL,
    getToken: () => TOKEN,
    clock,
    fetch: stub.fetch,
    logger: log.logger,
    ...options,
  });
  return { clock, client, calls: stub.calls, logs: log.calls };
}

/**
 * The next backoff the client arms: the first timer shorter than a request deadline
 * (every test here keeps `timeoutMs` at 1 s or more and the backoff below it).
 */
function backoffArmed(clock: ManualClock, timeoutMs: number): Promise<number> {
  const now = clock.now();
  return clock.armed((atMs) => atMs - now < timeoutMs);
}

async function caught(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ServiceError))
    throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

const html = () =>
  new Response('<html><body>502 Bad Gateway</body></html>', {
    status: 502,
    headers: { 'content-type': 'text/html' },
  });

describe('payment service client: timeouts on the injected clock', () => {
  it('a GET that hangs times out exactly at timeoutMs, and not before', async () => {
    const { client, clock, calls } = setup(['hang'], { getRetries: 0, timeoutMs: 5_000 });
    const sentAt = clock.now();
    const result = caught(client.listChains());
    expect(await clock.armed()).toBe(sentAt + 5_000);
    expect(calls).toHaveLength(1);
    clock.advance(4_999);
    // The deadline aborts the request the moment it fires: not yet.
    expect(calls[0]?.signal?.aborted).toBe(false);
    expect(clock.pendingTimers()).toBe(1);
    clock.advance(1);
    expect(calls[0]?.signal?.aborted).toBe(true);
    const error = await result;
    expect(error.kind).toBe('timeout');
    expect(calls[0]?.signal?.aborted).toBe(true);
  });

  it('a GET is retried with doubling backoff on the clock, then reports the timeout with the attempt count', async () => {
    const { client, clock, calls, logs } = setup(['hang'], {
      getRetries: 2,
      timeoutMs: 1_000,
      backoffMs: 300,
    });
    const start = clock.now();
    const result = caught(client.listChains());
    expect(await clock.armed()).toBe(start + 1_000);
    clock.advance(1_000); // attempt 1 times out
    expect(await backoffArmed(clock, 1_000)).toBe(start + 1_300);
    expect(calls).toHaveLength(1);
    clock.advance(299);
    expect(clock.pendingTimers()).toBe(1); // still backing off
    clock.advance(1);
    expect(await clock.armed()).toBe(start + 2_300); // attempt 2's deadline
    expect(calls).toHaveLength(2);
    clock.advance(1_000); // attempt 2 times out
    expect(await backoffArmed(clock, 1_000)).toBe(start + 2_900);
    clock.advance(599);
    expect(clock.pendingTimers()).toBe(1);
    expect(calls).toHaveLength(2);
    clock.advance(1);
    expect(await clock.armed()).toBe(start + 3_900); // attempt 3's deadline
    expect(calls).toHaveLength(3);
    clock.advance(1_000);
    const error = await result;
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('tried 3 times');
    expect(
      logs.filter((entry) => entry.level === 'warn').map((entry) => entry.fields?.delayMs),
    ).toEqual([300, 600]);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('a POST that hangs is outcome-unknown after one attempt, never re-sent', async () => {
    const { client, clock, calls } = setup(['hang'], { timeoutMs: 2_000, getRetries: 5 });
    const sentAt = clock.now();
    const result = caught(client.createPaymentLink(qrRequest(), usdt));
    expect(await clock.armed()).toBe(sentAt + 2_000);
    clock.advance(2_000);
    const error = await result;
    expect(error.kind).toBe('outcome-unknown');
    expect(error.message).toMatch(/retry the same order or void it/);
    // No backoff was armed: nothing will send it again, however long the till waits.
    expect(clock.pendingTimers()).toBe(0);
    clock.advance(60_000);
    expect(calls).toHaveLength(1);
  });

  it('the deadline also covers a body that stops arriving after the headers', async () => {
    let stalledAfterFirstChunk!: () => void;
    const bodyStalled = new Promise<void>((resolve) => (stalledAfterFirstChunk = resolve));
    const stalled = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"data":'));
          },
          // Asked for more once the client has read the first chunk; more never comes.
          pull() {
            stalledAfterFirstChunk();
            return new Promise<void>(() => undefined);
          },
        }),
        { status: 200 },
      );
    const { client, clock } = setup([stalled], { getRetries: 0, timeoutMs: 1_000 });
    const result = caught(client.listChains());
    await bodyStalled;
    clock.advance(1_000);
    expect((await result).kind).toBe('timeout');
  });
});

describe('payment service client: connections', () => {
  it('does not abort a request that completed, so undici keeps the connection for the next one', async () => {
    const { client, calls, clock } = setup([ok([chain])]);
    await client.listChains();
    expect(calls[0]?.signal?.aborted).toBe(false);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('aborts a request whose body it stopped reading (over the cap)', async () => {
    const { client, calls } = setup([() => new Response('x'.repeat(2000), { status: 200 })], {
      maxResponseBytes: 100,
    });
    await caught(client.listChains());
    expect(calls[0]?.signal?.aborted).toBe(true);
  });
});

describe('payment service client: retry policy', () => {
  it('retries a GET on 5xx and succeeds when the service recovers', async () => {
    const { client, clock, calls } = setup([
      html(),
      failure(503, 'maintenance', 'DOWN'),
      ok([chain]),
    ]);
    const start = clock.now();
    const result = client.listChains();
    expect(await backoffArmed(clock, 10_000)).toBe(start + 300);
    clock.advance(300);
    expect(await backoffArmed(clock, 10_000)).toBe(start + 900);
    clock.advance(600);
    await expect(result).resolves.toEqual([chain]);
    expect(calls).toHaveLength(3);
  });

  it('reports the last 5xx after the retries: an envelope as rejected with msg, a page as bad-response', async () => {
    const rejected = setup([failure(503, 'maintenance', 'DOWN')], { getRetries: 1 });
    const first = caught(rejected.client.listChains());
    await backoffArmed(rejected.clock, 10_000);
    rejected.clock.advance(300);
    const error = await first;
    expect(error.failure).toMatchObject({
      kind: 'rejected',
      serviceMessage: 'maintenance',
      serviceCode: 'DOWN',
      httpStatus: 503,
    });
    expect(rejected.calls).toHaveLength(2);

    const page = setup([html()], { getRetries: 1 });
    const second = caught(page.client.listChains());
    await backoffArmed(page.clock, 10_000);
    page.clock.advance(300);
    expect((await second).failure).toMatchObject({ kind: 'bad-response', httpStatus: 502 });
  });

  it('retries a GET whose connection failed, whether before sending or mid-answer', async () => {
    const { client, clock, calls } = setup([
      networkError('ECONNREFUSED'),
      brokenBody(),
      ok([chain]),
    ]);
    const start = clock.now();
    const result = client.listChains();
    expect(await backoffArmed(clock, 10_000)).toBe(start + 300);
    clock.advance(300);
    expect(await backoffArmed(clock, 10_000)).toBe(start + 900);
    clock.advance(600);
    await expect(result).resolves.toEqual([chain]);
    expect(calls).toHaveLength(3);
  });

  it.each([
    ['401', () => failure(401, 'bad token', 'AUTH'), 'invalid-token'],
    [
      '403 with an HTML page',
      () => new Response('<html>Forbidden</html>', { status: 403 }),
      'invalid-token',
    ],
    ['an envelope error on 200', () => failure(200, 'unknown chain', 'E_CHAIN'), 'rejected'],
    ['an envelope error on 400', () => failure(400, 'bad chain id', 'E_CHAIN'), 'rejected'],
    ['malformed JSON on 200', () => new Response('{"data":[', { status: 200 }), 'bad-response'],
    ['wrong shape', () => ok({ chains: [] }), 'bad-response'],
    [
      'a redirect',
      () =>
        new Response(null, { status: 302, headers: { location: 'https://elsewhere.example/' } }),
      'bad-response',
    ],
  ] as const)('does not retry a GET on %s', async (_name, reply, kind) => {
    const { client, calls, clock } = setup([reply]);
    const error = await caught(client.listChains());
    expect(error.kind).toBe(kind);
    expect(calls).toHaveLength(1);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('never re-sends a POST that may have reached the service', async () => {
    for (const reply of [html, () => failure(500, 'oops', 'E'), networkError('ECONNRESET')]) {
      const { client, calls, clock } = setup([reply]);
      await caught(client.createPaymentLink(qrRequest(), usdt));
      await caught(client.submitNfcPayment(nfcRequest));
      expect(calls).toHaveLength(2);
      expect(clock.pendingTimers()).toBe(0);
    }
  });

  it('sends a POST again, same body, when it never connected (nothing left the till)', async () => {
    const { client, clock, calls } = setup([
      networkError('ECONNREFUSED'),
      networkError('ENOTFOUND'),
      ok(linkResult()),
    ]);
    const start = clock.now();
    const result = client.createPaymentLink(qrRequest(), usdt);
    expect(await backoffArmed(clock, 10_000)).toBe(start + 300);
    clock.advance(300);
    expect(await backoffArmed(clock, 10_000)).toBe(start + 900);
    clock.advance(600);
    await expect(result).resolves.toBeDefined();
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((call) => call.body)).size).toBe(1);
  });

  it('gives up a POST that never connected after the retries, as no-connection', async () => {
    const { client, clock, calls } = setup(
      [networkError('ECONNREFUSED'), networkError('ECONNREFUSED')],
      { getRetries: 1 },
    );
    const result = caught(client.submitNfcPayment(nfcRequest));
    await backoffArmed(clock, 10_000);
    clock.advance(300);
    expect((await result).kind).toBe('no-connection');
    expect(calls).toHaveLength(2);
  });
});

describe('payment service client: what a failed POST means', () => {
  it.each([
    ['ECONNREFUSED', 'no-connection', networkError('ECONNREFUSED')],
    ['ENOTFOUND', 'no-connection', networkError('ENOTFOUND')],
    ['EAI_AGAIN', 'no-connection', networkError('EAI_AGAIN')],
    ['ENETUNREACH', 'no-connection', networkError('ENETUNREACH')],
    ['a connect timeout', 'no-connection', networkError('UND_ERR_CONNECT_TIMEOUT')],
    ['an expired certificate', 'no-connection', networkError('CERT_HAS_EXPIRED')],
    [
      'every address refused (AggregateError)',
      'no-connection',
      new TypeError('fetch failed', {
        cause: Object.assign(
          new AggregateError([
            networkError('ECONNREFUSED').cause,
            networkError('EHOSTUNREACH').cause,
          ]),
          { code: 'ECONNREFUSED' },
        ),
      }),
    ],
    ['"other side closed"', 'outcome-unknown', networkError('UND_ERR_SOCKET', 'other side closed')],
    ['ECONNRESET', 'outcome-unknown', networkError('ECONNRESET')],
    ['EPIPE', 'outcome-unknown', networkError('EPIPE')],
    ['a fetch failure without a code', 'outcome-unknown', new TypeError('fetch failed')],
    [
      'one address refused, then the other reset',
      'outcome-unknown',
      new TypeError('fetch failed', {
        cause: new AggregateError([
          networkError('ECONNREFUSED').cause,
          networkError('ECONNRESET').cause,
        ]),
      }),
    ],
  ] as const)('%s is %s', async (_name, kind, error) => {
    const { client } = setup([error], { getRetries: 0 });
    expect((await caught(client.createPaymentLink(qrRequest(), usdt))).kind).toBe(kind);
  });

  it('a connection lost while the answer arrives is outcome-unknown', async () => {
    const { client } = setup([() => brokenBody(200, 'ECONNRESET')]);
    expect((await caught(client.submitNfcPayment(nfcRequest))).kind).toBe('outcome-unknown');
  });

  it('an unreadable answer to a POST tells the cashier the order may exist', async () => {
    const { client } = setup([html()]);
    const error = await caught(client.createPaymentLink(qrRequest(), usdt));
    expect(error.failure).toMatchObject({ kind: 'bad-response', httpStatus: 502 });
    expect(error.message).toMatch(/order may have been created/);
  });

  it('a duplicate order is rejected with the service msg and code', async () => {
    const { client } = setup([failure(409, 'order_id already used', 'DUPLICATE_ORDER')]);
    const error = await caught(client.createPaymentLink(qrRequest(), usdt));
    expect(error.failure).toMatchObject({
      kind: 'rejected',
      serviceMessage: 'order_id already used',
      serviceCode: 'DUPLICATE_ORDER',
      httpStatus: 409,
    });
    expect(error.message).toContain('order_id already used');
  });

  it('a 200 whose envelope says success but carries an error code is rejected', async () => {
    const { client } = setup([
      json(200, { data: linkResult(), errors: [], msg: '', error_code: 'E_LATE' }),
    ]);
    expect((await caught(client.createPaymentLink(qrRequest(), usdt))).failure).toMatchObject({
      kind: 'rejected',
      serviceCode: 'E_LATE',
    });
  });
});

describe('payment service client: response size cap', () => {
  it('refuses a Content-Length above the cap without reading the body', async () => {
    let pulls = 0;
    const big = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            pulls += 1;
            controller.enqueue(new Uint8Array(1024).fill(0x20));
          },
        }),
        { status: 200, headers: { 'content-length': String(10 * 1024 * 1024) } },
      );
    const { client } = setup([big], { maxResponseBytes: 4096 });
    const error = await caught(client.listChains());
    expect(error.failure).toMatchObject({ kind: 'bad-response', httpStatus: 200 });
    expect(error.message).toContain('too large');
    // The stream may be primed once by the platform, but is never drained.
    expect(pulls).toBeLessThanOrEqual(1);
  });

  it('stops reading a body without Content-Length as soon as it passes the cap', async () => {
    let pulls = 0;
    const endless = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            pulls += 1;
            controller.enqueue(new Uint8Array(1000).fill(0x20));
          },
        }),
        { status: 200 },
      );
    const { client } = setup([endless], { maxResponseBytes: 10_000 });
    expect((await caught(client.listChains())).kind).toBe('bad-response');
    expect(pulls).toBeLessThanOrEqual(13);
  });

  it('accepts a body of exactly the cap', async () => {
    const text = JSON.stringify({ data: [chain], errors: [], msg: '', error_code: '' });
    const { client } = setup([new Response(text, { status: 200 })], {
      maxResponseBytes: Buffer.byteLength(text),
    });
    await expect(client.listChains()).resolves.toEqual([chain]);
  });

  it('refuses a body that is not UTF-8', async () => {
    const { client } = setup([
      new Response(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), { status: 200 }),
    ]);
    expect((await caught(client.listChains())).kind).toBe('bad-response');
  });
});

describe('payment service client: the token never leaks', () => {
  const echo = (status: number) => () =>
    json(status, {
      data: null,
      errors: [{ header: `Bearer ${TOKEN}` }],
      msg: `token ${TOKEN} rejected`,
      error_code: `E_${TOKEN}`,
    });

  type Scenario = [
    string,
    StubReply[],
    (client: PaymentServiceClient) => Promise<unknown>,
    Partial<ServiceClientOptions>?,
  ];
  const scenarios: Scenario[] = [
    ['GET timeout', ['hang'], (c) => c.listChains(), { getRetries: 0 }],
    ['POST timeout', ['hang'], (c) => c.createPaymentLink(qrRequest(), usdt)],
    [
      'refused',
      [networkError('ECONNREFUSED', `connect ECONNREFUSED Bearer ${TOKEN}`)],
      (c) => c.submitNfcPayment(nfcRequest),
      { getRetries: 0 },
    ],
    [
      'reset',
      [
        Object.assign(networkError('ECONNRESET'), {
          request: { headers: { authorization: `Bearer ${TOKEN}` } },
        }),
      ],
      (c) => c.submitNfcPayment(nfcRequest),
    ],
    ['service echoes the token on 401', [echo(401)], (c) => c.listChains()],
    [
      'service echoes the token in an envelope error',
      [echo(400)],
      (c) => c.createPaymentLink(qrRequest(), usdt),
    ],
    [
      'HTML page quoting the token',
      [() => new Response(`<p>Authorization: Bearer ${TOKEN}</p>`, { status: 500 })],
      (c) => c.createPaymentLink(qrRequest(), usdt),
    ],
    [
      'link with the token as order id',
      [ok(linkResult({ qr_url: `https://w.example/qr-scan?order_id=${TOKEN}` }))],
      (c) => c.createPaymentLink(qrRequest(), usdt),
    ],
    ['broken body', [() => brokenBody()], (c) => c.submitNfcPayment(nfcRequest)],
    [
      'oversize',
      [() => new Response('x'.repeat(5000), { status: 200 })],
      (c) => c.listChains(),
      { maxResponseBytes: 100 },
    ],
    [
      'secret store throws',
      [ok([chain])],
      (c) => c.listChains(),
      {
        getToken: () => {
          throw new Error(TOKEN);
        },
      },
    ],
  ];

  it.each(scenarios)(
    '%s: not in the thrown error nor in any log call',
    async (_name, replies, run, options) => {
      const { client, clock, logs } = setup(replies, options);
      const result = caught(run(client));
      if (replies.includes('hang')) {
        // Only the deadline ends a hung request: move the clock to it once it is armed.
        clock.set(await clock.armed());
      }
      const error = await result;
      expect(findSecret(error, TOKEN)).toEqual([]);
      expect(findSecret(error.failure, TOKEN)).toEqual([]);
      expect(logs.length).toBeGreaterThan(0);
      expect(findSecret(logs, TOKEN)).toEqual([]);
    },
  );

  it('the leak finder itself finds a token hidden in a cause', () => {
    const leaky = new Error('fine', {
      cause: { init: { headers: [['authorization', `Bearer ${TOKEN}`]] } },
    });
    expect(findSecret(leaky, TOKEN).length).toBeGreaterThan(0);
  });
});
