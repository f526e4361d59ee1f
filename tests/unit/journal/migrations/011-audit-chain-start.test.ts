import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import {
  columnsOf,
  expectRowsKept,
  expectSchemaKeptBut,
  namesOf,
  rowsOf,
  useTempJournal,
} from './journal-file';

const HASH = (n: number) => String(n).repeat(64).slice(0, 64);

/** Audit rows as the app of version 10 wrote them, `hashed` of them last with their hash. */
function auditRows(rows: number, hashed: number) {
  return (db: DatabaseSync) => {
    const insert = db.prepare(
      'INSERT INTO audit_events (audit_id, at_ms, action, detail, row_hash) VALUES (?, ?, ?, ?, ?)',
    );
    // Rows from before the chain were written without a hash: the trigger of migration 8 is
    // dropped for them, as they were written before it existed.
    db.exec('DROP TRIGGER audit_events_chained');
    for (let id = 1; id <= rows; id += 1) {
      const chained = id > rows - hashed;
      insert.run(
        id,
        id * 1000,
        chained ? 'sign-in' : 'first-manager',
        '{}',
        chained ? HASH(id) : null,
      );
    }
    db.exec(`
      CREATE TRIGGER audit_events_chained BEFORE INSERT ON audit_events
        WHEN NEW.row_hash IS NULL
        BEGIN SELECT RAISE(ABORT, 'an audit row needs its place in the chain'); END;
    `);
  };
}

describe('journal migration 11: the audit rows from before the chain, counted once', () => {
  const journal = useTempJournal();

  it('counts the rows before the first row with a hash, and keeps every row', () => {
    const { before, db: file } = journal.runMigration(11, auditRows(5, 2));
    expectRowsKept(file, before, {});
    expectSchemaKeptBut(
      file,
      before,
      'audit_chain_start',
      'audit_chain_start_kept',
      'audit_chain_start_not_removed',
      'audit_chain_record',
      'audit_chain_record_kept',
      'audit_chain_record_not_removed',
    );
    expect(columnsOf(file, 'audit_chain_start')).toEqual({
      only_row: { type: 'INTEGER', notNull: false, default: null },
      earlier_rows: { type: 'INTEGER', notNull: true, default: null },
    });
    expect(rowsOf(file, 'audit_chain_start')).toEqual([{ only_row: 1, earlier_rows: 3 }]);
  });

  it('counts none on a trail that began with the chain', () => {
    expect(rowsOf(journal.runMigration(11, auditRows(4, 4)).db, 'audit_chain_start')).toEqual([
      { only_row: 1, earlier_rows: 0 },
    ]);
  });

  it('counts none on an empty trail', () => {
    expect(rowsOf(journal.runMigration(11, () => undefined).db, 'audit_chain_start')).toEqual([
      { only_row: 1, earlier_rows: 0 },
    ]);
  });

  it('counts every row of a trail whose chain has not begun (sealed at the next start)', () => {
    expect(rowsOf(journal.runMigration(11, auditRows(3, 0)).db, 'audit_chain_start')).toEqual([
      { only_row: 1, earlier_rows: 3 },
    ]);
  });

  it('does not count a row without a hash after the chain began: one put in by hand', () => {
    const putInByHand = (db: DatabaseSync) => {
      auditRows(4, 2)(db);
      db.exec('DROP TRIGGER audit_events_chained');
      db.exec(
        "INSERT INTO audit_events (audit_id, at_ms, action, detail) VALUES (5, 1, 'x', '{}')",
      );
    };
    expect(rowsOf(journal.runMigration(11, putInByHand).db, 'audit_chain_start')).toEqual([
      { only_row: 1, earlier_rows: 2 },
    ]);
  });

  it('keeps the count as it was: no change, no removal, no second row', () => {
    const file = journal.runMigration(11, auditRows(5, 2)).db;
    expect(namesOf(file, 'trigger')).toEqual(
      expect.arrayContaining(['audit_chain_start_kept', 'audit_chain_start_not_removed']),
    );
    expect(() => file.exec('UPDATE audit_chain_start SET earlier_rows = 4')).toThrow(
      /the rows before the audit chain are counted once/,
    );
    expect(() => file.exec('DELETE FROM audit_chain_start')).toThrow(
      /the rows before the audit chain are counted once/,
    );
    expect(() => file.exec('INSERT INTO audit_chain_start VALUES (2, 0)')).toThrow(
      /CHECK constraint failed/,
    );
    expect(() => file.exec('INSERT INTO audit_chain_start VALUES (1, 0)')).toThrow(
      /UNIQUE|PRIMARY KEY/,
    );
    expect(rowsOf(file, 'audit_chain_start')).toEqual([{ only_row: 1, earlier_rows: 3 }]);
  });
});
