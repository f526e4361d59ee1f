import type { Migration } from './migration';

export const shiftsAndZReports: Migration = {
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
};
