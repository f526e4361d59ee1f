import type { ConnectionTest } from '../../shared/ipc/views';
import { isServiceError } from '../service-client/service-error';
import type { ServiceConnection } from './service-connection';

/**
 * "Test connection": asks the service for its chain list with the candidate URL and token
 * (first run, before anything is saved) or with the stored ones. The answer is in words; the
 * token never appears in it.
 */
export async function connectionTest(
  connection: ServiceConnection,
  baseUrl?: string,
  token?: string,
): Promise<ConnectionTest> {
  const candidate = baseUrl !== undefined || token !== undefined;
  if (candidate && (!baseUrl || !token)) {
    return { ok: false, message: 'Enter both the service address and the API token to test them.' };
  }
  const client = candidate
    ? connection.candidateClient(baseUrl as string, token as string)
    : connection.client();
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
