import type { Migration } from './migration';

export const staffAndAudit: Migration = {
  version: 3,
  description: 'staff profiles with PIN hashes, who did what, and an append-only audit trail',
  sql: `
      CREATE TABLE staff (
        staff_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('cashier', 'manager')),
        -- scrypt$N$r$p$salt$hash (base64); never a PIN in clear.
        pin_hash TEXT NOT NULL,
        -- 'policy': provisioned by IT (its hash comes from the policy on every start).
        source TEXT NOT NULL CHECK (source IN ('local', 'policy')),
        created_at_ms INTEGER NOT NULL,
        updated_at_ms INTEGER NOT NULL,
        removed_at_ms INTEGER,
        -- Wrong PINs in a row, and until when sign-in is refused.
        failed_attempts INTEGER NOT NULL DEFAULT 0,
        locked_until_ms INTEGER
      );
      CREATE UNIQUE INDEX staff_active_name ON staff (name) WHERE removed_at_ms IS NULL;

      -- Who started each order, and who moved it (null: before staff profiles, or the till itself).
      ALTER TABLE orders ADD COLUMN cashier_id TEXT;
      ALTER TABLE order_events ADD COLUMN actor_id TEXT;
      CREATE INDEX orders_cashier ON orders (cashier_id, created_at_ms);

      -- What needed a manager, who asked and who approved; sign-ins and PIN changes too.
      CREATE TABLE audit_events (
        audit_id INTEGER PRIMARY KEY,
        at_ms INTEGER NOT NULL,
        action TEXT NOT NULL,
        actor_id TEXT,
        approver_id TEXT,
        target TEXT,
        detail TEXT NOT NULL
      );
      CREATE INDEX audit_events_at ON audit_events (at_ms);
      CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
        BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END;
      CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events
        BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END;
    `,
};
