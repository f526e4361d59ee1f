import type { DatabaseSync } from 'node:sqlite';
import { transactionRunner } from './sqlite-transaction';

/**
 * Schema changes, in order. A migration is never edited once shipped: add the next one.
 * Each runs in its own transaction together with its schema_version row, so a crash leaves
 * the file either before or after it.
 */
export interface Migration {
  version: number;
  description: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    description: 'orders and their append-only history',
    sql: `
      CREATE TABLE orders (
        order_id TEXT PRIMARY KEY,
        reference TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('qr', 'nfc')),
        state TEXT NOT NULL,
        amount TEXT NOT NULL,
        fee TEXT NOT NULL,
        asset TEXT,
        asset_decimal INTEGER,
        chain_id TEXT,
        chain_name TEXT,
        currency TEXT NOT NULL,
        serial_number TEXT NOT NULL,
        created_at_ms INTEGER NOT NULL,
        updated_at_ms INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        replaces_order_id TEXT,
        qr_url TEXT,
        rate_usd TEXT,
        expire_at_raw TEXT,
        expires_at_ms INTEGER,
        expiry_known INTEGER,
        expiry_note TEXT,
        link_amount TEXT,
        amount_matches INTEGER,
        failure_kind TEXT,
        failure_message TEXT,
        failure_service_msg TEXT,
        failure_service_code TEXT,
        failure_http_status INTEGER
      );
      -- Day reports and range exports scan by creation time.
      CREATE INDEX orders_created ON orders (created_at_ms);
      -- The cashier reads the short reference out; several orders may share one over the years.
      CREATE INDEX orders_reference ON orders (reference, created_at_ms);
      -- Only orders still open sit in this index, so finding them at start costs nothing.
      CREATE INDEX orders_open ON orders (created_at_ms)
        WHERE state IN ('requesting', 'amount-differs', 'awaiting-payment', 'waiting-for-tap',
                        'submitting', 'outcome-unknown', 'failed', 'retry-refused');
      CREATE INDEX orders_replaces ON orders (replaces_order_id) WHERE replaces_order_id IS NOT NULL;

      CREATE TABLE order_events (
        event_id INTEGER PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders (order_id),
        at_ms INTEGER NOT NULL,
        from_state TEXT,
        to_state TEXT NOT NULL,
        reason_kind TEXT NOT NULL CHECK (reason_kind IN ('service', 'cashier', 'expiry', 'restart', 'client')),
        detail TEXT NOT NULL
      );
      CREATE INDEX order_events_order ON order_events (order_id, event_id);
      -- The history is append-only: the database itself refuses edits.
      CREATE TRIGGER order_events_no_update BEFORE UPDATE ON order_events
        BEGIN SELECT RAISE(ABORT, 'order_events is append-only'); END;
      CREATE TRIGGER order_events_no_delete BEFORE DELETE ON order_events
        BEGIN SELECT RAISE(ABORT, 'order_events is append-only'); END;
    `,
  },
  {
    version: 2,
    description: 'prices in the shop currency, and the service rate as a second opinion',
    sql: `
      ALTER TABLE orders ADD COLUMN money_currency TEXT;
      ALTER TABLE orders ADD COLUMN money_amount TEXT;
      ALTER TABLE orders ADD COLUMN fee_money TEXT;
      ALTER TABLE orders ADD COLUMN price TEXT;
      ALTER TABLE orders ADD COLUMN usd_price TEXT;
      ALTER TABLE orders ADD COLUMN usd_per_unit TEXT;
      ALTER TABLE orders ADD COLUMN price_source TEXT;
      ALTER TABLE orders ADD COLUMN cross_source TEXT;
      ALTER TABLE orders ADD COLUMN price_as_of_ms INTEGER;
      ALTER TABLE orders ADD COLUMN price_rounding TEXT;
      ALTER TABLE orders ADD COLUMN rate_difference_percent TEXT;
    `,
  },
  {
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
  },
  {
    version: 4,
    description: 'shifts, the order each sale belongs to, and immutable numbered Z reports',
    sql: `
      CREATE TABLE shifts (
        -- 1, 2, 3 ...: rows are never deleted, so SQLite's next rowid is the next number.
        shift_id INTEGER PRIMARY KEY,
        opened_at_ms INTEGER NOT NULL,
        -- Null: opened with staff PINs off (the till itself).
        opened_by TEXT,
        closed_at_ms INTEGER,
        closed_by TEXT,
        -- The till's serial number when the shift was opened.
        serial_number TEXT NOT NULL,
        -- The last order event before the opening: the first shift's reports look no further back.
        opened_after_event_id INTEGER NOT NULL DEFAULT 0
      );
      -- At most one open shift: every open row has the same key here.
      CREATE UNIQUE INDEX shifts_one_open ON shifts ((closed_at_ms IS NULL)) WHERE closed_at_ms IS NULL;
      CREATE TRIGGER shifts_no_delete BEFORE DELETE ON shifts
        BEGIN SELECT RAISE(ABORT, 'shifts are kept'); END;
      -- Closing sets closed_at_ms and closed_by once; nothing else about a shift ever changes.
      CREATE TRIGGER shifts_closed_once BEFORE UPDATE ON shifts
        WHEN OLD.closed_at_ms IS NOT NULL OR NEW.shift_id IS NOT OLD.shift_id
          OR NEW.opened_at_ms IS NOT OLD.opened_at_ms OR NEW.opened_by IS NOT OLD.opened_by
          OR NEW.serial_number IS NOT OLD.serial_number
          OR NEW.opened_after_event_id IS NOT OLD.opened_after_event_id
        BEGIN SELECT RAISE(ABORT, 'a closed shift stays as it was closed'); END;

      CREATE TABLE z_reports (
        z_number INTEGER PRIMARY KEY,
        shift_id INTEGER NOT NULL UNIQUE REFERENCES shifts (shift_id),
        made_at_ms INTEGER NOT NULL,
        -- The report as made, JSON.
        report TEXT NOT NULL
      );
      -- Numbered without gaps, only for a closed shift, and never changed or removed.
      CREATE TRIGGER z_reports_in_sequence BEFORE INSERT ON z_reports
        WHEN NEW.z_number IS NOT (SELECT COALESCE(MAX(z_number), 0) + 1 FROM z_reports)
          OR (SELECT closed_at_ms FROM shifts WHERE shift_id = NEW.shift_id) IS NULL
        BEGIN SELECT RAISE(ABORT, 'a Z report takes the next number, for a closed shift'); END;
      CREATE TRIGGER z_reports_no_update BEFORE UPDATE ON z_reports
        BEGIN SELECT RAISE(ABORT, 'z_reports is append-only'); END;
      CREATE TRIGGER z_reports_no_delete BEFORE DELETE ON z_reports
        BEGIN SELECT RAISE(ABORT, 'z_reports is append-only'); END;

      -- The shift each order was started in (null: before shifts, or with no shift open).
      ALTER TABLE orders ADD COLUMN shift_id INTEGER REFERENCES shifts (shift_id);
      CREATE INDEX orders_shift ON orders (shift_id, created_at_ms);
    `,
  },
  {
    version: 5,
    description: 'a manager reopens the latest closed shift as a new shift that continues it',
    sql: `
      -- A closed shift and its Z report never change, so reopening opens a new shift that
      -- names the one it continues and the manager who reopened it (null: staff PINs off).
      ALTER TABLE shifts ADD COLUMN reopens_shift_id INTEGER REFERENCES shifts (shift_id);
      ALTER TABLE shifts ADD COLUMN reopened_by TEXT;
      -- A closed shift is continued at most once.
      CREATE UNIQUE INDEX shifts_reopens_once ON shifts (reopens_shift_id)
        WHERE reopens_shift_id IS NOT NULL;
      -- Only the latest shift, and only once it is closed, may be continued.
      CREATE TRIGGER shifts_reopen_latest BEFORE INSERT ON shifts
        WHEN NEW.reopens_shift_id IS NOT NULL AND (
          NEW.reopens_shift_id IS NOT (SELECT MAX(shift_id) FROM shifts)
          OR (SELECT closed_at_ms FROM shifts WHERE shift_id = NEW.reopens_shift_id) IS NULL)
        BEGIN SELECT RAISE(ABORT, 'only the latest shift, closed, may be reopened'); END;
      -- What a shift continues is set when it opens, never after.
      CREATE TRIGGER shifts_reopen_fixed BEFORE UPDATE ON shifts
        WHEN NEW.reopens_shift_id IS NOT OLD.reopens_shift_id
          OR NEW.reopened_by IS NOT OLD.reopened_by
        BEGIN SELECT RAISE(ABORT, 'what a shift continues is fixed when it opens'); END;
    `,
  },
  {
    version: 6,
    description: 'the last chain and asset lists each service gave (the pickers show them at once)',
    sql: `
      CREATE TABLE catalogue_lists (
        -- The service origin, or 'demo' for the built-in sandbox (its port changes every start).
        service TEXT NOT NULL,
        -- 'chains', or 'assets:<chain id>'.
        list TEXT NOT NULL,
        -- The service's own answer (wire objects), JSON.
        items TEXT NOT NULL,
        saved_at_ms INTEGER NOT NULL,
        PRIMARY KEY (service, list)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 7,
    description: 'each money text beside exact integer columns, so reports sum in SQL',
    sql: `
      -- value = e9 / 10^9 + e18 / 10^18 (fixed-point-columns.ts); null where the value does not
      -- fit, and for every order written before: reports sum those from their text. Not filled
      -- in for the orders already there: rewriting every row would hold up the first start.
      ALTER TABLE orders ADD COLUMN amount_e9 INTEGER;
      ALTER TABLE orders ADD COLUMN amount_e18 INTEGER;
      ALTER TABLE orders ADD COLUMN fee_e9 INTEGER;
      ALTER TABLE orders ADD COLUMN fee_e18 INTEGER;
      ALTER TABLE orders ADD COLUMN money_amount_e9 INTEGER;
      ALTER TABLE orders ADD COLUMN money_amount_e18 INTEGER;
      ALTER TABLE orders ADD COLUMN fee_money_e9 INTEGER;
      ALTER TABLE orders ADD COLUMN fee_money_e18 INTEGER;
    `,
  },
];

/** Brings the file up to the newest schema; returns the version it is at. */
export function migrate(
  db: DatabaseSync,
  nowMs: number,
  list: readonly Migration[] = migrations,
): number {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at_ms INTEGER NOT NULL, description TEXT NOT NULL)',
  );
  const current = (
    db.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM schema_version').get() as { v: number }
  ).v;
  const newest = list.reduce((max, m) => Math.max(max, m.version), 0);
  if (current > newest) {
    // A newer app wrote this file; writing with an older schema would corrupt it.
    throw new Error(`journal schema version ${current} is newer than this app knows (${newest})`);
  }
  const inTransaction = transactionRunner(db);
  const record = db.prepare(
    'INSERT INTO schema_version (version, applied_at_ms, description) VALUES (?, ?, ?)',
  );
  for (const migration of [...list].sort((a, b) => a.version - b.version)) {
    if (migration.version <= current) continue;
    inTransaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, nowMs, migration.description);
    });
  }
  return Math.max(current, newest);
}
