import type { CallName, Calls } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import { guardedAct } from '../staff/guarded-act';
import { StaffRefusal } from '../staff/staff-errors';
import type { StaffGrant, StaffService } from '../staff/staff-service';
import { CallRefusal } from '../../shared/ipc/call-refusal';
import { accessFor } from './call-access';
import { failureKindOf } from './dispatch-call';

type StaffGate = Pick<StaffService, 'requireSignedIn' | 'authorize' | 'touch'>;

/**
 * Who made a guarded call and which manager approved it (null: the person's own permission, or
 * PINs are off), handed to the handler as its second argument: an act that records its
 * manager (voiding a payment, reopening a shift) takes it from here.
 */
export type CallAuthorization = Pick<StaffGrant, 'actorId' | 'approverId'>;

/**
 * Every call checked against who is signed in before its handler runs (call-access.ts): the
 * permissions live here in main, so a page that shows a button it should not cannot use it.
 * A refusal names what is missing, so the cashier's page can ask for a manager's PIN in place
 * for that one act. An approval is spent only when the handler succeeds; each override is
 * audited with its outcome. Each act (not a read) restarts the auto-lock countdown.
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
      if (access === 'open') return handler(args);
      if (access === 'signed-in') {
        try {
          staff.requireSignedIn();
        } catch (error) {
          throw refusalFor(error);
        }
        staff.touch();
        return handler(args);
      }
      let grant: StaffGrant;
      try {
        grant = staff.authorize(guardedAct(name, args, access.needs, access.turnsPinsOff));
      } catch (error) {
        throw refusalFor(error);
      }
      staff.touch();
      let value: unknown;
      try {
        value = await handler(args, { actorId: grant.actorId, approverId: grant.approverId });
      } catch (error) {
        grant.settle(failureKindOf(error));
        throw error;
      }
      // A save dialog closed (an export not saved) did not do the act: the approval stays.
      grant.settle(notSaved(value) ? 'cancelled' : null);
      return value;
    };
  }
  return guarded as CallHandlers<Calls>;
}

function notSaved(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && (value as { saved?: unknown }).saved === false
  );
}

function refusalFor(error: unknown): unknown {
  if (!(error instanceof StaffRefusal)) return error;
  return new CallRefusal(error.code, error.message, {
    ...error.detail,
    ...(error.lockedUntilMs !== undefined ? { lockedUntilMs: error.lockedUntilMs } : {}),
  });
}
