import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { StaffMember, StaffRole } from '../../shared/staff';
import { sameName } from './name-rules';

/**
 * Which run of wrong PINs a check counts in: the person's own sign-in, or their PIN typed at
 * someone else's approval prompt (a cashier's guesses there never lock the manager's sign-in).
 */
export type PinCount = 'sign-in' | 'approve';

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
  /** The same, for this person's PIN typed at an approval prompt (migration 9). */
  approveFailedAttempts: number;
  approveLockedUntilMs: number | null;
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
  approve_failed_attempts: number;
  approve_locked_until_ms: number | null;
  removed_at_ms: number | null;
}

const COLUMNS =
  'staff_id, name, role, pin_hash, source, failed_attempts, locked_until_ms, ' +
  'approve_failed_attempts, approve_locked_until_ms, removed_at_ms';

/** The columns each count is kept in. */
const countColumns: Record<PinCount, { failed: string; locked: string }> = {
  'sign-in': { failed: 'failed_attempts', locked: 'locked_until_ms' },
  approve: { failed: 'approve_failed_attempts', locked: 'approve_locked_until_ms' },
};

function toRow(raw: RawRow): StaffRow {
  return {
    staffId: raw.staff_id,
    name: raw.name,
    role: raw.role,
    pinHash: raw.pin_hash,
    source: raw.source,
    failedAttempts: raw.failed_attempts,
    lockedUntilMs: raw.locked_until_ms,
    approveFailedAttempts: raw.approve_failed_attempts,
    approveLockedUntilMs: raw.approve_locked_until_ms,
    removedAtMs: raw.removed_at_ms,
  };
}

/** The statements of one count: one more wrong PIN, a lock, and clearing both. */
interface CountStatements {
  countFailure: StatementSync;
  lock: StatementSync;
  clearFailures: StatementSync;
}

function countStatements(db: DatabaseSync, count: PinCount): CountStatements {
  const { failed, locked } = countColumns[count];
  return {
    countFailure: db.prepare(
      `UPDATE staff SET ${failed} = ${failed} + 1, updated_at_ms = ?
       WHERE staff_id = ? RETURNING ${failed} AS failed_attempts`,
    ),
    lock: db.prepare(`UPDATE staff SET ${locked} = ? WHERE staff_id = ?`),
    clearFailures: db.prepare(
      `UPDATE staff SET ${failed} = 0, ${locked} = NULL
       WHERE staff_id = ? AND (${failed} <> 0 OR ${locked} IS NOT NULL)`,
    ),
  };
}

/** The staff table (migrations 3, 9): statements prepared once, one method per thing the service does. */
export class StaffStore {
  private readonly statements: Record<
    | 'active'
    | 'byId'
    | 'removedPolicyRows'
    | 'insert'
    | 'setPin'
    | 'remove'
    | 'revive'
    | 'makeManager'
    | 'hadManager',
    StatementSync
  >;
  private readonly counts: Record<PinCount, CountStatements>;

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
         approve_failed_attempts = 0, approve_locked_until_ms = NULL,
         updated_at_ms = ? WHERE staff_id = ?`,
      ),
      remove: db.prepare(
        'UPDATE staff SET removed_at_ms = ?, updated_at_ms = ? WHERE staff_id = ? AND removed_at_ms IS NULL',
      ),
      revive: db.prepare(
        `UPDATE staff SET removed_at_ms = NULL, name = ?, pin_hash = ?, role = 'manager',
         source = 'policy', failed_attempts = 0, locked_until_ms = NULL,
         approve_failed_attempts = 0, approve_locked_until_ms = NULL, updated_at_ms = ?
         WHERE staff_id = ?`,
      ),
      makeManager: db.prepare(
        `UPDATE staff SET role = 'manager', source = 'policy', updated_at_ms = ? WHERE staff_id = ?`,
      ),
      hadManager: db.prepare(`SELECT 1 AS one FROM staff WHERE role = 'manager' LIMIT 1`),
    };
    this.counts = {
      'sign-in': countStatements(db, 'sign-in'),
      approve: countStatements(db, 'approve'),
    };
  }

  /** Everyone who may sign in now. */
  active(): StaffRow[] {
    return (this.statements.active.all() as unknown as RawRow[]).map(toRow);
  }

  /** Whether the list has ever held a manager: removed rows stay, IT's managers count too. */
  hadManager(): boolean {
    return this.statements.hadManager.get() !== undefined;
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

  /** Counts one more wrong PIN in `count`; returns how many in a row now. */
  countFailure(staffId: string, nowMs: number, count: PinCount): number {
    const result = this.counts[count].countFailure.get(nowMs, staffId) as
      { failed_attempts: number } | undefined;
    return result?.failed_attempts ?? 0;
  }

  lockUntil(staffId: string, lockedUntilMs: number, count: PinCount): void {
    this.counts[count].lock.run(lockedUntilMs, staffId);
  }

  clearFailures(staffId: string, count: PinCount): void {
    this.counts[count].clearFailures.run(staffId);
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
