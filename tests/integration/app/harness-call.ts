import type { Calls } from '../../../shared/ipc/contract';
import type { CallResult } from '../../../shared/ipc/contract-kit';
import { dispatchCall } from '../../../electron/app/dispatch-call';
import { silentLogger } from '../../../electron/logging/logger';
import type { Harness } from '../../support/harness/harness';

/** A page call into the running harness, as `callThrough` makes it. */
export type HarnessCall = ReturnType<typeof callThrough>;

/**
 * A page call into the running harness's services through the contract (dispatchCall, as
 * both transports use it). `harness` is read at each call, so a test may start a new one.
 */
export function callThrough(harness: () => Harness | undefined) {
  return <Name extends keyof Calls & string>(
    name: Name,
    args: unknown = {},
  ): Promise<CallResult<unknown>> =>
    dispatchCall(harness()!.services.handlers, name, args, silentLogger);
}

/** The value of a call that must succeed; a refusal fails the test with its kind and words. */
export async function ok<T>(pending: Promise<CallResult<unknown>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw new Error(`call refused: ${result.error.kind} ${result.error.message}`);
  return result.value as T;
}
