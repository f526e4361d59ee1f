import type { Clock } from '../../shared/clock';
import { PIN_PATTERN } from '../../shared/staff';
import type { Logger } from '../logging/logger';
import type { AuditTrail } from './audit-trail';
import { spendPinCheck, verifyPin } from './pin-hash';
import { lockedUntilAfter, waitInWords } from './pin-lockout';
import { StaffRefusal } from './staff-errors';
import type { PinCount, StaffRow, StaffStore } from './staff-store';

/**
 * Why a PIN was typed, for the audit trail; it is also the run of wrong PINs it counts in: a
 * manager's PIN typed at a cashier's approval prompt counts apart from their own sign-in.
 */
export interface PinPurpose {
  purpose: PinCount;
  /** Who was signed in when it was typed (null at the sign-in screen). */
  actorId: string | null;
  detail?: Record<string, unknown>;
}

export function checkPinFormat(pin: string): void {
  if (!PIN_PATTERN.test(pin)) throw new StaffRefusal('not-allowed', 'A PIN is 4 to 8 digits.');
}

function lockedRefusal(lockedUntilMs: number, nowMs: number): StaffRefusal {
  return new StaffRefusal(
    'locked',
    `Too many wrong PINs. Try again in ${waitInWords(lockedUntilMs - nowMs)}.`,
    lockedUntilMs,
  );
}

/**
 * Every PIN typed at the till is compared here, in main, one at a time: checks run in turn,
 * so a burst of guesses cannot all pass the lockout test before the first wrong one counts.
 */
export class PinChecks {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: StaffStore,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** The person, when `pin` is theirs; else a StaffRefusal ('wrong-pin', 'locked', 'unknown-staff'). */
  check(staffId: string, pin: string, why: PinPurpose): Promise<StaffRow> {
    const result = this.tail.then(() => {
      checkPinFormat(pin);
      return this.checkNow(staffId, pin, why);
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  private async checkNow(staffId: string, pin: string, why: PinPurpose): Promise<StaffRow> {
    const row = this.store.activeById(staffId);
    if (!row) {
      await spendPinCheck(pin);
      throw unknownStaff();
    }
    const startMs = this.clock.now();
    const lockedUntilMs = why.purpose === 'approve' ? row.approveLockedUntilMs : row.lockedUntilMs;
    if (lockedUntilMs !== null && startMs < lockedUntilMs) {
      throw lockedRefusal(lockedUntilMs, startMs);
    }
    const right = await verifyPin(pin, row.pinHash);
    // The list may have changed while scrypt ran (removed, or a new PIN set): go by it now.
    const now = this.store.activeById(staffId);
    if (!now) throw unknownStaff();
    if (now.pinHash !== row.pinHash) return this.checkNow(staffId, pin, why);
    if (!right) return this.wrongPin(now, why);
    this.store.clearFailures(staffId, why.purpose);
    return why.purpose === 'approve'
      ? { ...now, approveFailedAttempts: 0, approveLockedUntilMs: null }
      : { ...now, failedAttempts: 0, lockedUntilMs: null };
  }

  private wrongPin(row: StaffRow, why: PinPurpose): never {
    const nowMs = this.clock.now();
    const failedAttempts = this.store.countFailure(row.staffId, nowMs, why.purpose);
    const common = { actorId: why.actorId, target: row.staffId };
    this.audit.append('pin-failed', {
      ...common,
      detail: { purpose: why.purpose, failedAttempts, ...why.detail },
    });
    const lockedUntilMs = lockedUntilAfter(failedAttempts, nowMs);
    if (lockedUntilMs === null) {
      throw new StaffRefusal('wrong-pin', 'That PIN is not right. Try again.');
    }
    this.store.lockUntil(row.staffId, lockedUntilMs, why.purpose);
    this.audit.append('pin-locked', {
      ...common,
      detail: { failedAttempts, lockedUntilMs, lockedForMs: lockedUntilMs - nowMs },
    });
    this.logger.warn('staff PIN locked after wrong PINs', {
      staffId: row.staffId,
      failedAttempts,
      lockedForMs: lockedUntilMs - nowMs,
    });
    throw lockedRefusal(lockedUntilMs, nowMs);
  }
}

export function unknownStaff(): StaffRefusal {
  return new StaffRefusal('unknown-staff', 'That name is not on the staff list.');
}
