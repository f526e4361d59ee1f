import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startSandbox,
  type FaultRule,
  type RunningSandbox,
} from '../../../electron/sandbox/sandbox-server';
import {
  envelopeSchema,
  isFailureEnvelope,
  looseEnvelopeSchema,
} from '../../../shared/wire/envelope';
import { chainListSchema } from '../../../shared/wire/chain';
import { assetListSchema } from '../../../shared/wire/asset';
import { nfcPaymentResultSchema, paymentLinkResultSchema } from '../../../shared/wire/payment-link';
import { ManualClock } from '../../support/manual-clock';
import {
  authHeaders,
  envelopeError,
  getJson,
  nfcBody,
  postJson,
  qrBody,
  roundTrip,
  track,
} from './sandbox-http';

let sandbox: RunningSandbox;
let clock: ManualClock;
beforeEach(async () => {
  clock = new ManualClock();
  // roundTrip() reads /__control/faults as its barrier.
  sandbox = await startSandbox({ clock, controlEndpoint: true });
});
afterEach(() => sandbox.close());

const chainOk = async () => (await getJson(sandbox, '/chain')).status === 200;

describe('status faults', () => {
  it.each([500, 502, 503, 401, 403, 429])(
    'answers an envelope error with HTTP %i',
    async (status) => {
      sandbox.setFaults([{ endpoint: 'chain', status }]);
      const answer = await getJson(sandbox, '/chain');
      expect(answer.status).toBe(status);
      const envelope = looseEnvelopeSchema.parse(answer.json);
      expect(isFailureEnvelope(envelope)).toBe(true);
      expect(envelope.error_code).toBe('SANDBOX_FAULT');
      expect(envelope.msg).toContain(String(status));
    },
  );

  it('does not process a faulted generate_qr: no order is created', async () => {
    sandbox.setFaults([{ endpoint: 'generate_qr', status: 500, times: 1 }]);
    const body = qrBody();
    expect((await postJson(sandbox, '/generate_qr', body)).status).toBe(500);
    expect(sandbox.orders()).toEqual([]);
    expect((await postJson(sandbox, '/generate_qr', body)).status).toBe(200);
  });

  it('applies before authentication (a service down answers the same to everyone)', async () => {
    sandbox.setFaults([{ endpoint: 'chain', status: 503 }]);
    expect((await getJson(sandbox, '/chain', {})).status).toBe(503);
  });
});

describe('body faults', () => {
  it('malformed-json: a JSON content type with a body no parser accepts', async () => {
    sandbox.setFaults([{ endpoint: 'chain', body: 'malformed-json' }]);
    const answer = await getJson(sandbox, '/chain');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(() => JSON.parse(answer.text)).toThrow(SyntaxError);
  });

  it('html: an HTML error page, with the status given or 200', async () => {
    sandbox.setFaults([
      { endpoint: 'asset', body: 'html', status: 502, times: 1 },
      { endpoint: 'asset', body: 'html', times: 1 },
    ]);
    const first = await getJson(sandbox, '/asset?chain_id=1');
    expect(first.status).toBe(502);
    expect(first.headers.get('content-type')).toMatch(/^text\/html/);
    expect(first.text).toMatch(/^<!DOCTYPE html>/);
    expect(first.json).toBeUndefined();
    const second = await getJson(sandbox, '/asset?chain_id=1');
    expect(second.status).toBe(200);
    expect(second.text).toMatch(/<html>/);
  });

  it('wrong-shape: an envelope whose data fails each endpoint schema', async () => {
    sandbox.setFaults([{ endpoint: '*', body: 'wrong-shape' }]);
    const answers = {
      chain: await getJson(sandbox, '/chain'),
      asset: await getJson(sandbox, '/asset?chain_id=1'),
      qr: await postJson(sandbox, '/generate_qr', qrBody()),
      nfc: await postJson(sandbox, '/generate_nfc', nfcBody(sandbox.issueNfcToken())),
    };
    for (const answer of Object.values(answers)) {
      expect(answer.status).toBe(200);
      expect(isFailureEnvelope(looseEnvelopeSchema.parse(answer.json))).toBe(false);
    }
    expect(envelopeSchema(chainListSchema).safeParse(answers.chain.json).success).toBe(false);
    expect(envelopeSchema(assetListSchema).safeParse(answers.asset.json).success).toBe(false);
    expect(envelopeSchema(paymentLinkResultSchema).safeParse(answers.qr.json).success).toBe(false);
    expect(envelopeSchema(nfcPaymentResultSchema).safeParse(answers.nfc.json).success).toBe(false);
    expect(sandbox.orders()).toEqual([]);
  });

  it('oversize: a valid envelope over 2 MiB sent chunked, without Content-Length', async () => {
    sandbox.setFaults([{ endpoint: 'chain', body: 'oversize' }]);
    const response = await fetch(`${sandbox.baseUrl}/chain`, { headers: authHeaders(sandbox) });
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const text = await response.text();
    expect(Buffer.byteLength(text)).toBeGreaterThan(2 * 1024 * 1024);
    expect(looseEnvelopeSchema.safeParse(JSON.parse(text)).success).toBe(true);
  });

  it('envelope-error: HTTP 200 carrying an error envelope', async () => {
    sandbox.setFaults([{ endpoint: 'generate_nfc', body: 'envelope-error' }]);
    const answer = await postJson(sandbox, '/generate_nfc', nfcBody(sandbox.issueNfcToken()));
    expect(answer.status).toBe(200);
    const envelope = looseEnvelopeSchema.parse(answer.json);
    expect(isFailureEnvelope(envelope)).toBe(true);
    expect(envelope.msg).toMatch(/temporarily unavailable/);
    expect(envelope.error_code).toBe('SERVICE_UNAVAILABLE');
    expect(sandbox.nfcPayments()).toEqual([]);
  });
});

describe('latency', () => {
  it('holds the answer until the sandbox clock has moved latencyMs, then answers normally', async () => {
    sandbox.setFaults([{ endpoint: 'chain', latencyMs: 5_000, times: 1 }]);
    const pending = track(getJson(sandbox, '/chain'));
    await sandbox.waitForRequests('chain', 1);
    clock.advance(4_999);
    await roundTrip(sandbox);
    expect(pending.settled()).toBe(false);
    clock.advance(1);
    const answer = await pending.promise;
    expect(answer.status).toBe(200);
    expect(envelopeSchema(chainListSchema).safeParse(answer.json).success).toBe(true);
  });

  it('combines with another effect of the same rule: delayed, then the fault', async () => {
    sandbox.setFaults([{ endpoint: 'generate_qr', latencyMs: 1_000, status: 504 }]);
    const pending = track(postJson(sandbox, '/generate_qr', qrBody()));
    await sandbox.waitForRequests('generate_qr', 1);
    await roundTrip(sandbox);
    expect(pending.settled()).toBe(false);
    clock.advance(1_000);
    expect((await pending.promise).status).toBe(504);
  });

  it('stops waiting when the client gives up', async () => {
    sandbox.setFaults([{ endpoint: 'chain', latencyMs: 60_000 }]);
    const abort = new AbortController();
    const pending = fetch(`${sandbox.baseUrl}/chain`, {
      headers: authHeaders(sandbox),
      signal: abort.signal,
    });
    await sandbox.waitForRequests('chain', 1);
    expect(clock.pendingTimers()).toBe(1);
    abort.abort();
    await expect(pending).rejects.toThrow();
    await roundTrip(sandbox);
    expect(clock.pendingTimers()).toBe(0);
  });
});

describe('hang', () => {
  it('keeps the request pending after the server received it, until close() ends it', async () => {
    sandbox.setFaults([{ endpoint: 'generate_qr', hang: true }]);
    const pending = track(postJson(sandbox, '/generate_qr', qrBody()));
    await sandbox.waitForRequests('generate_qr', 1);
    clock.advance(3_600_000);
    await roundTrip(sandbox);
    expect(pending.settled()).toBe(false);
    expect(sandbox.orders()).toEqual([]);
    const closing = sandbox.close();
    await expect(pending.promise).rejects.toThrow();
    await closing;
  });

  it('close() ends several hung requests and latency waits at once', async () => {
    sandbox.setFaults([
      { endpoint: 'chain', hang: true },
      { endpoint: 'asset', latencyMs: 10_000 },
    ]);
    const requests = [
      getJson(sandbox, '/chain'),
      getJson(sandbox, '/chain'),
      getJson(sandbox, '/asset?chain_id=1'),
    ];
    await sandbox.waitForRequests('chain', 2);
    await sandbox.waitForRequests('asset', 1);
    await sandbox.close();
    const results = await Promise.allSettled(requests);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(clock.pendingTimers()).toBe(0);
  });
});

describe('drop', () => {
  it('after-request: destroys the socket before processing, so no order exists', async () => {
    sandbox.setFaults([{ endpoint: 'generate_qr', drop: 'after-request', times: 1 }]);
    const body = qrBody();
    await expect(postJson(sandbox, '/generate_qr', body)).rejects.toThrow(/fetch failed/);
    expect(sandbox.requests()).toHaveLength(1);
    expect(sandbox.orders()).toEqual([]);
    // The same order can be sent again and is accepted.
    expect((await postJson(sandbox, '/generate_qr', body)).status).toBe(200);
  });

  it('after-processing: the order exists but no answer comes; a retry meets DUPLICATE_ORDER', async () => {
    sandbox.setFaults([{ endpoint: 'generate_qr', drop: 'after-processing', times: 1 }]);
    const body = qrBody();
    await expect(postJson(sandbox, '/generate_qr', body)).rejects.toThrow(/fetch failed/);
    expect(sandbox.orders().map((order) => order.orderId)).toEqual([body.order_id]);
    const retry = await postJson(sandbox, '/generate_qr', body);
    expect(retry.status).toBe(409);
    expect(envelopeError(retry).error_code).toBe('DUPLICATE_ORDER');
  });

  it('after-processing on generate_nfc: the payment is recorded and the token used', async () => {
    sandbox.setFaults([{ endpoint: 'generate_nfc', drop: 'after-processing', times: 1 }]);
    const token = sandbox.issueNfcToken();
    await expect(postJson(sandbox, '/generate_nfc', nfcBody(token))).rejects.toThrow(
      /fetch failed/,
    );
    expect(sandbox.nfcPayments()).toHaveLength(1);
    expect(envelopeError(await postJson(sandbox, '/generate_nfc', nfcBody(token))).error_code).toBe(
      'TOKEN_USED',
    );
  });

  it('after-request on a GET', async () => {
    sandbox.setFaults([{ endpoint: 'chain', drop: 'after-request', times: 1 }]);
    await expect(getJson(sandbox, '/chain')).rejects.toThrow(/fetch failed/);
    expect(await chainOk()).toBe(true);
  });
});

describe('link faults', () => {
  const params = async (
    link: NonNullable<FaultRule['link']>,
    overrides: Record<string, unknown> = {},
  ) => {
    sandbox.setFaults([{ endpoint: 'generate_qr', link, times: 1 }]);
    const body = qrBody({
      amount: '10',
      fee_value: '0.5',
      chain_id: '1',
      asset: 'USDT',
      ...overrides,
    });
    const answer = await postJson(sandbox, '/generate_qr', body);
    expect(answer.status).toBe(200);
    const result = envelopeSchema(paymentLinkResultSchema).parse(answer.json).data;
    // The order is accepted as usual; only the link is bent.
    expect(sandbox.orders().at(-1)).toMatchObject({ orderId: body.order_id, qrUrl: result.qr_url });
    const url = new URL(result.qr_url);
    return { url, params: Object.fromEntries(url.searchParams), orderId: body.order_id as string };
  };

  it('wrong-order: the link names another order', async () => {
    const { params: p, orderId } = await params('wrong-order');
    expect(p.order_id).not.toBe(orderId);
    expect(p).toMatchObject({
      act: 'DEPOSIT',
      chain_id: '1',
      decimal: '6',
      transaction_amount: '10.5',
    });
  });

  it('wrong-chain: the link names another chain', async () => {
    const { params: p } = await params('wrong-chain');
    expect(p.chain_id).not.toBe('1');
    expect(p).toMatchObject({ act: 'DEPOSIT', decimal: '6' });
  });

  it('wrong-act: act is not DEPOSIT', async () => {
    const { params: p } = await params('wrong-act');
    expect(p.act).not.toBe('DEPOSIT');
    expect(p.chain_id).toBe('1');
  });

  it('http-link: plain http to a host that is not loopback', async () => {
    const { url, params: p, orderId } = await params('http-link');
    expect(url.protocol).toBe('http:');
    expect(['127.0.0.1', 'localhost', '[::1]']).not.toContain(url.hostname);
    expect(url.pathname.endsWith('/qr-scan')).toBe(true);
    expect(p).toMatchObject({ order_id: orderId, act: 'DEPOSIT', chain_id: '1' });
  });

  it('amount-mismatch: the link amount differs from amount + fee', async () => {
    const { params: p } = await params('amount-mismatch');
    expect(p.transaction_amount).toMatch(/^\d+(\.\d+)?$/);
    expect(p.transaction_amount).not.toBe('10.5');
    expect(sandbox.orders().at(-1)?.total).toBe('10.5');
  });

  it('bad-decimal: the link decimal is not the asset decimals', async () => {
    const { params: p } = await params('bad-decimal');
    expect(p.decimal).not.toBe('6');
    expect(p.transaction_amount).toBe('10.5');
  });

  it('leaves generate_qr errors alone (validation still answers first)', async () => {
    sandbox.setFaults([{ endpoint: 'generate_qr', link: 'wrong-act' }]);
    expect((await postJson(sandbox, '/generate_qr', qrBody({ amount: '0' }))).status).toBe(400);
  });
});

describe('rule matching', () => {
  it('counts times down per matching request, then answers normally', async () => {
    sandbox.setFaults([{ endpoint: 'chain', status: 500, times: 2 }]);
    expect((await getJson(sandbox, '/chain')).status).toBe(500);
    expect(sandbox.faults()).toEqual([{ endpoint: 'chain', status: 500, times: 1 }]);
    // Requests to other endpoints do not count.
    expect((await getJson(sandbox, '/asset?chain_id=1')).status).toBe(200);
    expect((await getJson(sandbox, '/chain')).status).toBe(500);
    expect(sandbox.faults()).toEqual([]);
    expect(await chainOk()).toBe(true);
  });

  it('keeps a rule without times until cleared', async () => {
    sandbox.setFaults([{ endpoint: 'chain', status: 503 }]);
    for (let i = 0; i < 5; i += 1) expect((await getJson(sandbox, '/chain')).status).toBe(503);
    sandbox.setFaults([]);
    expect(await chainOk()).toBe(true);
  });

  it("'*' matches every endpoint", async () => {
    sandbox.setFaults([{ endpoint: '*', status: 500 }]);
    expect((await getJson(sandbox, '/chain')).status).toBe(500);
    expect((await getJson(sandbox, '/asset?chain_id=1')).status).toBe(500);
    expect((await postJson(sandbox, '/generate_qr', qrBody())).status).toBe(500);
    expect(
      (await postJson(sandbox, '/generate_nfc', nfcBody(sandbox.issueNfcToken()))).status,
    ).toBe(500);
  });

  it('applies the first matching rule only; later ones wait their turn', async () => {
    sandbox.setFaults([
      { endpoint: 'chain', status: 500, times: 1 },
      { endpoint: '*', status: 502, times: 1 },
    ]);
    expect((await getJson(sandbox, '/chain')).status).toBe(500);
    expect((await getJson(sandbox, '/chain')).status).toBe(502);
    expect(await chainOk()).toBe(true);
  });

  it('takes faults from the options', async () => {
    const faulty = await startSandbox({
      clock,
      faults: [{ endpoint: 'chain', status: 500, times: 1 }],
    });
    try {
      expect((await getJson(faulty, '/chain')).status).toBe(500);
      expect((await getJson(faulty, '/chain')).status).toBe(200);
    } finally {
      await faulty.close();
    }
  });

  it('does not change the caller’s rule objects while counting down', async () => {
    const rules: FaultRule[] = [{ endpoint: 'chain', status: 500, times: 2 }];
    sandbox.setFaults(rules);
    await getJson(sandbox, '/chain');
    expect(rules[0]?.times).toBe(2);
  });

  it('refuses invalid rules', () => {
    expect(() => sandbox.setFaults([{ endpoint: 'nope' } as unknown as FaultRule])).toThrow();
    expect(() => sandbox.setFaults([{ endpoint: 'chain', times: 0 }])).toThrow();
    expect(() =>
      sandbox.setFaults([{ endpoint: 'chain', body: 'xml' } as unknown as FaultRule]),
    ).toThrow();
    expect(() =>
      sandbox.setFaults([{ endpoint: 'chain', colour: 'red' } as unknown as FaultRule]),
    ).toThrow();
  });

  it('records faulted requests too', async () => {
    sandbox.setFaults([{ endpoint: 'chain', status: 500 }]);
    await getJson(sandbox, '/chain');
    expect(sandbox.requests()).toEqual([
      expect.objectContaining({ method: 'GET', endpoint: 'chain', url: '/v1/cf-payment/chain' }),
    ]);
  });
});
