import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { StaffMember, StaffRole } from '../../shared/staff';
import { sameName } from './name-rules';

/** One row of the staff table as main uses it; the hash never leaves this folder. */
export interface StaffRow {
  staffId: string;
  name: string;
  role: StaffRole;
  pinHash: string;
  source: StaffMember['source'];
  /** Wrong PINs in a row (kept across restarts, so quitting the app does not reset a lockout). */
  failedAttempts: number;
  lockedUntilMs: number | null;
  removedAtMs: number | null;
}

interface RawRow {
  staff_id: string;
  name: string;
  role: StaffRole;
  pin_hash: string;
  source: StaffMember['source'];
  failed_attempts: number;
  locked_until_ms: number | null;
  removed_at_ms: number | null;
}

const COLUMNS =
  'staff_id, name, role, pin_hash, source, failed_attempts, locked_until_ms, removed_at_ms';

function toRow(raw: RawRow): StaffRow {
  return {
    staffId: raw.staff_id,
    name: raw.name,
    role: raw.role,
    pinHash: raw.pin_hash,
    source: raw.source,
    failedAttempts: raw.failed_attempts,
    lockedUntilMs: raw.locked_until_ms,
    removedAtMs: raw.removed_at_ms,
  };
}

/** The staff table (migration 3): statements prepared once, one method per thing the service does. */
export class StaffStore {
  private readonly statements: Record<
    | 'active'
    | 'byId'
    | 'removedPolicyRows'
    | 'insert'
    | 'setPin'
    | 'countFailure'
    | 'lock'
    | 'clearFailures'
    | 'remove'
    | 'revive'
    | 'makeManager',
    StatementSync
  >;

  constructor(db: DatabaseSync) {
    this.statements = {
      active: db.prepare(`SELECT ${COLUMNS} FROM staff WHERE removed_at_ms IS NULL`),
      byId: db.prepare(`SELECT ${COLUMNS} FROM staff WHERE staff_id = ?`),
      removedPolicyRows: db.prepare(
        `SELECT ${COLUMNS} FROM staff WHERE source = 'policy' AND removed_at_ms IS NOT NULL
         ORDER BY removed_at_ms DESC`,
      ),
      insert: db.prepare(
        `INSERT INTO staff (staff_id, name, role, pin_hash, source, created_at_ms, updated_at_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      setPin: db.prepare(
        `UPDATE staff SET pin_hash = ?, failed_attempts = 0, locked_until_ms = NULL,
         updated_at_ms = ? WHERE staff_id = ?`,
      ),
      countFailure: db.prepare(
        `UPDATE staff SET failed_attempts = failed_attempts + 1, updated_at_ms = ?
         WHERE staff_id = ? RETURNING failed_attempts`,
      ),
      lock: db.prepare('UPDATE staff SET locked_until_ms = ? WHERE staff_id = ?'),
      clearFailures: db.prepare(
        `UPDATE staff SET failed_attempts = 0, locked_until_ms = NULL
         WHERE staff_id = ? AND (failed_attempts <> 0 OR locked_until_ms IS NOT NULL)`,
      ),
      remove: db.prepare(
        'UPDATE staff SET removed_at_ms = ?, updated_at_ms = ? WHERE staff_id = ? AND removed_at_ms IS NULL',
      ),
      revive: db.prepare(
        `UPDATE staff SET removed_at_ms = NULL, name = ?, pin_hash = ?, role = 'manager',
         source = 'policy', failed_attempts = 0, locked_until_ms = NULL, updated_at_ms = ?
         WHERE staff_id = ?`,
      ),
      makeManager: db.prepare(
        `UPDATE staff SET role = 'manager', source = 'policy', updated_at_ms = ? WHERE staff_id = ?`,
      ),
    };
  }

  /** Everyone who may sign in now. */
  active(): StaffRow[] {
    return (this.statements.active.all() as unknown as RawRow[]).map(toRow);
  }

  /** A person still on the list; a removed one is undefined. */
  activeById(staffId: string): StaffRow | undefined {
    const raw = this.statements.byId.get(staffId) as RawRow | undefined;
    return raw && raw.removed_at_ms === null ? toRow(raw) : undefined;
  }

  activeNamed(name: string): StaffRow | undefined {
    return this.active().find((row) => sameName(row.name, name));
  }

  /** IT's manager of this name from before the policy dropped them, to give them their id back. */
  removedPolicyRowNamed(name: string): StaffRow | undefined {
    return (this.statements.removedPolicyRows.all() as unknown as RawRow[])
      .map(toRow)
      .find((row) => sameName(row.name, name));
  }

  insert(row: Pick<StaffRow, 'staffId' | 'name' | 'role' | 'pinHash' | 'source'>, nowMs: number) {
    this.statements.insert.run(
      row.staffId,
      row.name,
      row.role,
      row.pinHash,
      row.source,
      nowMs,
      nowMs,
    );
  }

  /** A new PIN also ends any lockout: whoever set it knows who will type it. */
  setPinHash(staffId: string, pinHash: string, nowMs: number): void {
    this.statements.setPin.run(pinHash, nowMs, staffId);
  }

  /** Counts one more wrong PIN; returns how many in a row now. */
  countFailure(staffId: string, nowMs: number): number {
    const result = this.statements.countFailure.get(nowMs, staffId) as
      { failed_attempts: number } | undefined;
    return result?.failed_attempts ?? 0;
  }

  lockUntil(staffId: string, lockedUntilMs: number): void {
    this.statements.lock.run(lockedUntilMs, staffId);
  }

  clearFailures(staffId: string): void {
    this.statements.clearFailures.run(staffId);
  }

  /** Soft: the row stays, so the journal's names for past orders still resolve. */
  remove(staffId: string, nowMs: number): void {
    this.statements.remove.run(nowMs, nowMs, staffId);
  }

  revivePolicyManager(staffId: string, name: string, pinHash: string, nowMs: number): void {
    this.statements.revive.run(name, pinHash, nowMs, staffId);
  }

  /** A local member IT now provisions by name becomes IT's manager (IT's PIN from then on). */
  makePolicyManager(staffId: string, nowMs: number): void {
    this.statements.makeManager.run(nowMs, staffId);
  }
}
