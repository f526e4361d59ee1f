import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * The name of whoever an order or an event names, for the history: staff removed since are
 * still named (their row stays). Null for an order from before staff profiles, or taken with
 * PINs off.
 */
export class StaffNames {
  private readonly byId: StatementSync;

  constructor(db: DatabaseSync) {
    this.byId = db.prepare('SELECT name FROM staff WHERE staff_id = ?');
  }

  nameOf(staffId: string | null): string | null {
    if (staffId === null) return null;
    const row = this.byId.get(staffId) as { name: string } | undefined;
    return row?.name ?? null;
  }
}
