import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { expectRowsKept, namesOf, rowsOf, useTempJournal } from './journal-file';

/** Version 9: two shifts, both closed with their Z reports. */
function writeVersion9(db: DatabaseSync): void {
  db.exec(`
    INSERT INTO shifts (opened_at_ms, opened_by, closed_at_ms, closed_by, serial_number)
      VALUES (1000, 'staff-1', 2000, 'staff-1', 'POS-1');
    INSERT INTO z_reports VALUES (1, 1, 2000, '{"shift":1}');
    INSERT INTO shifts (opened_at_ms, opened_by, closed_at_ms, closed_by, serial_number,
      opened_after_event_id)
      VALUES (3000, NULL, 5000, NULL, 'POS-1', 0);
    INSERT INTO z_reports VALUES (2, 2, 5000, '{"shift":2}');
  `);
}

const reopen = (db: DatabaseSync, shiftId: number) =>
  db
    .prepare(
      `INSERT INTO shifts (opened_at_ms, opened_by, serial_number, reopens_shift_id, reopened_by)
       VALUES (6000, 'staff-2', 'POS-1', ?, 'staff-2')`,
    )
    .run(shiftId);
const handOut = (db: DatabaseSync, zNumber: number, how: string) =>
  db.prepare('INSERT INTO z_report_handouts VALUES (?, 5500, ?)').run(zNumber, how);

describe('journal migration 10: a Z report is final once it left the till', () => {
  const journal = useTempJournal();

  it('migrates a version-9 file: nothing handed out yet, shifts and Z reports unchanged', () => {
    const { before, db: file } = journal.runMigration(10, writeVersion9);
    expectRowsKept(file, before, {});
    expect(rowsOf(file, 'z_report_handouts')).toEqual([]);
    expect(namesOf(file, 'trigger')).toEqual(
      expect.arrayContaining([
        'z_report_handouts_no_update',
        'z_report_handouts_no_delete',
        'shifts_reopen_before_handout',
      ]),
    );
  });

  it('refuses to reopen a shift whose Z report was handed out, and keeps a hand-out for good', () => {
    const file = journal.runMigration(10, writeVersion9).db;
    expect(() => handOut(file, 2, 'faxed')).toThrow(/CHECK constraint failed/);
    expect(() => handOut(file, 3, 'csv')).toThrow(/FOREIGN KEY|constraint/);
    handOut(file, 2, 'csv');
    expect(() => handOut(file, 2, 'printed')).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(() => reopen(file, 2)).toThrow(/a Z report handed out is final/);
    expect(() => file.exec('DELETE FROM z_report_handouts')).toThrow(/stays handed out/);
    expect(() => file.exec("UPDATE z_report_handouts SET how = 'pdf'")).toThrow(/stays handed out/);
    expect(rowsOf(file, 'shifts')).toHaveLength(2);
  });

  it('still reopens the latest shift while its Z report stayed on the till', () => {
    const file = journal.runMigration(10, writeVersion9).db;
    // Shift 1's Z report left the till; shift 2's did not: shift 2 may be continued.
    handOut(file, 1, 'printed');
    reopen(file, 2);
    expect(rowsOf(file, 'shifts').map((row) => [row.shift_id, row.reopens_shift_id])).toEqual([
      [1, null],
      [2, null],
      [3, 2],
    ]);
  });
});
