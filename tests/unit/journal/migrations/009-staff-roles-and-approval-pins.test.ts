import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { columnsOf, expectSchemaKeptBut, namesOf, rowsOf, useTempJournal } from './journal-file';

const HASH = 'scrypt$16384$8$1$c2FsdA==$aGFzaA==';

/**
 * Version 8: a manager, a cashier locked after wrong PINs, IT's manager removed from the list,
 * and an order the cashier started.
 */
function writeVersion8(db: DatabaseSync): void {
  db.exec(`
    INSERT INTO staff (staff_id, name, role, pin_hash, source, created_at_ms, updated_at_ms,
      removed_at_ms, failed_attempts, locked_until_ms) VALUES
      ('staff-1', 'Mia', 'manager', '${HASH}', 'local', 1000, 1000, NULL, 0, NULL),
      ('staff-2', 'Cal', 'cashier', '${HASH}', 'local', 2000, 3000, NULL, 6, 90000),
      ('staff-3', 'Ida', 'manager', '${HASH}', 'policy', 2500, 4000, 4000, 2, NULL);
    INSERT INTO orders (order_id, reference, kind, state, amount, fee, currency, serial_number,
      created_at_ms, updated_at_ms, cashier_id)
    VALUES ('o-1', 'OLD-001', 'qr', 'cancelled', '12.5', '0.1', 'USD', 'POS-1', 4000, 4500, 'staff-2');
  `);
}

const insertStaff = (db: DatabaseSync, id: string, name: string, role: string, source = 'local') =>
  db
    .prepare(
      `INSERT INTO staff (staff_id, name, role, pin_hash, source, created_at_ms, updated_at_ms)
       VALUES (?, ?, ?, '${HASH}', ?, 5000, 5000)`,
    )
    .run(id, name, role, source);

describe('journal migration 9: roles IT defines, and wrong PINs at an approval prompt apart', () => {
  const journal = useTempJournal();

  it('keeps every staff row as it was, with no wrong PIN yet at any approval prompt', () => {
    const { before, db: file } = journal.runMigration(9, writeVersion8);

    expect(rowsOf(file, 'staff')).toEqual(
      before
        .rows('staff')
        .map((row) => ({ ...row, approve_failed_attempts: 0, approve_locked_until_ms: null })),
    );
    expect(columnsOf(file, 'staff')).toMatchObject({
      approve_failed_attempts: { type: 'INTEGER', notNull: true, default: '0' },
      approve_locked_until_ms: { type: 'INTEGER', notNull: false, default: null },
    });
    for (const table of before.tables.filter(
      (name) => !['staff', 'schema_version'].includes(name),
    )) {
      expect(rowsOf(file, table), table).toEqual(before.rows(table));
    }
    expect(namesOf(file, 'table')).not.toContain('staff_next');
    expect(namesOf(file, 'index')).toContain('staff_active_name');
    expectSchemaKeptBut(file, before, 'staff');
  });

  it('takes a role IT names, and still refuses no role, a long one, another source or a second active name', () => {
    const file = journal.runMigration(9, writeVersion8).db;

    insertStaff(file, 'staff-4', 'Su', 'supervisor');
    insertStaff(file, 'staff-5', 'Bea', 'r'.repeat(32));
    expect(() => insertStaff(file, 'staff-6', 'Zed', '')).toThrow(/CHECK constraint failed/);
    expect(() => insertStaff(file, 'staff-6', 'Zed', 'r'.repeat(33))).toThrow(
      /CHECK constraint failed/,
    );
    expect(() => insertStaff(file, 'staff-6', 'Zed', 'cashier', 'usb')).toThrow(
      /CHECK constraint failed/,
    );
    expect(() => insertStaff(file, 'staff-6', 'Mia', 'cashier')).toThrow(
      /UNIQUE constraint failed/,
    );
    // A removed person's name is free again, as before.
    insertStaff(file, 'staff-6', 'Ida', 'cashier');
    expect(rowsOf(file, 'staff').map((row) => [row.staff_id, row.role])).toEqual([
      ['staff-1', 'manager'],
      ['staff-2', 'cashier'],
      ['staff-3', 'manager'],
      ['staff-4', 'supervisor'],
      ['staff-5', 'r'.repeat(32)],
      ['staff-6', 'cashier'],
    ]);
  });
});
