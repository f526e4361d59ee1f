import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../electron/service-client/payment-service-client';
import { ServiceError } from '../../../electron/service-client/service-error';
import { ManualClock } from '../../support/manual-clock';
import { BASE_URL, TOKEN } from './fixtures';
import { stubFetch } from './stub-fetch';

// A list call (chains, assets) has one budget across its attempts and backoffs, so a service
// that accepts and never answers costs the till listDeadlineMs, not three whole timeouts.
describe('payment service client: the list call deadline', () => {
  it('gives up a hanging list call at listDeadlineMs, on the clock, across its retries', async () => {
    const clock = new ManualClock();
    const stub = stubFetch(['hang', 'hang', 'hang']);
    const client = createServiceClient({
      baseUrl: BASE_URL,
      getToken: () => TOKEN,
      clock,
      fetch: stub.fetch,
      timeoutMs: 10_000,
      getRetries: 2,
      listDeadlineMs: 3_000,
    });
    const start = clock.now();
    let settledAt: number | null = null;
    const result = client.listChains().then(
      () => null,
      (error: unknown) => ((settledAt = clock.now()), error),
    );
    // The first attempt's deadline is the list's: 3 s, not its own 10 s.
    expect(await clock.armed()).toBe(start + 3_000);
    clock.advance(2_999);
    expect(settledAt).toBeNull();
    clock.advance(1);
    const error = await result;
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).kind).toBe('timeout');
    expect(settledAt).toBe(start + 3_000);
    // No retry is started once the budget is spent.
    expect(stub.calls).toHaveLength(1);
  });

  it('retries within the budget, and a retry gets only what is left of it', async () => {
    const clock = new ManualClock();
    const stub = stubFetch(['hang', 'hang']);
    const client = createServiceClient({
      baseUrl: BASE_URL,
      getToken: () => TOKEN,
      clock,
      fetch: stub.fetch,
      timeoutMs: 1_000,
      getRetries: 2,
      backoffMs: 300,
      listDeadlineMs: 2_000,
    });
    const start = clock.now();
    const result = client.listAssets('1').catch((error: unknown) => error);
    expect(await clock.armed()).toBe(start + 1_000);
    clock.advance(1_000); // attempt 1 times out
    expect(await clock.armed((at) => at === start + 1_300)).toBe(start + 1_300); // the backoff
    clock.advance(300);
    // Attempt 2 has 700 ms left of the budget, not its own 1 000.
    expect(await clock.armed((at) => at > start + 1_300)).toBe(start + 2_000);
    clock.advance(700);
    expect(((await result) as ServiceError).kind).toBe('timeout');
    expect(stub.calls).toHaveLength(2);
  });
});
