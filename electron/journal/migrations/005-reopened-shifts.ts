import type { Migration } from './migration';

export const reopenedShifts: Migration = {
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
};
