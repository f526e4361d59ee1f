import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { expectRowsKept, namesOf, rowsOf, useTempJournal } from './journal-file';

/** Version 4: two shifts, both closed with their Z reports, and an order of the second. */
function writeVersion4(db: DatabaseSync): void {
  db.exec(`
    INSERT INTO shifts (opened_at_ms, opened_by, closed_at_ms, closed_by, serial_number)
      VALUES (1000, 'staff-1', 2000, 'staff-1', 'POS-1');
    INSERT INTO z_reports VALUES (1, 1, 2000, '{"shift":1}');
    INSERT INTO shifts (opened_at_ms, opened_by, closed_at_ms, closed_by, serial_number,
      opened_after_event_id)
      VALUES (3000, NULL, 5000, NULL, 'POS-1', 0);
    INSERT INTO orders (order_id, reference, kind, state, amount, fee, currency, serial_number,
      created_at_ms, updated_at_ms, shift_id)
    VALUES ('o-1', 'OLD-001', 'qr', 'cancelled', '12.5', '0.1', 'USD', 'POS-1', 4000, 4500, 2);
    INSERT INTO order_events (order_id, at_ms, from_state, to_state, reason_kind, detail) VALUES
      ('o-1', 4000, NULL, 'requesting', 'cashier', '{}'),
      ('o-1', 4500, 'requesting', 'cancelled', 'cashier', '{}');
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

describe('journal migration 5: a manager reopens the latest closed shift', () => {
  const journal = useTempJournal();

  it('migrates a version-4 file: its shifts continue none, Z reports and orders unchanged', () => {
    const { before, db: file } = journal.runMigration(5, writeVersion4);

    expectRowsKept(file, before, { shifts: { reopens_shift_id: 'INTEGER', reopened_by: 'TEXT' } });
    expect(namesOf(file, 'index')).toContain('shifts_reopens_once');
    expect(namesOf(file, 'trigger')).toEqual(
      expect.arrayContaining(['shifts_reopen_latest', 'shifts_reopen_fixed']),
    );
    // The rules of version 4 still hold on the old rows.
    expect(() => file.exec('UPDATE shifts SET closed_by = NULL WHERE shift_id = 1')).toThrow(
      /a closed shift stays as it was closed/,
    );
  });

  it('continues only the latest shift, once it is closed, and never changes what a shift continues', () => {
    const file = journal.runMigration(5, writeVersion4).db;

    expect(() => reopen(file, 1)).toThrow(/only the latest shift, closed, may be reopened/);
    expect(() => reopen(file, 99)).toThrow(/only the latest shift, closed, may be reopened/);
    reopen(file, 2);
    expect(rowsOf(file, 'shifts')[2]).toMatchObject({
      shift_id: 3,
      reopens_shift_id: 2,
      reopened_by: 'staff-2',
      closed_at_ms: null,
    });
    // Shift 3 is open: it cannot be continued yet, and what it continues is fixed.
    expect(() => reopen(file, 3)).toThrow(/only the latest shift, closed, may be reopened/);
    expect(() => file.exec('UPDATE shifts SET reopens_shift_id = 1 WHERE shift_id = 3')).toThrow(
      /what a shift continues is fixed when it opens/,
    );
    expect(() => file.exec('UPDATE shifts SET reopened_by = NULL WHERE shift_id = 3')).toThrow(
      /what a shift continues is fixed when it opens/,
    );
    file.exec("UPDATE shifts SET closed_at_ms = 7000, closed_by = 'staff-2' WHERE shift_id = 3");
    // Shift 2 is no longer the latest: it was continued once, and that is all.
    expect(() => reopen(file, 2)).toThrow(/only the latest shift, closed, may be reopened/);
    reopen(file, 3);
    expect(rowsOf(file, 'shifts').map((row) => [row.shift_id, row.reopens_shift_id])).toEqual([
      [1, null],
      [2, null],
      [3, 2],
      [4, 3],
    ]);
  });
});
