/**
 * Staff profiles as the pages see them: names and roles, never a PIN or its hash. With staff
 * PINs off (the `staffPinsRequired` setting), the till runs as today: one implicit cashier who
 * may do everything, and nobody signs in.
 */
export type StaffRole = 'cashier' | 'manager';

export interface StaffMember {
  staffId: string;
  name: string;
  role: StaffRole;
  /** 'policy': provisioned by IT; its PIN is IT's to change. */
  source: 'local' | 'policy';
}

export interface StaffSession {
  pinsRequired: boolean;
  /** Who is signed in; null with PINs off (the implicit cashier) or when nobody is. */
  signedIn: { staffId: string; name: string; role: StaffRole } | null;
  /** PINs are required and no manager exists yet: the first-run step creates one. */
  needsFirstManager: boolean;
  /** Everyone who may sign in (the sign-in screen's names), by name. */
  staff: StaffMember[];
}

/** What a cashier may do only with a manager's PIN (or a manager signed in). */
export const guardedActions = [
  'settings',
  'export',
  'diagnostics',
  'paid-after-all',
  'manual-price',
  'staff',
  /** Voiding a payment already taken (from the history's order detail). */
  'void-paid',
  'reopen-shift',
] as const;
export type GuardedAction = (typeof guardedActions)[number];

/** A PIN: 4 to 8 digits. */
export const PIN_PATTERN = /^\d{4,8}$/;
