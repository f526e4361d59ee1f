import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { SqliteOrderJournal } from '../../../../electron/journal/sqlite-order-journal';
import { ManualClock } from '../../../support/manual-clock';
import {
  BEFORE_MS,
  columnsOf,
  expectAt,
  expectRowsKept,
  namesOf,
  rowsOf,
  schemaOf,
  tablesOf,
  useTempJournal,
  versionsAt,
  versionsOf,
  writeJournalAt,
} from './journal-file';

/** Version 2: an order priced in euros, with its history. */
function writeVersion2(db: DatabaseSync): void {
  db.exec(`
    INSERT INTO orders (order_id, reference, kind, state, amount, fee, asset, asset_decimal,
      chain_id, chain_name, currency, serial_number, created_at_ms, updated_at_ms, attempts,
      money_currency, money_amount, fee_money, price, price_source, price_as_of_ms)
    VALUES ('o-1', 'OLD-001', 'nfc', 'accepted-by-service', '13.5', '0.25', 'USDT', 6, '1', 'ETHEREUM', 'USD',
      'POS-1', 1000, 2000, 1, 'EUR', '12.50', '0.23', '0.926', 'provider', 900);
    INSERT INTO order_events (order_id, at_ms, from_state, to_state, reason_kind, detail) VALUES
      ('o-1', 1000, NULL, 'waiting-for-tap', 'cashier', '{}'),
      ('o-1', 1500, 'waiting-for-tap', 'submitting', 'cashier', '{}'),
      ('o-1', 2000, 'submitting', 'accepted-by-service', 'service', '{}');
  `);
}

const staff = (db: DatabaseSync, id: string, name: string, role = 'cashier', source = 'local') =>
  db
    .prepare(
      `INSERT INTO staff (staff_id, name, role, pin_hash, source, created_at_ms, updated_at_ms)
       VALUES (?, ?, ?, 'scrypt$16384$8$1$c2FsdA==$aGFzaA==', ?, 5000, 5000)`,
    )
    .run(id, name, role, source);

describe('journal migration 3: staff, who did what, and the audit trail', () => {
  const journal = useTempJournal();

  it('migrates a version-2 file: orders and history kept, nobody named on them', () => {
    const { before, db: file } = journal.runMigration(3, writeVersion2);

    expectRowsKept(file, before, {
      orders: { cashier_id: 'TEXT' },
      order_events: { actor_id: 'TEXT' },
    });
    expect(tablesOf(file)).toEqual([
      'audit_events',
      'order_events',
      'orders',
      'schema_version',
      'staff',
    ]);
    expect(namesOf(file, 'index')).toEqual(
      expect.arrayContaining(['staff_active_name', 'orders_cashier', 'audit_events_at']),
    );
    expect(namesOf(file, 'trigger')).toEqual([
      'audit_events_no_delete',
      'audit_events_no_update',
      'order_events_no_delete',
      'order_events_no_update',
    ]);
    // The history stays append-only with its new column.
    expect(() => file.exec("UPDATE order_events SET actor_id = 'staff-1'")).toThrow(
      /order_events is append-only/,
    );
  });

  it('keeps staff as the app writes them and refuses a second active name, a bad role or source', () => {
    const file = journal.runMigration(3, writeVersion2).db;

    staff(file, 'staff-1', 'Mia');
    expect(rowsOf(file, 'staff')).toEqual([
      {
        staff_id: 'staff-1',
        name: 'Mia',
        role: 'cashier',
        pin_hash: 'scrypt$16384$8$1$c2FsdA==$aGFzaA==',
        source: 'local',
        created_at_ms: 5000,
        updated_at_ms: 5000,
        removed_at_ms: null,
        failed_attempts: 0,
        locked_until_ms: null,
      },
    ]);
    expect(() => staff(file, 'staff-2', 'Mia')).toThrow(/UNIQUE constraint failed: staff.name/);
    expect(() => staff(file, 'staff-2', 'Ben', 'owner')).toThrow(/CHECK constraint failed/);
    expect(() => staff(file, 'staff-2', 'Ben', 'manager', 'cloud')).toThrow(
      /CHECK constraint failed/,
    );
    expect(() =>
      file.exec(`INSERT INTO staff (staff_id, name, role, source, created_at_ms, updated_at_ms)
        VALUES ('staff-2', 'Ben', 'manager', 'policy', 1, 1)`),
    ).toThrow(/NOT NULL constraint failed: staff.pin_hash/);
    // Once Mia is removed, a new profile may take her name.
    file.exec("UPDATE staff SET removed_at_ms = 6000 WHERE staff_id = 'staff-1'");
    staff(file, 'staff-2', 'Mia', 'manager', 'policy');

    file.exec(`INSERT INTO audit_events (at_ms, action, actor_id, approver_id, target, detail)
      VALUES (7000, 'void', 'staff-2', 'staff-2', 'o-1', '{}')`);
    expect(() => file.exec("UPDATE audit_events SET detail = 'x'")).toThrow(
      /audit_events is append-only/,
    );
    expect(() => file.exec('DELETE FROM audit_events')).toThrow(/audit_events is append-only/);
    expect(rowsOf(file, 'audit_events')).toHaveLength(1);
  });

  it('a migration that fails half-way leaves the file at the version before, and can run later', () => {
    const before = writeJournalAt(journal.path, 2, (file) => {
      writeVersion2(file);
      // A table in the way of the migration's last CREATE: the statements before it succeed.
      file.exec('CREATE TABLE audit_events (x)');
    });
    expect(() => journal.openAt(3)).toThrow(/table audit_events already exists/);
    expect(() => new SqliteOrderJournal({ path: journal.path, clock: new ManualClock() })).toThrow(
      /audit_events already exists/,
    );

    const file = journal.openAt(2).db;
    expect(versionsOf(file)).toEqual(
      versionsAt(2).map((row) => ({ ...row, applied_at_ms: BEFORE_MS })),
    );
    expect(schemaOf(file)).toEqual(before.schema);
    expect(columnsOf(file, 'orders')).not.toHaveProperty('cashier_id');
    expect(rowsOf(file, 'orders')).toEqual(before.rows('orders'));

    file.exec('DROP TABLE audit_events');
    file.close();
    const again = journal.openAt(3);
    expectAt(again, 3);
    expect(rowsOf(again.db, 'staff')).toEqual([]);
  });
});
