import type { SettingDomain } from './settings/setting-declaration';

/**
 * Staff profiles as the pages see them: names and roles, never a PIN or its hash. With staff
 * PINs off (the `staffPinsRequired` setting), the till runs as today: one implicit cashier who
 * may do everything, and nobody signs in.
 */

/**
 * A role: one of the two every till knows, or one IT defines by policy (`staffRoles`).
 * What each may do is its permissions (`permissionsOfRole`).
 */
export type StaffRole = 'cashier' | 'manager' | (string & {});

/** The roles every till knows: a cashier sells, a manager may do everything. */
export const builtInRoles = ['cashier', 'manager'] as const;

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
  /**
   * PINs are required, nobody is signed in, nobody may manage staff and the list never held a
   * manager: the first-run step creates one (the first manager is the very first run's, or IT's).
   */
  needsFirstManager: boolean;
  /**
   * PINs are required, no manager is on the list, and the first-run step is over (the list had
   * one, or someone else manages it): only IT's policy can add a manager now. Absent: false.
   */
  noManager?: boolean;
  /** Everyone who may sign in (the sign-in screen's names), by name. */
  staff: StaffMember[];
  /** The roles a person may be given here: the two built in, then IT's (absent: the two). */
  roles?: StaffRole[];
  /**
   * What the person at the till may do by themself, in the order of `permissions`: everything
   * with PINs off (the implicit cashier), their role's permissions when signed in, nothing when
   * nobody is. The pages show what this allows; main checks every call whatever they show.
   */
  permissions: Permission[];
}

/** The settings groups, one per domain file of shared/settings/. */
const settingGroups = [
  'service',
  'shop',
  'pricing',
  'staff',
  'printing',
  'display',
  'updates',
] as const satisfies readonly SettingDomain[];
/** Fails the type check when a settings domain has no group here. */
const everyDomain: Exclude<SettingDomain, (typeof settingGroups)[number]> extends never
  ? true
  : never = true;
void everyDomain;

/**
 * What a person may do, each by name (as Square's and Odoo's staff permissions): held by
 * roles, checked in main for every call (electron/app/call-access.ts).
 */
export const permissions = [
  /** Sales: start, move on, cancel, void before payment; open and close a shift. */
  'sell',
  /** Void a payment already taken (from the history's order detail). */
  'void-paid',
  /** Record an expired or cancelled order as paid after all. */
  'paid-after-all',
  'reopen-shift',
  /** A price typed by hand for an asset. */
  'prices-and-fees',
  ...settingGroups.map((group) => `settings:${group}` as const),
  /** Add, remove, set PINs; turn staff PINs on or off. Never lent by an approval. */
  'manage-staff',
  /** The sales list and Z reports as CSV. */
  'export-reports',
  'export-diagnostics',
] as const;
export type Permission = (typeof permissions)[number];

/** The permission that changes settings of `domain`. */
export function settingsPermission(domain: SettingDomain): Permission {
  return `settings:${domain}`;
}

/**
 * Permissions no approval lends, only the person signed in holding them may use them: who may
 * do what (one approval must not hand out more than one act), and the till's IT-level settings
 * (the payment service, its token, the wallet's NFC application), which the Settings page shows
 * read-only to everyone else.
 */
export const selfOnlyPermissions: ReadonlySet<Permission> = new Set<Permission>([
  'settings:service',
  'manage-staff',
]);

/** A role IT defines by policy: its name and what it may do. */
export interface RoleDefinition {
  name: string;
  permissions: readonly Permission[];
}

/** What the built-in cashier may do unless IT's policy says otherwise. */
const cashierDefault: readonly Permission[] = ['sell'];

/**
 * What `role` may do: a manager everything; a role IT defines what IT lists (IT may redefine
 * the cashier); the cashier sells; a role nobody defines (IT dropped it) nothing.
 */
export function permissionsOfRole(
  role: StaffRole,
  itRoles: readonly RoleDefinition[],
): ReadonlySet<Permission> {
  if (role === 'manager') return new Set(permissions);
  const defined = itRoles.find((candidate) => candidate.name === role);
  if (defined) return new Set(defined.permissions);
  return new Set(role === 'cashier' ? cashierDefault : []);
}

/** A PIN: 4 to 8 digits. */
export const PIN_PATTERN = /^\d{4,8}$/;
