import type { Migration } from './migration';

export const zReportsHandedOut: Migration = {
  version: 10,
  description: 'a Z report is final once it left the till: printed, saved as PDF or as CSV',
  sql: `
      -- The first time each Z report left the till. Until then a manager may still reopen its
      -- shift (a mistake seen on the screen); from then on it is final, as the paper says, and
      -- corrections go into the open shift.
      CREATE TABLE z_report_handouts (
        z_number INTEGER PRIMARY KEY REFERENCES z_reports (z_number),
        first_at_ms INTEGER NOT NULL,
        how TEXT NOT NULL CHECK (how IN ('printed', 'pdf', 'csv'))
      );
      CREATE TRIGGER z_report_handouts_no_update BEFORE UPDATE ON z_report_handouts
        BEGIN SELECT RAISE(ABORT, 'a Z report handed out stays handed out'); END;
      CREATE TRIGGER z_report_handouts_no_delete BEFORE DELETE ON z_report_handouts
        BEGIN SELECT RAISE(ABORT, 'a Z report handed out stays handed out'); END;
      CREATE TRIGGER shifts_reopen_before_handout BEFORE INSERT ON shifts
        WHEN NEW.reopens_shift_id IS NOT NULL AND EXISTS (
          SELECT 1 FROM z_report_handouts AS handout
            JOIN z_reports AS z ON z.z_number = handout.z_number
            WHERE z.shift_id = NEW.reopens_shift_id)
        BEGIN SELECT RAISE(ABORT, 'a Z report handed out is final: its shift is not reopened'); END;
    `,
};
