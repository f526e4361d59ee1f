import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { expectRowsKept, namesOf, rowsOf, tablesOf, useTempJournal } from './journal-file';

/** Version 3: Mia, the order she took with its history, and her sign-in in the audit trail. */
function writeVersion3(db: DatabaseSync): void {
  db.exec(`
    INSERT INTO staff (staff_id, name, role, pin_hash, source, created_at_ms, updated_at_ms)
      VALUES ('staff-1', 'Mia', 'cashier', 'scrypt$16384$8$1$c2FsdA==$aGFzaA==', 'local', 500, 500);
    INSERT INTO orders (order_id, reference, kind, state, amount, fee, asset, asset_decimal,
      chain_id, chain_name, currency, serial_number, created_at_ms, updated_at_ms, attempts,
      money_currency, money_amount, cashier_id)
    VALUES ('o-1', 'OLD-001', 'qr', 'paid-confirmed-by-cashier', '12.5', '0.1', 'USDT', 6, '1',
      'ETHEREUM', 'USD', 'POS-1', 1000, 3000, 1, 'EUR', '11.60', 'staff-1');
    INSERT INTO order_events (order_id, at_ms, from_state, to_state, reason_kind, detail, actor_id)
    VALUES
      ('o-1', 1000, NULL, 'requesting', 'cashier', '{}', 'staff-1'),
      ('o-1', 2000, 'requesting', 'awaiting-payment', 'service', '{}', NULL),
      ('o-1', 3000, 'awaiting-payment', 'paid-confirmed-by-cashier', 'cashier', '{}', 'staff-1');
    INSERT INTO audit_events (at_ms, action, actor_id, approver_id, target, detail)
      VALUES (900, 'sign-in', 'staff-1', NULL, NULL, '{}');
  `);
}

describe('journal migration 4: shifts, the shift of each order, and numbered Z reports', () => {
  const journal = useTempJournal();

  it('migrates a version-3 file: everything kept, its orders in no shift', () => {
    const { before, db: file } = journal.runMigration(4, writeVersion3);

    expectRowsKept(file, before, { orders: { shift_id: 'INTEGER' } });
    expect(tablesOf(file)).toEqual(expect.arrayContaining(['shifts', 'z_reports']));
    expect(rowsOf(file, 'shifts')).toEqual([]);
    expect(namesOf(file, 'index')).toEqual(
      expect.arrayContaining(['shifts_one_open', 'orders_shift']),
    );
    expect(namesOf(file, 'trigger')).toEqual(
      expect.arrayContaining([
        'shifts_no_delete',
        'shifts_closed_once',
        'z_reports_in_sequence',
        'z_reports_no_update',
        'z_reports_no_delete',
      ]),
    );
  });

  it('keeps one open shift at a time, closed once, and Z reports numbered for closed shifts only', () => {
    const file = journal.runMigration(4, writeVersion3).db;
    const openShift = () =>
      file.exec(`INSERT INTO shifts (opened_at_ms, opened_by, serial_number)
        VALUES (4000, 'staff-1', 'POS-1')`);
    const zReport = (zNumber: number, shiftId: number) =>
      file
        .prepare(
          'INSERT INTO z_reports (z_number, shift_id, made_at_ms, report) VALUES (?, ?, 9000, ?)',
        )
        .run(zNumber, shiftId, '{"orders":1}');

    openShift();
    expect(rowsOf(file, 'shifts')).toEqual([
      {
        shift_id: 1,
        opened_at_ms: 4000,
        opened_by: 'staff-1',
        closed_at_ms: null,
        closed_by: null,
        serial_number: 'POS-1',
        opened_after_event_id: 0,
      },
    ]);
    expect(openShift).toThrow(/UNIQUE constraint failed/);
    expect(() => zReport(1, 1)).toThrow(/a Z report takes the next number, for a closed shift/);
    expect(() => file.exec('UPDATE shifts SET opened_at_ms = 1')).toThrow(
      /a closed shift stays as it was closed/,
    );

    // An order of the shift, and one naming a shift that does not exist.
    const order = (id: string, shiftId: number) =>
      file
        .prepare(
          `INSERT INTO orders (order_id, reference, kind, state, amount, fee, currency,
            serial_number, created_at_ms, updated_at_ms, shift_id)
           VALUES (?, 'NEW-002', 'qr', 'requesting', '1', '0', 'USD', 'POS-1', 5000, 5000, ?)`,
        )
        .run(id, shiftId);
    order('o-2', 1);
    expect(() => order('o-3', 99)).toThrow(/FOREIGN KEY constraint failed/);

    file.exec("UPDATE shifts SET closed_at_ms = 8000, closed_by = 'staff-1' WHERE shift_id = 1");
    expect(() => file.exec("UPDATE shifts SET closed_by = 'staff-2'")).toThrow(
      /a closed shift stays as it was closed/,
    );
    expect(() => file.exec('DELETE FROM shifts')).toThrow(/shifts are kept/);
    expect(() => zReport(2, 1)).toThrow(/a Z report takes the next number/);
    zReport(1, 1);
    expect(rowsOf(file, 'z_reports')).toEqual([
      { z_number: 1, shift_id: 1, made_at_ms: 9000, report: '{"orders":1}' },
    ]);
    expect(() => zReport(2, 1)).toThrow(/UNIQUE constraint failed: z_reports.shift_id/);
    expect(() => file.exec("UPDATE z_reports SET report = '{}'")).toThrow(
      /z_reports is append-only/,
    );
    expect(() => file.exec('DELETE FROM z_reports')).toThrow(/z_reports is append-only/);
    // The next shift opens once the first is closed.
    openShift();
    expect(rowsOf(file, 'shifts').map((row) => row.shift_id)).toEqual([1, 2]);
  });
});
