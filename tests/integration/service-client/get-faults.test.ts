import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../../electron/sandbox/sandbox-server';
import {
  BACKOFF_MS,
  TIMEOUT_MS,
  startHarness,
  untilRetry,
  type Harness,
  transports,
  useTransport,
} from './harness';

/** Drives a GET that times out on every attempt: waits for each request, then moves the clock. */
async function timeOutEveryAttempt(
  harness: Harness,
  endpoint: 'chain' | 'asset',
  attempts: number,
): Promise<void> {
  const { sandbox, clock } = harness;
  for (let n = 1; n <= attempts; n += 1) {
    await sandbox.waitForRequests(endpoint, n);
    clock.advance(TIMEOUT_MS);
    if (n < attempts) {
      await untilRetry(harness, n);
      clock.advance(BACKOFF_MS * 2 ** (n - 1));
    }
  }
}

describe.each(transports)('service client GETs against sandbox faults (%s)', (transport) => {
  useTransport(transport);

  it('latency within the timeout succeeds', async () => {
    const { client, sandbox, clock } = await startHarness({
      faults: [{ endpoint: 'chain', latencyMs: TIMEOUT_MS - 1 }],
    });
    const result = client.listChains();
    await sandbox.waitForRequests('chain', 1);
    clock.advance(TIMEOUT_MS - 1);
    await expect(result).resolves.toContainEqual(expect.objectContaining({ name: 'ETHEREUM' }));
    expect(sandbox.requests()).toHaveLength(1);
  });

  it('latency beyond the timeout on every attempt ends in timeout after the retries', async () => {
    const harness = await startHarness({
      faults: [{ endpoint: 'chain', latencyMs: TIMEOUT_MS + 5_000 }],
    });
    const result = harness.caught(harness.client.listChains());
    await timeOutEveryAttempt(harness, 'chain', 3);
    const error = await result;
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('tried 3 times');
    expect(harness.sandbox.requests().filter((record) => record.endpoint === 'chain')).toHaveLength(
      3,
    );
  });

  it('a hang ends in timeout after the retries, driven only by the clock', async () => {
    const harness = await startHarness({ faults: [{ endpoint: 'asset', hang: true }] });
    const result = harness.caught(harness.client.listAssets('1'));
    await timeOutEveryAttempt(harness, 'asset', 3);
    expect((await result).kind).toBe('timeout');
  });

  it('a hang once, then an answer: the retry succeeds', async () => {
    const harness = await startHarness({ faults: [{ endpoint: 'chain', hang: true, times: 1 }] });
    const result = harness.client.listChains();
    await timeOutEveryAttempt(harness, 'chain', 1);
    await untilRetry(harness, 1);
    harness.clock.advance(BACKOFF_MS);
    await expect(result).resolves.not.toHaveLength(0);
  });

  it('status 500 once is retried and then succeeds', async () => {
    const harness = await startHarness({ faults: [{ endpoint: 'chain', status: 500, times: 1 }] });
    const { client, sandbox, clock } = harness;
    const result = client.listChains();
    await untilRetry(harness, 1);
    expect(sandbox.requests()).toHaveLength(1);
    clock.advance(BACKOFF_MS);
    await expect(result).resolves.not.toHaveLength(0);
    expect(sandbox.requests()).toHaveLength(2);
  });

  it('status 502 with an HTML page every time is bad-response after the retries', async () => {
    const harness = await startHarness({
      faults: [{ endpoint: 'chain', status: 502, body: 'html' }],
    });
    const { client, sandbox, clock, caught } = harness;
    const result = caught(client.listChains());
    for (const [index, delay] of [BACKOFF_MS, BACKOFF_MS * 2].entries()) {
      await untilRetry(harness, index + 1);
      clock.advance(delay);
    }
    expect((await result).failure).toMatchObject({ kind: 'bad-response', httpStatus: 502 });
    expect(sandbox.requests()).toHaveLength(3);
  });

  it.each([
    ['malformed JSON', 'malformed-json'],
    ['an HTML page with status 200', 'html'],
    ['the wrong shape of data', 'wrong-shape'],
    ['a 2 MiB answer', 'oversize'],
  ] as const)('%s is bad-response, not retried', async (_name, body) => {
    const { client, sandbox, clock, caught } = await startHarness({
      faults: [{ endpoint: 'chain', body }],
    });
    const error = await caught(client.listChains());
    expect(error.failure).toMatchObject({ kind: 'bad-response', httpStatus: 200 });
    expect(sandbox.requests()).toHaveLength(1);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('an envelope error is rejected with the service msg and code, not retried', async () => {
    const { client, sandbox, caught } = await startHarness({
      faults: [{ endpoint: 'asset', body: 'envelope-error' }],
    });
    const error = await caught(client.listAssets('1'));
    expect(error.failure).toMatchObject({
      kind: 'rejected',
      serviceMessage: 'The payment service is temporarily unavailable. Try again shortly.',
      serviceCode: 'SERVICE_UNAVAILABLE',
    });
    expect(error.message).toContain('temporarily unavailable');
    expect(sandbox.requests()).toHaveLength(1);
  });

  it('a real validation error from the service is rejected with its msg', async () => {
    const { client, caught } = await startHarness();
    const error = await caught(client.listAssets('999999'));
    expect(error.kind).toBe('rejected');
    expect(error.failure.serviceMessage).not.toBe('');
  });

  it('a wrong token is invalid-token (401), not retried', async () => {
    const { clientWith, sandbox, caught } = await startHarness();
    const client = clientWith({ getToken: () => '00000000000000000000000000000000' });
    const error = await caught(client.listChains());
    expect(error.failure).toMatchObject({ kind: 'invalid-token', httpStatus: 401 });
    expect(sandbox.requests()).toHaveLength(1);
  });

  it('a closed port is no-connection after the retries', async () => {
    const harness = await startHarness();
    const closed = await startSandbox();
    const baseUrl = closed.baseUrl;
    await closed.close();
    const client = harness.clientWith({ baseUrl });
    const result = harness.caught(client.listChains());
    for (const [index, delay] of [BACKOFF_MS, BACKOFF_MS * 2].entries()) {
      await untilRetry(harness, index + 1);
      harness.clock.advance(delay);
    }
    const error = await result;
    expect(error.kind).toBe('no-connection');
    expect(error.message).toContain('tried 3 times');
    expect(harness.logs.find((entry) => entry.level === 'error')?.fields).toMatchObject({
      networkCode: 'ECONNREFUSED',
    });
  });
});
