import { permissionsOfRole, type RoleDefinition, type StaffSession } from '../../../shared/staff';

/**
 * Whether the person at the till may open the audit view (main checks again): with PINs off
 * (or no staff sessions) the one implicit cashier may do everything; with PINs on, whoever may
 * manage the staff. Undefined: the session is not known yet.
 */
export function maySeeAudit(
  session: StaffSession | null | undefined,
  itRoles: readonly RoleDefinition[],
): boolean {
  if (session === undefined) return false;
  if (session === null || !session.pinsRequired) return true;
  const me = session.signedIn;
  return me !== null && permissionsOfRole(me.role, itRoles).has('manage-staff');
}
