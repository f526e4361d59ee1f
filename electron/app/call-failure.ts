import { ShiftRefusal } from '../shifts/shift-errors';
import { StaffRefusal } from '../staff/staff-errors';
import type { CallFailure } from '../../shared/ipc/contract-kit';
import { isServiceError } from '../service-client/service-error';
import { SaleRuleError } from '../sale/sale-errors';

/** A failure a handler throws on purpose, already in words for the cashier. */
export class CallRefusal extends Error {
  constructor(
    readonly kind: string,
    message: string,
    readonly detail?: CallFailure['detail'],
  ) {
    super(message);
    this.name = 'CallRefusal';
  }
}

/**
 * Turns whatever a handler threw into what the page may see: a kind to branch on and words
 * to show. Known errors keep their kind and message; anything else becomes 'internal' with a
 * generic message, so no stack trace or internal text ever reaches a page.
 */
export function toCallFailure(error: unknown): { failure: CallFailure; expected: boolean } {
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
