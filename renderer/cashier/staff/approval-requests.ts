import type { GuardedAction } from '../../../shared/staff';

/** A guarded call waiting for a manager's PIN. */
export interface ApprovalRequest {
  id: number;
  action: GuardedAction;
}

type Pending = ApprovalRequest & { settle: (approved: boolean) => void };

/**
 * Between `callPos` (which meets a 'needs-manager' refusal) and the one approval dialog the
 * cashier window mounts: requests wait in line and the dialog shows the first. With no dialog
 * mounted nobody could approve, so a request is refused at once.
 */
class ApprovalQueue {
  private pending: Pending[] = [];
  private readonly dialogs = new Set<() => void>();
  private nextId = 1;

  ask(action: GuardedAction): Promise<boolean> {
    if (this.dialogs.size === 0) return Promise.resolve(false);
    return new Promise((settle) => {
      this.pending = [...this.pending, { id: this.nextId++, action, settle }];
      this.changed();
    });
  }

  /** The request the dialog shows (the same object until it is settled). */
  readonly first = (): ApprovalRequest | null => this.pending[0] ?? null;

  settle(id: number, approved: boolean): void {
    const request = this.pending.find((entry) => entry.id === id);
    if (!request) return;
    this.pending = this.pending.filter((entry) => entry !== request);
    request.settle(approved);
    this.changed();
  }

  /** A dialog mounts; when the last one goes, every waiting call gets its refusal back. */
  readonly attachDialog = (onChange: () => void): (() => void) => {
    this.dialogs.add(onChange);
    return () => {
      this.dialogs.delete(onChange);
      if (this.dialogs.size === 0) for (const { id } of this.pending) this.settle(id, false);
    };
  };

  private changed(): void {
    for (const onChange of [...this.dialogs]) onChange();
  }
}

const queue = new ApprovalQueue();

/** Resolves true once a manager approved `action` on this screen, false when cancelled. */
export function askManagerApproval(action: GuardedAction): Promise<boolean> {
  return queue.ask(action);
}

export function settleApproval(id: number, approved: boolean): void {
  queue.settle(id, approved);
}

export const approvalStore = { subscribe: queue.attachDialog, current: queue.first };
