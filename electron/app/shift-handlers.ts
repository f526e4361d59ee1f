import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Calls } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import type { ShiftService } from '../shifts/shift-service';
import type { AuditFields } from '../staff/audit-trail';
import type { AppPlatform } from './app-platform';
import type { CallAuthorization } from './staff-guard';

type ShiftCall =
  | 'currentShift'
  | 'openShift'
  | 'xReport'
  | 'closeShift'
  | 'listZReports'
  | 'zReport'
  | 'exportZReportCsv'
  | 'reopenShift';

/**
 * Shifts through the contract: opened and closed by whoever is signed in (`by`), the X report
 * so far, the Z reports kept, a Z report saved as CSV where the manager chooses, and a
 * manager's reopening of the last closed shift (written to the audit trail).
 */
export function shiftHandlers(parts: {
  shifts: ShiftService;
  by: () => string | null;
  saveCsv: AppPlatform['saveCsv'];
  changed: () => void;
  audit: (action: string, fields: AuditFields) => void;
  /** Told each Z report a close makes (its first print is the original). */
  closed?: (zNumber: number) => void;
}): Pick<CallHandlers<Calls>, ShiftCall> {
  const { shifts, by, saveCsv, changed, audit } = parts;
  return {
    currentShift: async () => shifts.current(),
    openShift: async () => {
      const opened = shifts.open(by());
      changed();
      return opened;
    },
    xReport: async () => shifts.xReport(),
    closeShift: async ({ acknowledgeUnresolved }) => {
      const z = shifts.close(by(), acknowledgeUnresolved);
      parts.closed?.(z.zNumber);
      changed();
      return z;
    },
    listZReports: async () => shifts.zReports(),
    zReport: async ({ zNumber }) => shifts.zReport(zNumber),
    exportZReportCsv: async ({ zNumber }) => {
      const text = shifts.zReportCsv(zNumber);
      const saved = await shifts.whileHandingOut(zNumber, () =>
        saveCsv(`z-report-${zNumber}.csv`, async (out) => {
          await pipeline(Readable.from([text]), out);
          return 1;
        }),
      );
      // Saved off the till, it is final: its shift is not reopened any more.
      if (saved.saved) shifts.handOut(zNumber, 'csv');
      return saved;
    },
    // The guard's authorization names the approving manager (a manager's own call: null).
    reopenShift: async ({ shiftId }, authorization?: CallAuthorization) => {
      const actorId = authorization?.actorId ?? by();
      const managerId = authorization?.approverId ?? actorId;
      const reopened = shifts.reopen(shiftId, actorId, managerId);
      audit('shift-reopened', {
        actorId,
        approverId: authorization?.approverId ?? null,
        object: { kind: 'shift', id: String(shiftId) },
        before: { shift: shiftId, state: 'closed' },
        after: { shift: reopened.shiftId, state: 'open' },
        outcome: 'done',
        detail: { continuedBy: reopened.shiftId },
      });
      changed();
      return reopened;
    },
  };
}
