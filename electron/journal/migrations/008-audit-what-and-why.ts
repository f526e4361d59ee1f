import type { Migration } from './migration';

export const auditWhatAndWhy: Migration = {
  version: 8,
  description: 'audit rows say on what, before and after, why and how it ended, in a hash chain',
  sql: `
      -- What the act was on (its id stays in target), the values before and after (JSON; null:
      -- not recorded), why, and how it ended. Null on every row written before.
      ALTER TABLE audit_events ADD COLUMN object_kind TEXT;
      ALTER TABLE audit_events ADD COLUMN before_value TEXT;
      ALTER TABLE audit_events ADD COLUMN after_value TEXT;
      ALTER TABLE audit_events ADD COLUMN reason TEXT;
      ALTER TABLE audit_events ADD COLUMN outcome TEXT;
      -- SHA-256 (hex) over the previous row's hash and this row's fields
      -- (electron/staff/audit-chain.ts). Rows written before have none and cannot be given one
      -- (UPDATE is refused): the first row written after them chains over all of them.
      ALTER TABLE audit_events ADD COLUMN row_hash TEXT;
      CREATE TRIGGER audit_events_chained BEFORE INSERT ON audit_events
        WHEN NEW.row_hash IS NULL
        BEGIN SELECT RAISE(ABORT, 'an audit row needs its place in the chain'); END;

      -- The chain's end: the newest row's id and hash, moved on by every insert. The newest
      -- rows removed by hand leave it naming a row that is gone.
      CREATE TABLE audit_chain_head (
        only_row INTEGER PRIMARY KEY CHECK (only_row = 1),
        audit_id INTEGER,
        row_hash TEXT
      );
      INSERT INTO audit_chain_head (only_row, audit_id, row_hash) VALUES (1, NULL, NULL);
      CREATE TRIGGER audit_chain_head_follows AFTER INSERT ON audit_events
        BEGIN
          UPDATE audit_chain_head SET audit_id = NEW.audit_id, row_hash = NEW.row_hash;
        END;
      CREATE TRIGGER audit_chain_head_forward BEFORE UPDATE ON audit_chain_head
        WHEN OLD.audit_id IS NOT NULL AND (NEW.audit_id IS NULL OR NEW.audit_id <= OLD.audit_id)
        BEGIN SELECT RAISE(ABORT, 'the audit chain only grows'); END;
      CREATE TRIGGER audit_chain_head_kept BEFORE DELETE ON audit_chain_head
        BEGIN SELECT RAISE(ABORT, 'the audit chain only grows'); END;
    `,
};
