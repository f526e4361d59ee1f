import type { StaffSession } from '../../../shared/staff';

/**
 * Whether the person at the till may open the audit view (main checks again): with no staff
 * sessions the one implicit cashier may do everything; otherwise whoever may manage the staff
 * (main says who may, PINs off included). Undefined: the session is not known yet.
 */
export function maySeeAudit(session: StaffSession | null | undefined): boolean {
  if (session === undefined) return false;
  if (session === null) return true;
  return session.permissions.includes('manage-staff');
}
