import type { ShiftReport, StaffRef } from './shift-report-types';

/** A row of the shifts table, as stored: staff by id (null: nobody signed in). */
export interface ShiftRow {
  shiftId: number;
  serialNumber: string;
  openedAtMs: number;
  openedBy: string | null;
  /** Null while the shift is open. */
  closedAtMs: number | null;
  closedBy: string | null;
  /** The journal's last order event when the shift was opened. */
  openedAfterEventId: number;
}

/** A shift as the till shows it: who opened and closed it by name. */
export interface ShiftView {
  shiftId: number;
  serialNumber: string;
  openedAtMs: number;
  openedBy: StaffRef;
  closedAtMs: number | null;
  closedBy: StaffRef | null;
}

/** A Z report as it was made at the close. */
export interface ZReportView {
  zNumber: number;
  shiftId: number;
  madeAtMs: number;
  report: ShiftReport;
}

/** One line of the list of Z reports. */
export interface ZReportSummary {
  zNumber: number;
  shiftId: number;
  madeAtMs: number;
  serialNumber: string;
  openedAtMs: number;
  closedAtMs: number;
  orderCount: number;
  paidCount: number;
}
