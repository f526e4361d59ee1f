import { calls, type CallName, type Calls } from '../../shared/ipc/contract';
import type { CallHandlers, CallResult } from '../../shared/ipc/contract-kit';
import type { Logger } from '../logging/logger';
import { toCallFailure } from './call-failure';

const known = new Set<string>(Object.keys(calls));
/** A refusal is read by a person: longer text is cut, so no answer grows with its input. */
const MAX_MESSAGE_CHARS = 1_000;

/**
 * The one way a call from a page reaches a handler, whatever the transport (Electron IPC or
 * the test harness): the name must be in the contract, the argument is `unknown` until its
 * schema parses it, and the answer is always a CallResult, never a thrown error.
 */
export async function dispatchCall(
  handlers: CallHandlers<Calls>,
  name: string,
  rawArgs: unknown,
  logger: Logger,
): Promise<CallResult<unknown>> {
  if (!known.has(name))
    return {
      ok: false,
      error: {
        kind: 'unknown-call',
        message: 'The page asked for something the till does not offer.',
      },
    };
  const callName = name as CallName;
  const parsed = calls[callName].args.safeParse(rawArgs ?? {});
  if (!parsed.success) {
    logger.warn('call refused: arguments do not match the contract', {
      call: callName,
      issues: parsed.error.issues.length,
    });
    return {
      ok: false,
      error: { kind: 'invalid-argument', message: 'The page sent something the till cannot use.' },
    };
  }
  try {
    const handler = handlers[callName] as (args: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    const { failure, expected } = toCallFailure(error);
    if (expected) logger.info('call failed', { call: callName, kind: failure.kind });
    else
      logger.error('call crashed', {
        call: callName,
        error: error instanceof Error ? `${error.name}: ${error.message}` : typeof error,
      });
    return {
      ok: false,
      error:
        failure.message.length > MAX_MESSAGE_CHARS
          ? { ...failure, message: `${failure.message.slice(0, MAX_MESSAGE_CHARS - 1)}…` }
          : failure,
    };
  }
}
