import { formatSeconds } from '../../common/countdown-format';
import {
  guardedActions,
  PIN_PATTERN,
  type GuardedAction,
  type StaffRole,
} from '../../../shared/staff';

export const roleWords: Record<StaffRole, string> = {
  cashier: 'Cashier',
  manager: 'Manager',
};

/** What the cashier tried, as the manager reads it in the approval dialog. */
export const actionWords: Record<GuardedAction, string> = {
  settings: 'Changing the settings',
  export: 'Exporting the sales list',
  diagnostics: 'Exporting diagnostics for IT',
  'paid-after-all': 'Recording a sale as paid after all',
  'manual-price': 'Typing a price by hand',
  staff: 'Changing the staff list',
  'void-paid': 'Voiding a payment',
  'reopen-shift': 'Reopening a closed shift',
};

/** The action a 'needs-manager' refusal names, when it names one this page knows. */
export function guardedActionOf(detail: Record<string, unknown> | undefined): GuardedAction | null {
  const action = detail?.action;
  return (guardedActions as readonly unknown[]).includes(action) ? (action as GuardedAction) : null;
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
