import type { CallResult } from '../../../../shared/ipc/contract-kit';
import {
  permissions,
  permissionsOfRole,
  type StaffMember,
  type StaffSession,
} from '../../../../shared/staff';

/** Ana manages, Ben sells, Ida is IT's manager. Not a test itself. */
export const ana: StaffMember = { staffId: 'm-ana', name: 'Ana', role: 'manager', source: 'local' };
export const ben: StaffMember = { staffId: 'c-ben', name: 'Ben', role: 'cashier', source: 'local' };
export const ida: StaffMember = {
  staffId: 'm-ida',
  name: 'Ida',
  role: 'manager',
  source: 'policy',
};

/**
 * A session with PINs on, the three of them, nobody signed in unless `patch` says so; what the
 * person may do follows as main computes it (everything with PINs off, their built-in role's
 * permissions, nothing when nobody is signed in) unless `patch` says otherwise.
 */
export function staffSession(patch: Partial<StaffSession> = {}): StaffSession {
  const session = {
    pinsRequired: true,
    signedIn: null,
    needsFirstManager: false,
    staff: [ana, ben, ida],
    ...patch,
  };
  const held = !session.pinsRequired
    ? [...permissions]
    : session.signedIn
      ? [...permissionsOfRole(session.signedIn.role, [])]
      : [];
  return { permissions: held, ...session };
}

export function signedInAs(person: StaffMember): StaffSession['signedIn'] {
  return { staffId: person.staffId, name: person.name, role: person.role };
}

export const refused = (
  kind: string,
  message: string,
  detail?: Record<string, string | number>,
): CallResult<never> => ({ ok: false, error: { kind, message, ...(detail ? { detail } : {}) } });
