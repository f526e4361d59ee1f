import type { Migration } from './migration';

export const ordersAndHistory: Migration = {
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
};
