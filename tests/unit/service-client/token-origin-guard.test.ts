import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../electron/service-client/payment-service-client';
import type { ServiceError } from '../../../electron/service-client/service-error';
import { ManualClock } from '../../support/manual-clock';
import { findSecret } from '../../support/secret-leak';
import { BASE_URL, TOKEN, chain, nfcRequest, qrRequest, usdt } from './fixtures';
import { ok, stubFetch } from './stub-fetch';

// The client sends the token only to the origin it was tested and saved with: a request to
// any other origin is refused before anything reaches the transport.
function setup(getTokenOrigin: () => string | undefined, baseUrl = BASE_URL) {
  const stub = stubFetch([ok([chain])]);
  const client = createServiceClient({
    baseUrl,
    getToken: () => TOKEN,
    getTokenOrigin,
    clock: new ManualClock(),
    fetch: stub.fetch,
  });
  return { client, calls: stub.calls };
}

async function failureOf(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    return error as ServiceError;
  }
  throw new Error('expected the call to fail');
}

describe('payment service client: the token goes only to its origin', () => {
  it('sends to the origin the token is bound to', async () => {
    const { client, calls } = setup(() => 'https://pay.example.com');
    await expect(client.listChains()).resolves.toHaveLength(1);
    expect(calls.map((call) => call.headers.authorization)).toEqual([`Bearer ${TOKEN}`]);
  });

  it.each([
    ['another host', 'https://evil.example.com'],
    ['another port', 'https://pay.example.com:8443'],
    ['another scheme', 'http://pay.example.com'],
    ['a parent domain', 'https://example.com'],
    ['no origin at all', undefined],
  ])(
    'refuses every endpoint when the token is bound to %s, sending nothing',
    async (_name, bound) => {
      const { client, calls } = setup(() => bound);
      const failures = await Promise.all([
        failureOf(client.listChains()),
        failureOf(client.listAssets('1')),
        failureOf(client.createPaymentLink(qrRequest(), usdt)),
        failureOf(client.submitNfcPayment(nfcRequest)),
      ]);
      expect(calls).toEqual([]);
      for (const failure of failures) {
        expect(failure.failure).toMatchObject({
          kind: 'invalid-request',
          message: expect.stringMatching(
            /service address changed.*enter the API token for it again.*Nothing was sent/,
          ),
        });
        expect(findSecret(failure, TOKEN)).toEqual([]);
      }
    },
  );

  it('reads the origin for every request: a token re-bound elsewhere stops the next request', async () => {
    let bound = 'https://pay.example.com';
    const { client, calls } = setup(() => bound);
    await client.listChains();
    bound = 'https://other.example.com';
    await expect(failureOf(client.listChains())).resolves.toMatchObject({
      failure: { kind: 'invalid-request' },
    });
    expect(calls).toHaveLength(1);
  });

  it('an origin reader that throws refuses, sending nothing', async () => {
    const { client, calls } = setup(() => {
      throw new Error('key store gone');
    });
    await expect(failureOf(client.listChains())).resolves.toMatchObject({
      failure: { kind: 'invalid-request' },
    });
    expect(calls).toEqual([]);
  });

  it('compares origins as URL writes them (host case, default port)', async () => {
    const { client, calls } = setup(
      () => 'https://pay.example.com',
      'HTTPS://PAY.Example.COM:443/v1/cf-payment',
    );
    await expect(client.listChains()).resolves.toHaveLength(1);
    expect(calls).toHaveLength(1);
  });
});
