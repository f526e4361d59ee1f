import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../electron/journal/migrations';
import { AuditChainWatch } from '../../../../electron/staff/audit-chain-watch';
import { AuditTrail } from '../../../../electron/staff/audit-trail';
import { ManualClock } from '../../../support/manual-clock';
import { recordingLogger } from '../../../support/secret-leak';
import {
  columnsOf,
  expectRowsKept,
  expectSchemaKeptBut,
  namesOf,
  rowsOf,
  useTempJournal,
} from './journal-file';

const NEW_AUDIT_COLUMNS = {
  object_kind: 'TEXT',
  before_value: 'TEXT',
  after_value: 'TEXT',
  reason: 'TEXT',
  outcome: 'TEXT',
  row_hash: 'TEXT',
};

const NEW_OBJECTS = [
  'audit_events',
  'audit_events_chained',
  'audit_chain_head',
  'audit_chain_head_follows',
  'audit_chain_head_forward',
  'audit_chain_head_kept',
];

/** Version 7: a manager, a cashier, and the audit rows the app of then wrote for them. */
function writeVersion7(db: DatabaseSync): void {
  db.exec(`
    INSERT INTO staff (staff_id, name, role, pin_hash, source, created_at_ms, updated_at_ms)
    VALUES
      ('staff-1', 'Mia', 'manager', 'scrypt$16384$8$1$c2FsdA==$aGFzaA==', 'local', 1, 1),
      ('staff-2', 'Cas', 'cashier', 'scrypt$16384$8$1$c2FsdA==$aGFzaA==', 'local', 2, 2);
    INSERT INTO audit_events (at_ms, action, actor_id, approver_id, target, detail) VALUES
      (1000, 'first-manager', 'staff-1', NULL, 'staff-1', '{"name":"Mia"}'),
      (2000, 'staff-added', 'staff-1', NULL, 'staff-2', '{"name":"Cas","role":"cashier"}'),
      (3000, 'manager-override', 'staff-2', 'staff-1', 'settings', '{}');
  `);
}

/** The SQLite triggers that keep the trail append-only, dropped as someone editing the file would. */
function dropGuards(db: DatabaseSync): void {
  db.exec(`
    DROP TRIGGER audit_events_no_update;
    DROP TRIGGER audit_events_no_delete;
  `);
}

describe('journal migration 8: audit rows say on what, before and after, why and the outcome, chained', () => {
  const journal = useTempJournal();

  it('migrates a version-7 file: every row kept, the new columns null, the chain tables and triggers added', () => {
    const { before, db: file } = journal.runMigration(8, writeVersion7);

    expectRowsKept(file, before, { audit_events: NEW_AUDIT_COLUMNS });
    expectSchemaKeptBut(file, before, ...NEW_OBJECTS);
    expect(namesOf(file, 'trigger')).toEqual(
      expect.arrayContaining([
        'audit_events_no_update',
        'audit_events_no_delete',
        'audit_events_chained',
        'audit_chain_head_follows',
        'audit_chain_head_forward',
        'audit_chain_head_kept',
      ]),
    );
    expect(columnsOf(file, 'audit_chain_head')).toEqual({
      only_row: { type: 'INTEGER', notNull: false, default: null },
      audit_id: { type: 'INTEGER', notNull: false, default: null },
      row_hash: { type: 'TEXT', notNull: false, default: null },
    });
    expect(rowsOf(file, 'audit_chain_head')).toEqual([
      { only_row: 1, audit_id: null, row_hash: null },
    ]);
  });

  it('refuses a row without its hash, moves the chain’s end on each insert, and never back', () => {
    const file = journal.runMigration(8, writeVersion7).db;
    const insert = (id: number, hash: string | null) =>
      file
        .prepare(
          `INSERT INTO audit_events (audit_id, at_ms, action, detail, row_hash)
           VALUES (?, 4000, 'export', '{}', ?)`,
        )
        .run(id, hash);

    expect(() => insert(4, null)).toThrow(/an audit row needs its place in the chain/);
    insert(4, 'a'.repeat(64));
    expect(rowsOf(file, 'audit_chain_head')).toEqual([
      { only_row: 1, audit_id: 4, row_hash: 'a'.repeat(64) },
    ]);
    expect(() => file.exec('UPDATE audit_chain_head SET audit_id = 3')).toThrow(
      /the audit chain only grows/,
    );
    expect(() => file.exec('UPDATE audit_chain_head SET audit_id = NULL')).toThrow(
      /the audit chain only grows/,
    );
    expect(() => file.exec('DELETE FROM audit_chain_head')).toThrow(/the audit chain only grows/);
    expect(() => file.exec("INSERT INTO audit_chain_head VALUES (2, 1, 'x')")).toThrow(
      /CHECK constraint failed/,
    );
    // Still append-only, new columns included.
    expect(() => file.exec("UPDATE audit_events SET outcome = 'done'")).toThrow(
      /audit_events is append-only/,
    );
    expect(() => file.exec('DELETE FROM audit_events')).toThrow(/audit_events is append-only/);
  });

  it('chains the rows written before at the first start, so a later edit of one of them is found', () => {
    const file = journal.runMigration(8, writeVersion7).db;
    // The app's first start runs every later migration too before its trail reads the file.
    migrate(file, 9000);
    const clock = new ManualClock(9000);
    const log = recordingLogger();
    const trail = new AuditTrail(file, clock);

    const first = new AuditChainWatch(trail, clock, log.logger).check();
    expect(first).toEqual({
      intact: true,
      rows: 3,
      problems: [],
      problemCount: 0,
      summary: '',
      checkedAtMs: 9000,
    });
    // One row seals the three from before: its hash covers them all.
    const seal = rowsOf(file, 'audit_events').at(-1)!;
    expect(seal).toMatchObject({
      audit_id: 4,
      at_ms: 9000,
      action: 'audit-chain-started',
      detail: '{"earlierRows":3}',
      outcome: 'done',
      row_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(new AuditChainWatch(trail, clock, log.logger).check()).toMatchObject({
      intact: true,
      rows: 4,
    });

    dropGuards(file);
    file.exec('UPDATE audit_events SET approver_id = NULL WHERE audit_id = 3');
    expect(new AuditChainWatch(trail, clock, log.logger).check()).toMatchObject({
      intact: false,
      problems: [{ kind: 'earlier-rows-changed', auditId: 4 }],
      problemCount: 1,
    });
  });
});
