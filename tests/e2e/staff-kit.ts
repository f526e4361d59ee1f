/**
 * The staff side of an e2e till: a call straight through main's dispatch, the staff list as a
 * manager would have set it up (its own screens have their own test), and a sign-in on the
 * cashier's screen by tile and PIN pad. Not a test itself.
 */
import { dispatchCall } from '../../electron/app/dispatch-call';
import { silentLogger } from '../../electron/logging/logger';
import type { CallName } from '../../shared/ipc/contract';
import type { StaffSession } from '../../shared/staff';
import { byTestId, tapPin, type Till } from './cashier-kit';

/** A call as the cashier's page makes it, its refusal thrown. */
export function tillCall(till: () => Till) {
  return async (name: CallName, args: unknown = {}): Promise<unknown> => {
    const result = await dispatchCall(till().harness.services.handlers, name, args, silentLogger);
    if (!result.ok) throw new Error(`${name}: ${result.error.kind} ${result.error.message}`);
    return result.value;
  };
}

/**
 * The first manager (`manager`), then each other person of `pins` as a cashier; nobody is
 * signed in afterwards. Each person's staff id, by name.
 */
export async function setUpStaff<Person extends string>(
  call: ReturnType<typeof tillCall>,
  pins: Record<Person, string>,
  manager: Person,
): Promise<Map<Person, string>> {
  const ids = new Map<Person, string>();
  const first = (await call('createFirstManager', {
    name: manager,
    pin: pins[manager],
  })) as StaffSession;
  ids.set(manager, first.signedIn!.staffId);
  for (const name of Object.keys(pins) as Person[]) {
    if (name === manager) continue;
    const session = (await call('addStaff', {
      name,
      role: 'cashier',
      pin: pins[name],
    })) as StaffSession;
    ids.set(name, session.staff.find((member) => member.name === name)!.staffId);
  }
  await call('signOut');
  return ids;
}

/** Signs `person` in on the cashier's screen: Switch (when someone is in), their tile, their PIN. */
export async function signInOnScreen(
  till: Till,
  staffId: string,
  person: string,
  pin: string,
): Promise<void> {
  const { cashier } = till;
  if (await cashier.isVisible(byTestId('switch-person'))) {
    await cashier.click(byTestId('switch-person'));
  }
  await cashier.waitForSelector(byTestId('sign-in-screen'));
  await cashier.click(byTestId(`staff-tile-${staffId}`));
  await tapPin(cashier, pin);
  await cashier.waitForSelector(`${byTestId('signed-in-name')}:text-is("${person}")`);
}
