import { formatSeconds } from '../../common/countdown-format';
import { permissions, PIN_PATTERN, type Permission, type StaffRole } from '../../../shared/staff';

const builtInRoleWords: Record<string, string> = {
  cashier: 'Cashier',
  manager: 'Manager',
};

/** "Cashier", "Manager", or the name IT gave a role of its own, as IT wrote it. */
export function roleWords(role: StaffRole): string {
  return builtInRoleWords[role] ?? role;
}

/** What the cashier tried, as the manager reads it in the approval dialog. */
export const actionWords: Record<Permission, string> = {
  sell: 'Selling',
  'void-paid': 'Voiding a payment',
  'paid-after-all': 'Recording a sale as paid after all',
  'reopen-shift': 'Reopening a closed shift',
  'prices-and-fees': 'Typing a price by hand',
  'settings:service': 'Changing the settings',
  'settings:shop': 'Changing the settings',
  'settings:pricing': 'Changing the settings',
  'settings:staff': 'Changing the settings',
  'settings:printing': 'Changing the settings',
  'settings:display': 'Changing the settings',
  'settings:updates': 'Changing the settings',
  'manage-staff': 'Changing the staff list',
  'export-reports': 'Exporting the sales list',
  'export-diagnostics': 'Exporting diagnostics for IT',
};

/** The permission a 'needs-manager' refusal names, when it names one this page knows. */
export function permissionOf(detail: Record<string, unknown> | undefined): Permission | null {
  const action = detail?.action;
  return (permissions as readonly unknown[]).includes(action) ? (action as Permission) : null;
}

/** Who may approve, when the refusal names them (staff ids); null when it does not. */
export function approversOf(detail: Record<string, unknown> | undefined): string[] | null {
  const approvers = detail?.approvers;
  return Array.isArray(approvers) && approvers.every((id) => typeof id === 'string')
    ? approvers
    : null;
}

/** "14:35": the time on the till's clock when a locked person may try again. */
function clockTime(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** "Try again at 14:35 (in 00:28)." */
export function lockedText(lockedUntilMs: number, secondsLeft: number): string {
  return `Try again at ${clockTime(lockedUntilMs)} (in ${formatSeconds(secondsLeft)}).`;
}

/** Why a new PIN cannot be saved yet, or null when it can. */
export function newPinProblem(pin: string, again: string): string | null {
  if (!PIN_PATTERN.test(pin)) return 'A PIN is 4 to 8 digits.';
  if (pin !== again) return 'The two PINs are not the same.';
  return null;
}
