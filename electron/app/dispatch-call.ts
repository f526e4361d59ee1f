import { calls, type CallName, type Calls } from '../../shared/ipc/contract';
import type { CallHandlers, CallResult } from '../../shared/ipc/contract-kit';
import type { Logger } from '../logging/logger';
import { ShiftRefusal } from '../shifts/shift-errors';
import { StaffRefusal } from '../staff/staff-errors';
import type { CallFailure } from '../../shared/ipc/contract-kit';
import { CallRefusal } from '../../shared/ipc/call-refusal';
import { isServiceError } from '../service-client/service-error';
import { SaleRuleError } from '../sale/sale-errors';

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

/** The kind a page would be answered with for this error ('internal' for anything unexpected). */
export function failureKindOf(error: unknown): string {
  return toCallFailure(error).failure.kind;
}

/**
 * Turns whatever a handler threw into what the page may see: a kind to branch on and words
 * to show. Known errors keep their kind and message; anything else becomes 'internal' with a
 * generic message, so no stack trace or internal text ever reaches a page.
 */
function toCallFailure(error: unknown): { failure: CallFailure; expected: boolean } {
  if (isServiceError(error)) {
    const { kind, message, serviceMessage, serviceCode, httpStatus } = error.failure;
    return {
      failure: { kind, message, detail: { serviceMessage, serviceCode, httpStatus } },
      expected: true,
    };
  }
  // A rule of the sale or of the shift: its code is the kind the page words.
  if (error instanceof SaleRuleError || error instanceof ShiftRefusal) {
    return { failure: { kind: error.code, message: error.message }, expected: true };
  }
  if (error instanceof StaffRefusal) {
    return {
      failure: {
        kind: error.code,
        message: error.message,
        ...(error.lockedUntilMs !== undefined
          ? { detail: { lockedUntilMs: error.lockedUntilMs } }
          : {}),
      },
      expected: true,
    };
  }
  if (error instanceof CallRefusal) {
    return {
      failure: {
        kind: error.kind,
        message: error.message,
        ...(error.detail ? { detail: error.detail } : {}),
      },
      expected: true,
    };
  }
  return {
    failure: {
      kind: 'internal',
      message:
        'Something went wrong inside the till. Try again; if it keeps happening, restart the app and call IT.',
    },
    expected: false,
  };
}
