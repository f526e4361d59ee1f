import { describe, expect, it } from 'vitest';
import {
  createServiceClient,
  type ServiceClientOptions,
} from '../../../electron/service-client/payment-service-client';
import { ServiceError } from '../../../electron/service-client/service-error';
import { ManualClock } from '../../support/manual-clock';
import { BASE_URL, TOKEN, chain, linkResult, nfcRequest, qrRequest, qrUrl, usdt } from './fixtures';
import { ok, stubFetch, type StubReply } from './stub-fetch';

function setup(replies: StubReply[], options: Partial<ServiceClientOptions> = {}) {
  const clock = new ManualClock();
  const stub = stubFetch(replies);
  const client = createServiceClient({
    baseUrl: BASE_URL,
    getToken: () => TOKEN,
    clock,
    fetch: stub.fetch,
    ...options,
  });
  return { clock, client, calls: stub.calls };
}

async function kindOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return (error as ServiceError).kind;
  }
  throw new Error('expected the call to fail');
}

describe('payment service client: requests', () => {
  it('lists chains with the bearer token and normalises chain_id', async () => {
    const { client, calls } = setup([ok([{ ...chain, chain_id: '56' }])]);
    await expect(client.listChains()).resolves.toEqual([{ ...chain, chain_id: 56 }]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`${BASE_URL}/chain`);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(calls[0]?.body).toBeUndefined();
  });

  it('reads the token for every request, so a token changed in settings is used at once', async () => {
    let token = TOKEN;
    const { client, calls } = setup([ok([chain])], { getToken: () => token });
    await client.listChains();
    token = 'aaaabbbbccccddddeeeeffff00001111';
    await client.listChains();
    expect(calls.map((call) => call.headers.authorization)).toEqual([
      `Bearer ${TOKEN}`,
      'Bearer aaaabbbbccccddddeeeeffff00001111',
    ]);
  });

  it('sends chain_id as a string in the query and accepts a base URL with a trailing slash', async () => {
    const { client, calls } = setup([ok([usdt])], { baseUrl: `${BASE_URL}/` });
    await expect(client.listAssets('137')).resolves.toEqual([usdt]);
    expect(calls[0]?.url).toBe(`${BASE_URL}/asset?chain_id=137`);
  });

  it('refuses a chain id that is not digits without sending anything (no query injection)', async () => {
    const { client, calls } = setup([ok([usdt])]);
    expect(await kindOf(client.listAssets('1&chain_id=2'))).toBe('invalid-request');
    expect(await kindOf(client.listAssets(''))).toBe('invalid-request');
    expect(calls).toHaveLength(0);
  });

  it('does not throw at creation for an invalid base URL; every call rejects with invalid-request and sends nothing', async () => {
    for (const baseUrl of [
      'http://pay.example.com/v1/cf-payment',
      'https://pay.example.com/v2',
      'not a url',
      '',
    ]) {
      const { client, calls } = setup([ok([chain])], { baseUrl });
      const error = await client.listChains().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).kind).toBe('invalid-request');
      expect((error as ServiceError).message).toMatch(/Nothing was sent/);
      expect(await kindOf(client.createPaymentLink(qrRequest(), usdt))).toBe('invalid-request');
      expect(calls).toHaveLength(0);
    }
  });

  it('posts generate_qr as JSON with every field a string, and checks the link', async () => {
    const { client, calls, clock } = setup([ok(linkResult())]);
    const link = await client.createPaymentLink(qrRequest(), usdt);
    expect(calls[0]?.url).toBe(`${BASE_URL}/generate_qr`);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      order_id: 'ord-0001',
      amount: '10.5',
      asset: 'USDT',
      chain_id: '1',
      currency: 'USD',
      fee_value: '0.25',
      serial_number: 'POS-7',
    });
    expect(link).toEqual({
      qrUrl: qrUrl(),
      rateUsd: 1.0002,
      expireAtRaw: '22/11/2026 09:15:00',
      expiry: { kind: 'known', atMs: Date.UTC(2026, 10, 22, 9, 15, 0), order: 'day-first' },
      linkAmount: '10.75',
      requestedTotal: '10.75',
      amountMatches: true,
      sentAtMs: clock.now(),
    });
  });

  it('reports a link amount that differs from amount + fee instead of hiding it', async () => {
    const { client } = setup([ok(linkResult({ qr_url: qrUrl({ transaction_amount: '10.500' }) }))]);
    const link = await client.createPaymentLink(qrRequest(), usdt);
    expect(link.linkAmount).toBe('10.5');
    expect(link.requestedTotal).toBe('10.75');
    expect(link.amountMatches).toBe(false);
  });

  it('compares amounts by value: 10.750000 equals 10.75', async () => {
    const { client } = setup([
      ok(linkResult({ qr_url: qrUrl({ transaction_amount: '10.750000' }) })),
    ]);
    expect((await client.createPaymentLink(qrRequest(), usdt)).amountMatches).toBe(true);
  });

  it('reads expire_at relative to the moment the request was sent, in the service time zone', async () => {
    const { client, clock } = setup([ok(linkResult({ expire_at: '22/11/2026 10:15:00' }))], {
      serviceTimeZone: 'Europe/Berlin',
    });
    const link = await client.createPaymentLink(qrRequest(), usdt);
    expect(link.sentAtMs).toBe(clock.now());
    // 10:15 in Berlin (UTC+1 in November) is 09:15 UTC.
    expect(link.expiry).toEqual({
      kind: 'known',
      atMs: Date.UTC(2026, 10, 22, 9, 15, 0),
      order: 'day-first',
    });
  });

  it('gives an unknown expiry, not a failure, for an expire_at already in the past', async () => {
    const { client } = setup([ok(linkResult({ expire_at: '22/11/2026 08:00:00' }))]);
    const link = await client.createPaymentLink(qrRequest(), usdt);
    expect(link.expiry.kind).toBe('unknown');
  });

  it.each([
    ['wrong order', { order_id: 'ord-9999' }],
    ['wrong chain', { chain_id: '2' }],
    ['wrong act', { act: 'WITHDRAW' }],
    ['wrong decimals', { decimal: '18' }],
    ['zero amount', { transaction_amount: '0' }],
  ])('refuses a link with the %s as link-check-failed, with the reason', async (_name, params) => {
    const { client } = setup([ok(linkResult({ qr_url: qrUrl(params) }))]);
    const error = (await client
      .createPaymentLink(qrRequest(), usdt)
      .catch((e: unknown) => e)) as ServiceError;
    expect(error.kind).toBe('link-check-failed');
    expect(error.message).toMatch(/The payment link was refused: .+ It is not shown/);
  });

  it('refuses an http link unless the base URL is loopback (the sandbox) or allowLoopbackHttp says so', async () => {
    const httpLink = linkResult({ qr_url: qrUrl({}, 'http://127.0.0.1:4000/app') });
    const remote = setup([ok(httpLink)]);
    expect(await kindOf(remote.client.createPaymentLink(qrRequest(), usdt))).toBe(
      'link-check-failed',
    );
    const sandbox = setup([ok(httpLink)], { baseUrl: 'http://127.0.0.1:4000/v1/cf-payment' });
    await expect(sandbox.client.createPaymentLink(qrRequest(), usdt)).resolves.toMatchObject({
      amountMatches: true,
    });
    const strict = setup([ok(httpLink)], {
      baseUrl: 'http://127.0.0.1:4000/v1/cf-payment',
      allowLoopbackHttp: false,
    });
    expect(await kindOf(strict.client.createPaymentLink(qrRequest(), usdt))).toBe(
      'link-check-failed',
    );
  });

  it.each([
    ['a float amount with an exponent', qrRequest({ amount: '1e3' })],
    ['a zero amount', qrRequest({ amount: '0' })],
    ['more decimals than the asset has', qrRequest({ amount: '1.1234567' })],
    ['a negative fee', qrRequest({ fee_value: '-1' })],
    ['a chain_id that is not digits', qrRequest({ chain_id: '1a' })],
    ['an asset that does not match', qrRequest({ asset: 'USDC' })],
    ['a chain that does not match the asset', qrRequest({ chain_id: '56' })],
    ['an empty order id', qrRequest({ order_id: '' })],
  ])('refuses to send generate_qr with %s (invalid-request)', async (_name, request) => {
    const { client, calls } = setup([ok(linkResult())]);
    expect(await kindOf(client.createPaymentLink(request, usdt))).toBe('invalid-request');
    expect(calls).toHaveLength(0);
  });

  it('submits an NFC payment and accepts only data "success"', async () => {
    const { client, calls } = setup([ok('success')]);
    await expect(client.submitNfcPayment(nfcRequest)).resolves.toBe('success');
    expect(calls[0]?.url).toBe(`${BASE_URL}/generate_nfc`);
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual(nfcRequest);
    const other = setup([ok('pending')]);
    expect(await kindOf(other.client.submitNfcPayment(nfcRequest))).toBe('bad-response');
  });

  it('sends the parsed generate_qr body: chain_id given as a number goes as digits, the serial trimmed', async () => {
    const { client, calls } = setup([ok(linkResult())]);
    await client.createPaymentLink({ ...qrRequest(), chain_id: 1, serial_number: ' POS-7 ' }, usdt);
    expect(JSON.parse(calls[0]?.body ?? '')).toMatchObject({
      chain_id: '1',
      serial_number: 'POS-7',
    });
  });

  it('sends the parsed generate_nfc body: the token lower-cased and trimmed, the serial trimmed', async () => {
    const { client, calls } = setup([ok('success')]);
    await client.submitNfcPayment({
      ...nfcRequest,
      token: ` ${nfcRequest.token.toUpperCase()} `,
      serial_number: 'POS-7  ',
    });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual(nfcRequest);
  });

  it.each([
    ['a token that is not a UUID', { ...nfcRequest, token: 'hello' }],
    ['a token without its dashes', { ...nfcRequest, token: nfcRequest.token.replace(/-/g, '') }],
    ['a zero amount', { ...nfcRequest, amount: '0.0' }],
  ])('refuses to send generate_nfc with %s', async (_name, request) => {
    const { client, calls } = setup([ok('success')]);
    const error = (await client.submitNfcPayment(request).catch((e: unknown) => e)) as ServiceError;
    expect(error.kind).toBe('invalid-request');
    // The NFC token is single-use and private: the message names the field, not the value.
    expect(error.message).not.toContain('hello');
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['empty', () => ''],
    ['with a space', () => 'abc def'],
    ['with a newline (header injection)', () => `${TOKEN}\r\nX-Evil: 1`],
    [
      'unreadable (secret store fails)',
      () => {
        throw new Error(`could not decrypt ${TOKEN}`);
      },
    ],
  ])('does not send anything when the token is %s (invalid-token)', async (_name, getToken) => {
    const { client, calls } = setup([ok([chain])], { getToken });
    const error = (await client.listChains().catch((e: unknown) => e)) as ServiceError;
    expect(error.kind).toBe('invalid-token');
    expect(error.failure.httpStatus).toBeUndefined();
    expect(JSON.stringify(error) + String(error.stack)).not.toContain(TOKEN);
    expect(calls).toHaveLength(0);
  });
});
