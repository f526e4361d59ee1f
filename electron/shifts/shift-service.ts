import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../../shared/clock';
import { isTerminal } from '../../shared/sale/sale-states';
import type { OrderRecord } from '../journal/order-record';
import { transactionRunner, type InTransaction } from '../journal/sqlite-transaction';
import type { Logger } from '../logging/logger';
import { ShiftRefusal } from './shift-errors';
import { shiftReport } from './shift-report';
import type { ShiftReport, StaffRef } from '../../shared/shifts/shift-report-types';
import { ShiftStore } from './shift-store';
import type {
  ShiftRow,
  ShiftView,
  ZHandOut,
  ZReportSummary,
  ZReportView,
} from '../../shared/shifts/shift-views';
import { zReportCsv } from './z-report-csv';
import { takingsOf } from './shift-takings';

export interface ShiftServiceOptions {
  /** The journal's writer connection, migrations applied (tables shifts and z_reports). */
  db: DatabaseSync;
  clock: Clock;
  /** The till's serial number now (settings), stored with each shift opened. */
  serialNumber: () => string;
  /** A staff member's name by id (removed members too); null when there is none. */
  staffName: (staffId: string | null) => string | null;
  logger: Logger;
}

const UNKNOWN = 'Unknown';
/** A Z number past any made: "the report before it" is then the last one made. */
const AFTER_LAST_Z = Number.MAX_SAFE_INTEGER;

/**
 * Shifts and their Z reports, in main. One shift is open at a time; each order carries the
 * shift open when it started (`openShiftId`, which the sale asks). Closing writes the shift's
 * end and its numbered Z report in one transaction, so a crash leaves both or neither, and
 * the database refuses any later change to a Z report.
 */
const handOutWords: Record<ZHandOut['how'], string> = {
  printed: 'printed',
  pdf: 'saved as PDF',
  csv: 'saved as CSV',
};

export class ShiftService {
  /** Z reports being printed or saved now, with how many prints or saves of each. */
  private readonly handingOut = new Map<number, number>();
  private readonly clock: Clock;
  private readonly serialNumber: () => string;
  private readonly staffName: (staffId: string | null) => string | null;
  private readonly logger: Logger;
  private readonly store: ShiftStore;
  private readonly inTransaction: InTransaction;

  constructor(options: ShiftServiceOptions) {
    this.clock = options.clock;
    this.serialNumber = options.serialNumber;
    this.staffName = options.staffName;
    this.logger = options.logger;
    this.store = new ShiftStore(options.db);
    this.inTransaction = transactionRunner(options.db);
  }

  current(): ShiftView | null {
    const shift = this.store.openShift();
    return shift ? this.viewOf(shift) : null;
  }

  /** What a new order records as its shift: the open one, or null when none is open. */
  openShiftId(): number | null {
    return this.store.openShift()?.shiftId ?? null;
  }

  open(by: string | null): ShiftView {
    const shift = this.inTransaction(() => {
      const open = this.store.openShift();
      if (open) {
        throw new ShiftRefusal(
          'shift-open',
          `Shift ${open.shiftId} is still open. Close it before you open a new one.`,
        );
      }
      return this.withUnshiftedSales(
        this.store.insertShift(this.clock.now(), by, this.serialNumber()),
      );
    });
    this.logger.info('shift opened', { shiftId: shift.shiftId, by });
    return this.viewOf(shift);
  }

  /**
   * A manager reopens the latest closed shift: its row and Z report stay as they are, and a
   * new shift opens that continues it (its reports say so; its Z report takes the next
   * number). Refused while a shift is open, for any shift but the latest, and once its Z
   * report left the till (printed, saved as PDF or CSV): then it is final.
   */
  reopen(shiftId: number, by: string | null, manager: string | null): ShiftView {
    const shift = this.inTransaction(() => {
      const open = this.store.openShift();
      if (open) {
        throw new ShiftRefusal(
          'shift-open',
          `Shift ${open.shiftId} is open. Only a closed shift can be reopened, when no shift is open.`,
        );
      }
      const latest = this.store.latestShift();
      if (!latest || latest.shiftId !== shiftId) {
        throw new ShiftRefusal(
          'not-latest',
          latest
            ? `Only the last shift closed (shift ${latest.shiftId}) can be reopened.`
            : 'No shift has been closed yet: there is nothing to reopen.',
        );
      }
      const z = this.store.zReports().find((summary) => summary.shiftId === shiftId);
      if (z && this.handingOut.has(z.zNumber)) {
        throw new ShiftRefusal(
          'final',
          `Z report ${z.zNumber} is being printed or saved right now: once it is, it is final and shift ${shiftId} stays closed.`,
        );
      }
      if (z?.handedOut) {
        throw new ShiftRefusal(
          'final',
          `Z report ${z.zNumber} was ${handOutWords[z.handedOut.how]}, so it is final and shift ${shiftId} stays closed. Record corrections in a new shift.`,
        );
      }
      return this.withUnshiftedSales(
        this.store.insertShift(this.clock.now(), by, this.serialNumber(), {
          shiftId,
          by: manager,
        }),
      );
    });
    this.logger.info('shift reopened', { shiftId: shift.shiftId, continues: shiftId, by, manager });
    return this.viewOf(shift);
  }

  /**
   * A shift just opened takes the sales made while no shift was open (where the till allows
   * that) since the last Z report, so every sale is in some shift's report; its report lists
   * them apart. Older ones (a journal from before this rule) stay as the Z reports counted them.
   */
  private withUnshiftedSales(shift: ShiftRow): ShiftRow {
    const adopted = this.store.adoptUnshifted(
      shift.shiftId,
      this.store.throughBefore(AFTER_LAST_Z) ?? 0,
    );
    if (adopted > 0)
      this.logger.info('sales without a shift joined it', { shiftId: shift.shiftId, adopted });
    return shift;
  }

  /** The open shift so far, without closing it. */
  xReport(): ShiftReport {
    const shift = this.openOrRefuse();
    const through = this.store.lastEventId();
    return this.reportOf(shift, this.store.ordersOfShift(shift.shiftId), through, AFTER_LAST_Z);
  }

  /** Orders of the open shift not finished yet (none when no shift is open). */
  unresolved(): OrderRecord[] {
    const shift = this.store.openShift();
    if (!shift) return [];
    return this.store.ordersOfShift(shift.shiftId).filter((order) => !isTerminal(order.state));
  }

  /**
   * Closes the open shift and makes its Z report. Refused while orders of the shift are
   * unfinished, unless the closer acknowledges them (they are listed in the report).
   */
  close(by: string | null, acknowledgeUnresolved: boolean): ZReportView {
    const view = this.inTransaction(() => {
      const shift = this.openOrRefuse();
      const orders = this.store.ordersOfShift(shift.shiftId);
      const unfinished = orders.filter((order) => !isTerminal(order.state)).length;
      if (unfinished > 0 && !acknowledgeUnresolved) {
        throw new ShiftRefusal(
          'unresolved',
          `${unfinished === 1 ? '1 sale' : `${unfinished} sales`} of this shift ${unfinished === 1 ? 'is' : 'are'} not finished. ` +
            'Finish them, or confirm that you close the shift with them unfinished.',
        );
      }
      const closedAtMs = this.clock.now();
      if (!this.store.closeShift(shift.shiftId, closedAtMs, by))
        throw new Error(`shift ${shift.shiftId} was not open any more`);
      const closed = { ...shift, closedAtMs, closedBy: by };
      const report = this.reportOf(closed, orders, this.store.lastEventId(), AFTER_LAST_Z);
      const zNumber = this.store.insertZReport(shift.shiftId, closedAtMs, JSON.stringify(report));
      return { zNumber, shiftId: shift.shiftId, madeAtMs: closedAtMs, report, handedOut: null };
    });
    this.logger.info('shift closed', {
      shiftId: view.shiftId,
      zNumber: view.zNumber,
      by,
      unresolved: view.report.unresolved.length,
    });
    return view;
  }

  /** Every Z report made, newest first. */
  zReports(): ZReportSummary[] {
    return this.store.zReports();
  }

  /**
   * Runs `work` (a print or a save of Z report `zNumber`): while it runs, the report may leave
   * the till any moment, so its shift is not reopened (refused as final) until it is done.
   */
  async whileHandingOut<T>(zNumber: number, work: () => Promise<T>): Promise<T> {
    this.handingOut.set(zNumber, (this.handingOut.get(zNumber) ?? 0) + 1);
    try {
      return await work();
    } finally {
      const left = (this.handingOut.get(zNumber) ?? 1) - 1;
      if (left > 0) this.handingOut.set(zNumber, left);
      else this.handingOut.delete(zNumber);
    }
  }

  /**
   * Z report `zNumber` left the till (printed, saved as PDF or CSV): from now on it is final.
   * Only the first time is kept.
   */
  handOut(zNumber: number, how: ZHandOut['how']): void {
    this.zReportOrRefuse(zNumber);
    this.store.handOut(zNumber, how, this.clock.now());
    this.logger.info('Z report handed out', { zNumber, how });
  }

  zReport(zNumber: number): ZReportView | null {
    const row = this.store.zReport(zNumber);
    return row ? { ...row, report: JSON.parse(row.report) as ShiftReport } : null;
  }

  /**
   * The Z report made again from the journal as it is now, for checking the stored one: each
   * order in its state at the stored cut-off, staff named as the stored report names them.
   */
  recompute(zNumber: number): ShiftReport {
    const stored = this.zReportOrRefuse(zNumber);
    const shift = this.store.shiftById(stored.shiftId);
    if (!shift)
      throw new Error(`Z report ${zNumber} names shift ${stored.shiftId}, which is missing`);
    const through = stored.report.throughEventId;
    const names = namesIn(stored.report);
    const report = this.reportOf(
      shift,
      this.store.ordersOfShift(shift.shiftId, through),
      through,
      zNumber,
      names,
    );
    // A report stored before takings were reported is compared without them.
    if (stored.report.takings === undefined) delete report.takings;
    return report;
  }

  zReportCsv(zNumber: number): string {
    return zReportCsv(this.zReportOrRefuse(zNumber));
  }

  /**
   * `beforeZ`: the report starts where the Z report before that number stopped (AFTER_LAST_Z:
   * the last one made), or at the shift's opening when there is none.
   */
  private reportOf(
    shift: ShiftRow,
    orders: readonly OrderRecord[],
    throughEventId: number,
    beforeZ: number,
    knownNames: ReadonlyMap<string, string> = new Map(),
  ): ShiftReport {
    const previousThrough = this.store.throughBefore(beforeZ);
    const afterEventId = previousThrough ?? shift.openedAfterEventId;
    const earlierOrdersPaid = this.store.paidBetween(afterEventId, throughEventId, shift.shiftId);
    // The money moved since the Z report before: from the journal's start for the first one,
    // so a payment taken before any shift was opened is counted in the first Z report.
    const moved = this.store.movedBetween(previousThrough ?? 0, throughEventId);
    const earlierPaymentsVoided = this.store.voidedBetween(
      afterEventId,
      throughEventId,
      shift.shiftId,
    );
    return shiftReport({
      shift,
      orders,
      earlierOrdersPaid,
      earlierPaymentsVoided,
      takings: takingsOf(moved.received, moved.voided),
      throughEventId,
      names: this.namesFor(
        shift,
        orders,
        [...earlierOrdersPaid, ...earlierPaymentsVoided],
        knownNames,
      ),
    });
  }

  private namesFor(
    shift: ShiftRow,
    orders: readonly OrderRecord[],
    earlier: readonly { order: OrderRecord }[],
    known: ReadonlyMap<string, string>,
  ): Map<string, string> {
    const ids = new Set<string | null>([shift.openedBy, shift.closedBy, shift.reopenedBy]);
    for (const order of orders) ids.add(order.cashierId);
    for (const { order } of earlier) ids.add(order.cashierId);
    const names = new Map<string, string>();
    for (const id of ids) {
      if (id === null) continue;
      const name = known.get(id) ?? this.staffName(id);
      if (name !== null) names.set(id, name);
    }
    return names;
  }

  private viewOf(shift: ShiftRow): ShiftView {
    const who = (staffId: string | null): StaffRef => ({
      staffId,
      name: this.staffName(staffId) ?? UNKNOWN,
    });
    return {
      shiftId: shift.shiftId,
      serialNumber: shift.serialNumber,
      openedAtMs: shift.openedAtMs,
      openedBy: who(shift.openedBy),
      closedAtMs: shift.closedAtMs,
      closedBy: shift.closedAtMs === null ? null : who(shift.closedBy),
      continues:
        shift.reopensShiftId === null
          ? null
          : { shiftId: shift.reopensShiftId, reopenedBy: who(shift.reopenedBy) },
    };
  }

  private openOrRefuse(): ShiftRow {
    const shift = this.store.openShift();
    if (!shift) throw new ShiftRefusal('no-shift', 'No shift is open. Open a shift first.');
    return shift;
  }

  private zReportOrRefuse(zNumber: number): ZReportView {
    const view = this.zReport(zNumber);
    if (!view) throw new ShiftRefusal('no-report', `There is no Z report number ${zNumber}.`);
    return view;
  }
}

/** Staff as a stored report names them: a member renamed since is not a difference in the figures. */
function namesIn(report: ShiftReport): Map<string, string> {
  const refs: StaffRef[] = [
    report.openedBy,
    ...(report.closedBy ? [report.closedBy] : []),
    ...(report.continues ? [report.continues.reopenedBy] : []),
    ...report.byCashier.map((slice) => slice.cashier),
    ...report.earlierOrdersPaid.map((line) => line.cashier),
    ...(report.earlierPaymentsVoided ?? []).map((line) => line.cashier),
  ];
  return new Map(refs.flatMap((ref) => (ref.staffId === null ? [] : [[ref.staffId, ref.name]])));
}
