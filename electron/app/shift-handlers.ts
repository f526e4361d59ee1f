import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Calls } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import type { ShiftService } from '../shifts/shift-service';
import type { AppPlatform } from './app-platform';

type ShiftCall =
  | 'currentShift'
  | 'openShift'
  | 'xReport'
  | 'closeShift'
  | 'listZReports'
  | 'zReport'
  | 'exportZReportCsv';

/**
 * Shifts through the contract: opened and closed by whoever is signed in (`by`), the X report
 * so far, the Z reports kept, and a Z report saved as CSV where the manager chooses.
 */
export function shiftHandlers(parts: {
  shifts: ShiftService;
  by: () => string | null;
  saveCsv: AppPlatform['saveCsv'];
  changed: () => void;
}): Pick<CallHandlers<Calls>, ShiftCall> {
  const { shifts, by, saveCsv, changed } = parts;
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
      changed();
      return z;
    },
    listZReports: async () => shifts.zReports(),
    zReport: async ({ zNumber }) => shifts.zReport(zNumber),
    exportZReportCsv: async ({ zNumber }) => {
      const text = shifts.zReportCsv(zNumber);
      return saveCsv(`z-report-${zNumber}.csv`, async (out) => {
        await pipeline(Readable.from([text]), out);
        return 1;
      });
    },
  };
}
