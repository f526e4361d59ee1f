import type { Clock } from '../../shared/clock';
import type { StaffRole } from '../../shared/staff';
import { checkName, nameTaken } from './name-rules';
import { checkPinFormat, unknownStaff } from './pin-checks';
import { hashPin } from './pin-hash';
import { StaffRefusal } from './staff-errors';
import type { StaffRow, StaffStore } from './staff-store';

/**
 * The till's own changes to the staff list, with their rules: names unique as people read
 * them, PINs of 4 to 8 digits, IT's managers left to IT, never without a manager (the role
 * that may do everything: a role IT defines with `manage-staff` is not one). Each check that
 * matters is made again after scrypt, since the list may have changed meanwhile.
 */
export class StaffRoster {
  constructor(
    private readonly store: StaffStore,
    private readonly clock: Clock,
    private readonly newStaffId: () => string,
  ) {}

  /** A new local member; `stillAllowed` throws when the step may no longer be taken. */
  async add(
    name: string,
    role: StaffRole,
    pin: string,
    stillAllowed: () => void = () => undefined,
  ): Promise<{ staffId: string; name: string }> {
    checkPinFormat(pin);
    const clean = checkName(name);
    if (this.store.activeNamed(clean)) throw nameTaken();
    const pinHash = await hashPin(pin);
    stillAllowed();
    if (this.store.activeNamed(clean)) throw nameTaken();
    const staffId = this.newStaffId();
    this.store.insert({ staffId, name: clean, role, pinHash, source: 'local' }, this.clock.now());
    return { staffId, name: clean };
  }

  async resetPin(staffId: string, pin: string): Promise<void> {
    checkPinFormat(pin);
    this.changeable(staffId, 'IT sets the PIN of a manager IT provisioned.');
    const pinHash = await hashPin(pin);
    this.changeable(staffId, 'IT sets the PIN of a manager IT provisioned.');
    this.store.setPinHash(staffId, pinHash, this.clock.now());
  }

  /** Soft: the row keeps its name for past orders. Returns who was removed. */
  remove(staffId: string): StaffRow {
    const row = this.changeable(staffId, 'IT removes a manager IT provisioned, in its policy.');
    const managers = this.store.active().filter((other) => other.role === 'manager');
    if (row.role === 'manager' && managers.length <= 1) {
      throw new StaffRefusal(
        'not-allowed',
        'The last manager cannot be removed. Add another manager first.',
      );
    }
    this.store.remove(staffId, this.clock.now());
    return row;
  }

  /** A person the till may change: on the list, and not one of IT's managers. */
  private changeable(staffId: string, itsIt: string): StaffRow {
    const row = this.store.activeById(staffId);
    if (!row) throw unknownStaff();
    if (row.source === 'policy') throw new StaffRefusal('not-allowed', itsIt);
    return row;
  }
}
