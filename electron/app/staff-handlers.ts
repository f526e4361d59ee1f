import type { Calls } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import type { StaffService } from '../staff/staff-service';

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
    approveAction: async ({ managerId, pin, action }) => {
      await staff.approve(managerId, pin, action);
      return null;
    },
  };
}
