import { afterEach, describe, expect, it } from 'vitest';
import { SqliteOrderJournal } from '../../../electron/journal/sqlite-order-journal';
import { silentLogger } from '../../../electron/logging/logger';
import type { StaffRefusal } from '../../../electron/staff/staff-errors';
import { StaffService } from '../../../electron/staff/staff-service';
import { defaultSettings } from '../../../shared/settings';
import { ManualClock } from '../../support/manual-clock';
import { tempJournal, type TempJournal } from '../../support/sale-fixtures';

// A restart is a new connection to the same file: the staff, a lockout and the audit trail
// are still there; who was signed in is not.
describe('StaffService across a restart of the app', () => {
  let temp: TempJournal;
  afterEach(() => temp.cleanup());

  it('keeps staff, lockout and audit in the journal file, and starts signed out', async () => {
    const clock = new ManualClock();
    temp = tempJournal(clock, 'staff-restart-');
    const settings = { ...defaultSettings({ reportTimeZone: 'UTC' }), staffPinsRequired: true };
    const start = (db: SqliteOrderJournal['db']) =>
      new StaffService({ db, clock, settings: () => settings, logger: silentLogger });

    const before = start(temp.journal.db);
    const { signedIn } = await before.createFirstManager('Mia', '58203917');
    await before.addStaff('Cal', 'cashier', '40918273');
    const cal = before.session().staff.find((member) => member.name === 'Cal')!.staffId;
    before.signOut();
    let lockedUntilMs = 0;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await before.signIn(cal, '00000000').catch((error: StaffRefusal) => {
        lockedUntilMs = error.lockedUntilMs ?? 0;
      });
    }
    await before.signIn(signedIn!.staffId, '58203917');
    const audit = before.auditEvents();
    before.stop();
    temp.journal.close();

    const reopened = new SqliteOrderJournal({ path: temp.path, clock });
    temp = { ...temp, journal: reopened };
    const after = start(reopened.db);
    expect(after.session()).toMatchObject({
      signedIn: null,
      needsFirstManager: false,
      staff: [{ name: 'Cal' }, { name: 'Mia' }],
    });
    expect(after.auditEvents()).toEqual(audit);
    const refusal = await after.signIn(cal, '40918273').catch((error: StaffRefusal) => error);
    expect(refusal).toMatchObject({ code: 'locked', lockedUntilMs });
    clock.set(lockedUntilMs);
    expect((await after.signIn(cal, '40918273')).signedIn?.name).toBe('Cal');
    after.stop();
  });
});
