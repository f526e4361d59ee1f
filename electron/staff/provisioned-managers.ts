import type { Settings } from '../../shared/settings';
import type { Logger } from '../logging/logger';
import type { AuditTrail } from './audit-trail';
import { sameName } from './name-rules';
import type { StaffStore } from './staff-store';

type ProvisionedManager = Settings['provisionedManagers'][number];

/** What a sync changed, for the audit trail. */
interface PolicyChange {
  action: 'staff-added' | 'staff-removed' | 'pin-reset';
  staffId: string;
  name: string;
  /** A local member of that name became IT's manager. */
  tookOverLocal?: true;
}

/**
 * Makes the staff table's IT-provisioned managers (source 'policy') match IT's list: new names
 * added as managers, a changed hash written (which also ends a lockout), names IT dropped
 * removed. A name IT provisions again gets its old id back, so past orders keep one name.
 * Names are the key: a local member IT names becomes IT's manager, with IT's PIN.
 */
export function syncProvisionedManagers(parts: {
  store: StaffStore;
  trail: AuditTrail;
  provisioned: readonly ProvisionedManager[];
  nowMs: number;
  newStaffId: () => string;
  logger: Logger;
}): void {
  const changes = changesFor(parts);
  for (const { action, staffId, name, tookOverLocal } of changes) {
    const detail = { name, source: 'policy', ...(tookOverLocal ? { tookOverLocal } : {}) };
    const person = { name, role: 'manager' };
    parts.trail.append(action, {
      actorId: null,
      object: { kind: 'staff', id: staffId },
      ...(action === 'staff-added' ? { before: null, after: person } : {}),
      ...(action === 'staff-removed' ? { before: person, after: null } : {}),
      reason: "IT's policy",
      outcome: 'done',
      detail,
    });
    parts.logger.info('staff list changed by the policy', { action, staffId });
  }
}

function changesFor({
  store,
  provisioned,
  nowMs,
  newStaffId,
  logger,
}: Parameters<typeof syncProvisionedManagers>[0]): PolicyChange[] {
  const wanted: ProvisionedManager[] = [];
  for (const manager of provisioned) {
    if (wanted.some((other) => sameName(other.name, manager.name))) {
      logger.warn('the policy provisions one manager name twice; the first one counts', {
        name: manager.name,
      });
    } else {
      wanted.push(manager);
    }
  }

  const changes: PolicyChange[] = [];
  for (const row of store.active()) {
    if (row.source !== 'policy') continue;
    if (wanted.some((manager) => sameName(manager.name, row.name))) continue;
    store.remove(row.staffId, nowMs);
    changes.push({ action: 'staff-removed', staffId: row.staffId, name: row.name });
  }

  for (const manager of wanted) {
    const name = manager.name.trim();
    const current = store.activeNamed(name);
    if (current?.source === 'policy') {
      if (current.pinHash === manager.pinHash) continue;
      store.setPinHash(current.staffId, manager.pinHash, nowMs);
      changes.push({ action: 'pin-reset', staffId: current.staffId, name: current.name });
    } else if (current) {
      store.makePolicyManager(current.staffId, nowMs);
      store.setPinHash(current.staffId, manager.pinHash, nowMs);
      logger.warn('the policy provisions a manager with the name of a local staff member', {
        staffId: current.staffId,
      });
      changes.push({
        action: 'staff-added',
        staffId: current.staffId,
        name: current.name,
        tookOverLocal: true,
      });
    } else {
      const before = store.removedPolicyRowNamed(name);
      const staffId = before?.staffId ?? newStaffId();
      if (before) store.revivePolicyManager(staffId, name, manager.pinHash, nowMs);
      else {
        store.insert(
          { staffId, name, role: 'manager', pinHash: manager.pinHash, source: 'policy' },
          nowMs,
        );
      }
      changes.push({ action: 'staff-added', staffId, name });
    }
  }
  return changes;
}
