import { calls, type CallName, type Calls } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import { CallRefusal } from '../../shared/ipc/call-refusal';
import { guardedAct, type GuardedAct } from '../staff/guarded-act';
import { nothingToApprove, type StaffService } from '../staff/staff-service';
import { accessFor } from './call-access';

type StaffCall =
  | 'staffSession'
  | 'createFirstManager'
  | 'signIn'
  | 'signOut'
  | 'addStaff'
  | 'resetStaffPin'
  | 'removeStaff'
  | 'approveAction';

/** Signing in and out, the staff list, and a manager's approval typed on the cashier's screen. */
export function staffHandlers(staff: StaffService): Pick<CallHandlers<Calls>, StaffCall> {
  return {
    staffSession: async () => staff.session(),
    createFirstManager: ({ name, pin }) => staff.createFirstManager(name, pin),
    signIn: ({ staffId, pin }) => staff.signIn(staffId, pin),
    signOut: async () => staff.signOut(),
    addStaff: ({ name, role, pin }) => staff.addStaff(name, role, pin),
    resetStaffPin: ({ staffId, pin }) => staff.resetPin(staffId, pin),
    removeStaff: async ({ staffId }) => staff.removeStaff(staffId),
    approveAction: async ({ managerId, pin, call, args }) => {
      await staff.approve(managerId, pin, actToApprove(call, args));
      return null;
    },
  };
}

/**
 * The act a manager is asked to approve, as the guard will see it when the page makes it:
 * its arguments parsed by that call's own schema, so the same act has the same key.
 */
function actToApprove(call: string, args: unknown): GuardedAct {
  const refused = () =>
    new CallRefusal(
      'invalid-argument',
      'The page asked to approve something the till does not offer.',
    );
  if (!Object.prototype.hasOwnProperty.call(calls, call)) throw refused();
  const name = call as CallName;
  const parsed = calls[name].args.safeParse(args ?? {});
  if (!parsed.success) throw refused();
  const access = accessFor(name, parsed.data);
  if (access === 'open' || access === 'signed-in') throw nothingToApprove();
  return guardedAct(name, parsed.data, access.needs, access.turnsPinsOff);
}
