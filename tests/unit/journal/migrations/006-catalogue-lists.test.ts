import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { CatalogueStore } from '../../../../electron/journal/catalogue-store';
import { ManualClock } from '../../../support/manual-clock';
import {
  columnsOf,
  expectRowsKept,
  expectSchemaKeptBut,
  rowsOf,
  schemaOf,
  tablesOf,
  useTempJournal,
} from './journal-file';

/** Version 5: a closed shift continued by an open one, an order in each, a Z report, staff. */
function writeVersion5(db: DatabaseSync): void {
  db.exec(`
    INSERT INTO staff (staff_id, name, role, pin_hash, source, created_at_ms, updated_at_ms)
      VALUES ('staff-1', 'Mia', 'manager', 'scrypt$16384$8$1$c2FsdA==$aGFzaA==', 'policy', 1, 1);
    INSERT INTO shifts (opened_at_ms, opened_by, closed_at_ms, closed_by, serial_number)
      VALUES (1000, 'staff-1', 2000, 'staff-1', 'POS-1');
    INSERT INTO z_reports VALUES (1, 1, 2000, '{"shift":1}');
    INSERT INTO shifts (opened_at_ms, opened_by, serial_number, reopens_shift_id, reopened_by)
      VALUES (3000, 'staff-1', 'POS-1', 1, 'staff-1');
    INSERT INTO orders (order_id, reference, kind, state, amount, fee, currency, serial_number,
      created_at_ms, updated_at_ms, cashier_id, shift_id, money_currency, money_amount)
    VALUES
      ('o-1', 'OLD-001', 'qr', 'paid-confirmed-by-cashier', '12.5', '0.1', 'USD', 'POS-1', 1500,
        1600, 'staff-1', 1, 'EUR', '11.60'),
      ('o-2', 'OLD-002', 'nfc', 'waiting-for-tap', '3', '0', 'USD', 'POS-1', 3500, 3500,
        'staff-1', 2, NULL, NULL);
    INSERT INTO order_events (order_id, at_ms, from_state, to_state, reason_kind, detail, actor_id)
    VALUES
      ('o-1', 1500, NULL, 'requesting', 'cashier', '{}', 'staff-1'),
      ('o-2', 3500, NULL, 'waiting-for-tap', 'cashier', '{}', 'staff-1');
  `);
}

describe('journal migration 6: the last catalogue lists each service gave', () => {
  const journal = useTempJournal();

  it('migrates a version-5 file: every row and schema object kept, an empty catalogue table added', () => {
    const { before, db: file } = journal.runMigration(6, writeVersion5);

    expectRowsKept(file, before);
    expectSchemaKeptBut(file, before, 'catalogue_lists');
    expect(schemaOf(file).catalogue_lists).toMatch(/WITHOUT ROWID/);
    expect(tablesOf(file)).toContain('catalogue_lists');
    expect(rowsOf(file, 'catalogue_lists')).toEqual([]);
    expect(columnsOf(file, 'catalogue_lists')).toEqual({
      service: { type: 'TEXT', notNull: true, default: null },
      list: { type: 'TEXT', notNull: true, default: null },
      items: { type: 'TEXT', notNull: true, default: null },
      saved_at_ms: { type: 'INTEGER', notNull: true, default: null },
    });
  });

  it('holds one list per service and name, replaced by the next answer', () => {
    const file = journal.runMigration(6, writeVersion5).db;
    const store = new CatalogueStore(file, new ManualClock(8000));

    store.save('demo', 'chains', [{ id: '1' }]);
    store.save('https://svc.example', 'assets:1', [{ symbol: 'USDT' }]);
    store.save('demo', 'chains', [{ id: '1' }, { id: '56' }]);
    expect(rowsOf(file, 'catalogue_lists')).toEqual([
      { service: 'demo', list: 'chains', items: '[{"id":"1"},{"id":"56"}]', saved_at_ms: 8000 },
      {
        service: 'https://svc.example',
        list: 'assets:1',
        items: '[{"symbol":"USDT"}]',
        saved_at_ms: 8000,
      },
    ]);
    expect(() =>
      file.exec("INSERT INTO catalogue_lists VALUES ('demo', 'chains', '[]', 9000)"),
    ).toThrow(/UNIQUE constraint failed/);
    expect(() =>
      file.exec("INSERT INTO catalogue_lists VALUES ('demo', 'assets:56', NULL, 9000)"),
    ).toThrow(/NOT NULL constraint failed: catalogue_lists.items/);
    expect(() => file.exec('SELECT rowid FROM catalogue_lists')).toThrow(/no such column: rowid/);
  });
});
