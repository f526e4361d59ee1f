import type { CallResult } from '../../../../shared/ipc/contract-kit';
import type { StaffMember, StaffSession } from '../../../../shared/staff';

/** Ana manages, Ben sells, Ida is IT's manager. Not a test itself. */
export const ana: StaffMember = { staffId: 'm-ana', name: 'Ana', role: 'manager', source: 'local' };
export const ben: StaffMember = { staffId: 'c-ben', name: 'Ben', role: 'cashier', source: 'local' };
export const ida: StaffMember = {
  staffId: 'm-ida',
  name: 'Ida',
  role: 'manager',
  source: 'policy',
};

/** A session with PINs on, the three of them, nobody signed in unless `patch` says so. */
export function staffSession(patch: Partial<StaffSession> = {}): StaffSession {
  return {
    pinsRequired: true,
    signedIn: null,
    needsFirstManager: false,
    staff: [ana, ben, ida],
    ...patch,
  };
}

export function signedInAs(person: StaffMember): StaffSession['signedIn'] {
  return { staffId: person.staffId, name: person.name, role: person.role };
}

export const refused = (
  kind: string,
  message: string,
  detail?: Record<string, string | number>,
): CallResult<never> => ({ ok: false, error: { kind, message, ...(detail ? { detail } : {}) } });
