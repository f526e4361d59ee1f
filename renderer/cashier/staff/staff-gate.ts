import type { StaffSession } from '../../../shared/staff';

/**
 * What the cashier window shows instead of its screens: the first manager, the sign-in, or
 * nothing (someone is signed in: never the first-manager step over their screens).
 */
export type StaffGate = 'first-manager' | 'sign-in' | null;

export function staffGate(session: StaffSession | null | undefined): StaffGate {
  if (!session?.pinsRequired) return null;
  if (session.signedIn !== null) return null;
  // The first manager is made at the sign-in screen, by nobody signed in (main checks it too).
  return session.needsFirstManager ? 'first-manager' : 'sign-in';
}
