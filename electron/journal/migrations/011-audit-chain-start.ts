import type { Migration } from './migration';

export const auditChainStart: Migration = {
  version: 11,
  description:
    'the audit rows written before the hash chain began, counted once; since when its end is recorded',
  sql: `
      -- How many audit rows were written before the chain began (migration 8): the rows before
      -- the first row with a hash, which could not be given one. Only they may lack a hash: a
      -- row without one after them, or fewer of them, was edited by hand
      -- (electron/staff/audit-chain.ts). A file whose chain has not begun counts every row: the
      -- till's next start seals them with one row whose hash covers them all.
      CREATE TABLE audit_chain_start (
        only_row INTEGER PRIMARY KEY CHECK (only_row = 1),
        earlier_rows INTEGER NOT NULL CHECK (earlier_rows >= 0)
      );
      INSERT INTO audit_chain_start (only_row, earlier_rows)
        SELECT 1, COUNT(*) FROM audit_events
        WHERE row_hash IS NULL
          AND audit_id < COALESCE(
            (SELECT MIN(audit_id) FROM audit_events WHERE row_hash IS NOT NULL),
            9223372036854775807);
      CREATE TRIGGER audit_chain_start_kept BEFORE UPDATE ON audit_chain_start
        BEGIN SELECT RAISE(ABORT, 'the rows before the audit chain are counted once'); END;
      CREATE TRIGGER audit_chain_start_not_removed BEFORE DELETE ON audit_chain_start
        BEGIN SELECT RAISE(ABORT, 'the rows before the audit chain are counted once'); END;
      -- Since when the till also keeps the chain's end outside this file (the record beside
      -- the journal): from then on a record missing or unreadable at start is a finding, not a
      -- till that never had one.
      CREATE TABLE audit_chain_record (
        only_row INTEGER PRIMARY KEY CHECK (only_row = 1),
        since_ms INTEGER NOT NULL
      );
      CREATE TRIGGER audit_chain_record_kept BEFORE UPDATE ON audit_chain_record
        BEGIN SELECT RAISE(ABORT, 'the audit chain record is kept for good'); END;
      CREATE TRIGGER audit_chain_record_not_removed BEFORE DELETE ON audit_chain_record
        BEGIN SELECT RAISE(ABORT, 'the audit chain record is kept for good'); END;
    `,
};
