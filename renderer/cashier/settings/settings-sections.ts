import { selfOnlyPermissions, type Permission, type StaffSession } from '../../../shared/staff';
import type { DraftKey } from './setting-fields';

/** The sections of the Settings page, one shown at a time, by who may change them. */
export type SettingsSectionName = 'shop' | 'sale' | 'receipts' | 'sound' | 'staff' | 'it';

export interface SettingsSection {
  name: SettingsSectionName;
  label: string;
  /** The permission that changes the section's settings (call-access.ts: `settings:<domain>`). */
  permission: Permission;
  /** The settings the section's form edits and saves together, in screen order. */
  formKeys: readonly DraftKey[];
}

export const settingsSections: readonly SettingsSection[] = [
  {
    name: 'shop',
    label: 'Shop',
    permission: 'settings:shop',
    formKeys: ['shopName', 'shopLogo', 'shopAddress', 'shopTaxId', 'reportTimeZone'],
  },
  {
    name: 'sale',
    label: 'Sale',
    permission: 'settings:pricing',
    formKeys: ['currency', 'amountEntry', 'feePercent', 'feeFixed', 'feeValue'],
  },
  { name: 'receipts', label: 'Receipts', permission: 'settings:printing', formKeys: [] },
  { name: 'sound', label: 'Sound & displays', permission: 'settings:display', formKeys: [] },
  { name: 'staff', label: 'Staff', permission: 'settings:staff', formKeys: [] },
  {
    name: 'it',
    label: 'IT',
    permission: 'settings:service',
    formKeys: ['serialNumber', 'serviceTimeZone', 'nfcAid'],
  },
];

/**
 * How the person at the till may change what `permission` guards: by themself ('own'); with
 * a manager's PIN asked in place when they save ('with-approval'); or not at all, for what
 * no approval lends (the till's IT settings, the staff list): 'read-only'. A till that offers
 * no staff sessions (null) runs as one cashier who may do everything, as with PINs off, when
 * `permissions` already holds every permission. Main checks every call whatever this says.
 */
export type ChangeAccess = 'own' | 'with-approval' | 'read-only';

export function changeAccess(session: StaffSession | null, permission: Permission): ChangeAccess {
  if (session === null || session.permissions.includes(permission)) return 'own';
  return selfOnlyPermissions.has(permission) ? 'read-only' : 'with-approval';
}
