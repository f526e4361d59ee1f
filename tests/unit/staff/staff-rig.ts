import { expect } from 'vitest';
import { guardedAct, type GuardedAct } from '../../../electron/staff/guarded-act';
import { StaffRefusal, type StaffRefusalCode } from '../../../electron/staff/staff-errors';
import { StaffService } from '../../../electron/staff/staff-service';
import { defaultSettings, type Settings } from '../../../shared/settings';
import type { Permission, StaffSession } from '../../../shared/staff';
import { ManualClock } from '../../support/manual-clock';
import { tempJournal, type TempJournal } from '../../support/sale-fixtures';
import { recordingLogger } from '../../support/secret-leak';

/**
 * A StaffService on a real SQLite journal in a temporary folder, a manual clock, settings a
 * test changes in place, a logger that keeps every line, and staff ids in order (staff-1 ...).
 */
export class StaffRig {
  readonly clock = new ManualClock();
  readonly temp: TempJournal = tempJournal(this.clock, 'staff-');
  readonly log = recordingLogger();
  readonly settings: Settings;
  readonly sessions: StaffSession[] = [];
  /** Every refusal a test caught through `refused`, to search for secrets. */
  readonly refusals: StaffRefusal[] = [];
  private nextId = 1;
  staff: StaffService;

  constructor(settings: Partial<Settings> = {}) {
    this.settings = { ...defaultSettings({ reportTimeZone: 'UTC' }), ...settings };
    this.staff = this.newService();
  }

  /** Another service on the same database, as after a restart (the old one is stopped). */
  newService(): StaffService {
    this.staff?.stop();
    const staff = new StaffService({
      db: this.temp.journal.db,
      clock: this.clock,
      settings: () => this.settings,
      logger: this.log.logger,
      newStaffId: () => `staff-${this.nextId++}`,
    });
    staff.onChange((session) => this.sessions.push(session));
    this.staff = staff;
    return staff;
  }

  /** Changes settings as the settings service would, then tells the staff service. */
  set(values: Partial<Settings>): void {
    Object.assign(this.settings, values);
    this.staff.settingsChanged();
  }

  /** The refusal `work` ends in; fails the test when it succeeds or throws something else. */
  async refused(work: () => unknown, code: StaffRefusalCode): Promise<StaffRefusal> {
    let caught: unknown;
    try {
      await work();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StaffRefusal);
    const refusal = caught as StaffRefusal;
    expect(refusal.code).toBe(code);
    this.refusals.push(refusal);
    return refusal;
  }

  session(): StaffSession {
    return this.staff.session();
  }

  actions(): string[] {
    return this.staff.auditEvents().map((event) => event.action);
  }

  /** A raw row of the staff table. */
  row(staffId: string): Record<string, unknown> | undefined {
    return this.temp.journal.db.prepare('SELECT * FROM staff WHERE staff_id = ?').get(staffId);
  }

  cleanup(): void {
    this.staff.stop();
    this.temp.cleanup();
  }
}

/**
 * PINs on, with a first manager "Mia" (PIN 58203917, staff-1) signed in and a cashier "Cal"
 * (PIN 40918273, staff-2) on the list.
 */
export const MANAGER_PIN = '58203917';
export const CASHIER_PIN = '40918273';

export async function rigWithTeam(settings: Partial<Settings> = {}): Promise<StaffRig> {
  const rig = new StaffRig({ staffPinsRequired: true, ...settings });
  await rig.staff.createFirstManager('Mia', MANAGER_PIN);
  await rig.staff.addStaff('Cal', 'cashier', CASHIER_PIN);
  return rig;
}

/** One act as the guard hands it over: a call, its arguments, what it needs. */
export function act(
  call: string,
  needs: readonly Permission[],
  args: unknown = {},
  turnsPinsOff = false,
): GuardedAct {
  return guardedAct(call, args, needs, turnsPinsOff);
}

/** An export of one day's sales: it needs 'export-reports'. */
export const exportDay = (day = '2026-11-22') =>
  act('exportCsv', ['export-reports'], { fromDate: day, toDate: day });
