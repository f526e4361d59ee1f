import type { ConnectionTest } from '../../shared/ipc/views';
import type { PaymentServiceClient } from '../service-client/payment-service-client';
import { isServiceError } from '../service-client/service-error';
import type { ProbeLimiter } from './probe-limiter';
import type { ServiceConnection } from './service-connection';

/**
 * "Test connection": asks the service for its chain list, either with a candidate address and
 * the token typed for it (first run, the connection panel; nothing is saved) or, with no
 * arguments, with the address and token in use. A candidate address never gets the stored
 * token: it is tested with the token given for it, or not at all. Paced by the limiter; the
 * answer is in words, and the token never appears in it.
 */
export async function connectionTest(
  connection: ServiceConnection,
  limiter: ProbeLimiter,
  baseUrl?: string,
  token?: string,
): Promise<ConnectionTest> {
  const candidate = baseUrl !== undefined || token !== undefined;
  if (candidate && (!baseUrl || !token)) {
    return {
      ok: false,
      message:
        'Enter both the service address and the API token to test them: the saved token is only ever sent to the address it was saved with.',
    };
  }
  const slot = limiter.take();
  if (!slot.ok) return { ok: false, message: slot.message };
  try {
    return await probeService(
      candidate
        ? connection.candidateClient(baseUrl as string, token as string)
        : connection.client(),
    );
  } finally {
    slot.done();
  }
}

/** One chain-list request through `client`, the outcome in words (also for connecting to a service). */
export async function probeService(client: PaymentServiceClient): Promise<ConnectionTest> {
  try {
    const chains = await client.listChains();
    return {
      ok: true,
      chainCount: chains.length,
      message: `Connected: the service offers ${chains.length} chain${chains.length === 1 ? '' : 's'}.`,
    };
  } catch (error) {
    if (isServiceError(error)) return { ok: false, message: error.failure.message };
    return { ok: false, message: 'The test failed for an unexpected reason. Try again.' };
  }
}
