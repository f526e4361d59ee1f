import type { CallName, Calls } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import type { GuardedAction } from '../../shared/staff';
import { StaffRefusal } from '../staff/staff-errors';
import type { StaffService } from '../staff/staff-service';
import { CallRefusal } from '../../shared/ipc/call-refusal';
import { accessFor } from './call-access';

type StaffGate = Pick<StaffService, 'requireSignedIn' | 'authorize' | 'touch'>;

/**
 * Who made a guarded call and which manager approved it (null: a manager made it, or PINs
 * are off), handed to the handler as its second argument: an act that records its manager
 * (reopening a shift) takes it from here, as the approval is used up by the check.
 */
export type CallAuthorization = ReturnType<StaffGate['authorize']>;

/**
 * Every call checked against who is signed in before its handler runs (call-access.ts): the
 * roles live here in main, so a page that shows a button it should not cannot use it. A
 * refusal names the action, so the cashier's page can ask for a manager's PIN in place.
 * Each act (not a read) restarts the auto-lock countdown.
 */
export function guardCalls(handlers: CallHandlers<Calls>, staff: StaffGate): CallHandlers<Calls> {
  const guarded: Record<string, (args: unknown) => Promise<unknown>> = {};
  for (const name of Object.keys(handlers) as CallName[]) {
    const handler = handlers[name] as (
      args: unknown,
      authorization?: CallAuthorization,
    ) => Promise<unknown>;
    guarded[name] = async (args) => {
      const access = accessFor(name, args);
      let authorization: CallAuthorization | undefined;
      if (access !== 'open') {
        try {
          if (access === 'signed-in') staff.requireSignedIn();
          else authorization = staff.authorize(access.guarded);
        } catch (error) {
          throw refusalFor(error, access === 'signed-in' ? null : access.guarded);
        }
        staff.touch();
      }
      return handler(args, authorization);
    };
  }
  return guarded as CallHandlers<Calls>;
}

function refusalFor(error: unknown, action: GuardedAction | null): unknown {
  if (!(error instanceof StaffRefusal)) return error;
  return new CallRefusal(error.code, error.message, {
    ...(action ? { action } : {}),
    ...(error.lockedUntilMs !== undefined ? { lockedUntilMs: error.lockedUntilMs } : {}),
  });
}
