import type { Clock } from '../../shared/clock';

/** Long enough to finish the one step the manager looked at; too short to walk away with. */
const APPROVAL_MS = 2 * 60_000;

/** One manager's approval of one act, for the person who asked. */
export interface Approval {
  readonly forStaffId: string;
  readonly actKey: string;
  readonly managerId: string;
  readonly expiresAtMs: number;
  /** The act is running on it now: nobody else may use it meanwhile. */
  inUse: boolean;
}

/**
 * Approvals a manager typed their PIN for on the cashier's screen: each for one act (a call
 * with exactly its arguments) and the person signed in when it was made, used once, gone after
 * two minutes by the clock, and all gone when the person signed in changes. An approval is
 * spent only when its act succeeds: an act that fails leaves it for a retry within its time.
 */
export class ManagerApprovals {
  private readonly byAct = new Map<string, Approval>();

  constructor(private readonly clock: Clock) {}

  grant(forStaffId: string, actKey: string, managerId: string): void {
    this.byAct.set(keyOf(forStaffId, actKey), {
      forStaffId,
      actKey,
      managerId,
      expiresAtMs: this.clock.now() + APPROVAL_MS,
      inUse: false,
    });
  }

  /**
   * The approval of this act for this person, held for the act until `spend` or `release`;
   * null when there is none, it has expired, or the same act is running on it now.
   */
  take(forStaffId: string, actKey: string): Approval | null {
    const key = keyOf(forStaffId, actKey);
    const approval = this.byAct.get(key);
    if (!approval) return null;
    if (this.clock.now() >= approval.expiresAtMs) {
      this.byAct.delete(key);
      return null;
    }
    if (approval.inUse) return null;
    approval.inUse = true;
    return approval;
  }

  /** Its act succeeded: used up. */
  spend(approval: Approval): void {
    const key = keyOf(approval.forStaffId, approval.actKey);
    if (this.byAct.get(key) === approval) this.byAct.delete(key);
  }

  /** Its act failed: usable again, until it expires. */
  release(approval: Approval): void {
    approval.inUse = false;
  }

  clear(): void {
    this.byAct.clear();
  }
}

function keyOf(forStaffId: string, actKey: string): string {
  return `${forStaffId}\n${actKey}`;
}
