import type { Migration } from './migration';

export const staffRolesAndApprovalPins: Migration = {
  version: 9,
  description: 'staff roles IT defines, and wrong PINs at an approval prompt counted apart',
  // SQLite cannot change a CHECK in place: the staff table is built again with the same rows.
  sql: `
      CREATE TABLE staff_next (
        staff_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        -- 'cashier', 'manager' or a role IT defines by policy (staffRoles); what a role may do
        -- is read from the policy, never stored here.
        role TEXT NOT NULL CHECK (length(role) BETWEEN 1 AND 32),
        pin_hash TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('local', 'policy')),
        created_at_ms INTEGER NOT NULL,
        updated_at_ms INTEGER NOT NULL,
        removed_at_ms INTEGER,
        failed_attempts INTEGER NOT NULL DEFAULT 0,
        locked_until_ms INTEGER,
        -- Wrong PINs typed for this person at someone else's approval prompt, and until when
        -- approvals by this person are refused: never their own sign-in's count.
        approve_failed_attempts INTEGER NOT NULL DEFAULT 0,
        approve_locked_until_ms INTEGER
      );
      INSERT INTO staff_next (staff_id, name, role, pin_hash, source, created_at_ms,
        updated_at_ms, removed_at_ms, failed_attempts, locked_until_ms)
        SELECT staff_id, name, role, pin_hash, source, created_at_ms, updated_at_ms,
          removed_at_ms, failed_attempts, locked_until_ms
        FROM staff;
      DROP TABLE staff;
      ALTER TABLE staff_next RENAME TO staff;
      CREATE UNIQUE INDEX staff_active_name ON staff (name) WHERE removed_at_ms IS NULL;
    `,
};
