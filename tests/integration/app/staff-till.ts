import type { CallName } from '../../../shared/ipc/contract';
import type { StaffSession } from '../../../shared/staff';
import { ok, type HarnessCall } from './harness-call';

const staffPins = { manager: '1234', cashier: '4321' } as const;

/**
 * Staff as a shop with PINs on would have them, on a fresh harness: the first manager (Mia,
 * PIN 1234) adds a cashier (Cas, PIN 4321), signs out, and the cashier signs in. Returns both
 * staff ids.
 */
export async function signInCashier(
  call: HarnessCall,
): Promise<{ managerId: string; cashierId: string }> {
  const first = await ok<StaffSession>(
    call('createFirstManager', { name: 'Mia', pin: staffPins.manager }),
  );
  const managerId = first.signedIn!.staffId;
  const added = await ok<StaffSession>(
    call('addStaff', { name: 'Cas', role: 'cashier', pin: staffPins.cashier }),
  );
  const cashierId = added.staff.find((member) => member.name === 'Cas')!.staffId;
  await ok(call('signOut'));
  await ok(call('signIn', { staffId: cashierId, pin: staffPins.cashier }));
  return { managerId, cashierId };
}

/**
 * A manager's PIN typed at the cashier's approval prompt for one act (`name` with exactly
 * `args`), as the page sends it before making that call again.
 */
export function approveAct(
  call: HarnessCall,
  managerId: string,
  name: CallName,
  args: unknown = {},
  pin: string = staffPins.manager,
) {
  return call('approveAction', { managerId, pin, call: name, args });
}
