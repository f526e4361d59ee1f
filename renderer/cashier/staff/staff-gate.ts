import type { StaffSession } from '../../../shared/staff';

/** What the cashier window shows instead of its screens: the first manager, the sign-in, or nothing. */
export type StaffGate = 'first-manager' | 'sign-in' | null;

export function staffGate(session: StaffSession | null | undefined): StaffGate {
  if (!session?.pinsRequired) return null;
  if (session.needsFirstManager) return 'first-manager';
  return session.signedIn === null ? 'sign-in' : null;
}
