import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, migrations } from '../../../electron/journal/migrations';
import { SqliteOrderJournal } from '../../../electron/journal/sqlite-order-journal';
import { silentLogger } from '../../../electron/logging/logger';
import { shiftReport } from '../../../electron/shifts/shift-report';
import { ShiftService } from '../../../electron/shifts/shift-service';
import { ManualClock } from '../../support/manual-clock';

/**
 * A journal file as the app wrote it before shifts could be reopened (schema 4): shift 1
 * closed by Mia, its Z report stored as that version made it (no `continues` key).
 */
function writeSchema4Journal(path: string): string {
  const db = new DatabaseSync(path);
  migrate(db, 0, migrations.slice(0, 4));
  db.exec(`INSERT INTO shifts (opened_at_ms, opened_by, closed_at_ms, closed_by, serial_number)
    VALUES (1000, 'staff-1', 9000, 'staff-1', 'POS-0001')`);
  const { continues: _none, ...report } = shiftReport({
    shift: {
      shiftId: 1,
      serialNumber: 'POS-0001',
      openedAtMs: 1000,
      openedBy: 'staff-1',
      closedAtMs: 9000,
      closedBy: 'staff-1',
      openedAfterEventId: 0,
      reopensShiftId: null,
      reopenedBy: null,
    },
    orders: [],
    earlierOrdersPaid: [],
    throughEventId: 0,
    names: new Map([['staff-1', 'Mia']]),
  });
  const json = JSON.stringify(report);
  db.prepare('INSERT INTO z_reports VALUES (1, 1, 9000, ?)').run(json);
  db.close();
  return json;
}

describe('journal migration 5: reopening shifts', () => {
  let dir: string;
  let path: string;
  const clock = new ManualClock();

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'counter-shift-reopen-'));
    path = join(dir, 'journal.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a schema-4 journal working: its shift and Z report read back as stored, and can be continued', () => {
    const storedJson = writeSchema4Journal(path);
    const journal = new SqliteOrderJournal({ path, clock });
    try {
      expect(journal.schemaVersion).toBe(migrations.length);
      const shifts = new ShiftService({
        db: journal.db,
        clock,
        serialNumber: () => 'POS-0002',
        staffName: (id) => (id === 'staff-1' ? 'Mia' : null),
        logger: silentLogger,
      });
      expect(shifts.current()).toBeNull();
      expect(shifts.zReports()).toEqual([
        expect.objectContaining({ zNumber: 1, shiftId: 1, continuesShiftId: null }),
      ]);
      expect(shifts.zReport(1)?.report).toEqual(JSON.parse(storedJson));
      expect(shifts.zReport(1)?.report).not.toHaveProperty('continues');
      expect(shifts.recompute(1)).toEqual(JSON.parse(storedJson));

      const reopened = shifts.reopen(1, 'staff-1', 'staff-1');
      expect(reopened).toMatchObject({
        shiftId: 2,
        serialNumber: 'POS-0002',
        continues: { shiftId: 1, reopenedBy: { name: 'Mia' } },
      });
      const z2 = shifts.close('staff-1', false);
      expect(z2.zNumber).toBe(2);
      const row = journal.db.prepare('SELECT report FROM z_reports WHERE z_number = 1').get() as {
        report: string;
      };
      expect(row.report).toBe(storedJson);
    } finally {
      journal.close();
    }
  });
});
