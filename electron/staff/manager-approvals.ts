import type { Clock } from '../../shared/clock';
import type { GuardedAction } from '../../shared/staff';

/** Long enough to finish the one step the manager looked at; too short to walk away with. */
const APPROVAL_MS = 2 * 60_000;

interface Approval {
  managerId: string;
  expiresAtMs: number;
}

/**
 * Approvals a manager typed their PIN for on the cashier's screen: each for one action, used
 * once, gone after two minutes by the clock, and all gone when the person signed in changes.
 */
export class ManagerApprovals {
  private readonly byAction = new Map<GuardedAction, Approval>();

  constructor(private readonly clock: Clock) {}

  grant(managerId: string, action: GuardedAction): void {
    this.byAction.set(action, { managerId, expiresAtMs: this.clock.now() + APPROVAL_MS });
  }

  /** The approving manager's id, once; null when there is no unexpired approval for `action`. */
  consume(action: GuardedAction): string | null {
    const approval = this.byAction.get(action);
    this.byAction.delete(action);
    if (!approval || this.clock.now() >= approval.expiresAtMs) return null;
    return approval.managerId;
  }

  clear(): void {
    this.byAction.clear();
  }
}
