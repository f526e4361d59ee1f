import type { Permission } from '../../../shared/staff';

/** What a manager is asked to approve: this one call with these arguments, as the page makes it. */
export interface ApprovalAsk {
  /** What the refusal said is missing, in the manager's words (staff-words.ts). */
  action: Permission;
  call: string;
  args: unknown;
  /** Who may approve it (staff ids), as main said; null: any manager. */
  approvers: string[] | null;
}

/** A guarded call waiting for a manager's PIN. */
export interface ApprovalRequest extends ApprovalAsk {
  id: number;
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

  ask(ask: ApprovalAsk): Promise<boolean> {
    if (this.dialogs.size === 0) return Promise.resolve(false);
    return new Promise((settle) => {
      this.pending = [...this.pending, { ...ask, id: this.nextId++, settle }];
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

/** Resolves true once a manager approved the act on this screen, false when cancelled. */
export function askManagerApproval(ask: ApprovalAsk): Promise<boolean> {
  return queue.ask(ask);
}

export function settleApproval(id: number, approved: boolean): void {
  queue.settle(id, approved);
}

export const approvalStore = { subscribe: queue.attachDialog, current: queue.first };
