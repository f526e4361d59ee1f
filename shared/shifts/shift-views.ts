import type { ShiftContinuation, ShiftReport, StaffRef } from './shift-report-types';

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
  /** The closed shift this one continues (a manager reopened it), or null. */
  reopensShiftId: number | null;
  /** The manager who reopened it (null: staff PINs off, or not a reopening). */
  reopenedBy: string | null;
}

/** A shift as the till shows it: who opened and closed it by name. */
export interface ShiftView {
  shiftId: number;
  serialNumber: string;
  openedAtMs: number;
  openedBy: StaffRef;
  closedAtMs: number | null;
  closedBy: StaffRef | null;
  /** Null unless a manager reopened the shift before and this one continues it. */
  continues: ShiftContinuation | null;
}

/** When a Z report first left the till, and how: from then on it is final. */
export interface ZHandOut {
  atMs: number;
  how: 'printed' | 'pdf' | 'csv';
}

/** A Z report as it was made at the close. */
export interface ZReportView {
  zNumber: number;
  shiftId: number;
  madeAtMs: number;
  report: ShiftReport;
  /** Null while it has not left the till: its shift may still be reopened. */
  handedOut: ZHandOut | null;
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
  /** The shift the reported one continues (it was reopened), or null. */
  continuesShiftId: number | null;
  /** Null while it has not left the till. */
  handedOut: ZHandOut | null;
}
