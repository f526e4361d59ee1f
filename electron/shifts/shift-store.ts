import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { OrderRecord } from '../journal/order-record';
import { ORDER_COLUMNS, recordFromRow, type OrderRow } from '../journal/order-rows';
import { paidStates, type SaleState } from '../../shared/sale/sale-states';
import type { EarlierOrderPaid, EarlierPaymentVoided } from './shift-report';
import type { ShiftRow, ZHandOut, ZReportSummary } from '../../shared/shifts/shift-views';

const SHIFT_COLUMNS = `shift_id, serial_number, opened_at_ms, opened_by, closed_at_ms, closed_by,
  opened_after_event_id, reopens_shift_id, reopened_by`;

/** The paid states as an SQL list: constant names from the state table, never user text. */
const PAID_STATES_SQL = `(${[...paidStates].map((state) => `'${state}'`).join(', ')})`;

type ShiftTableRow = {
  shift_id: number;
  serial_number: string;
  opened_at_ms: number;
  opened_by: string | null;
  closed_at_ms: number | null;
  closed_by: string | null;
  opened_after_event_id: number;
  reopens_shift_id: number | null;
  reopened_by: string | null;
};

type ZTableRow = { z_number: number; shift_id: number; made_at_ms: number; report: string };

/** The shifts and z_reports tables, and the journal reads a shift's report needs. */
export class ShiftStore {
  private readonly statements: Record<
    | 'openShift'
    | 'shiftById'
    | 'latestShift'
    | 'insertShift'
    | 'closeShift'
    | 'lastEventId'
    | 'ordersOfShift'
    | 'statesThrough'
    | 'paidBetween'
    | 'voidedBetween'
    | 'insertZ'
    | 'zByNumber'
    | 'throughBefore'
    | 'zList'
    | 'handOut'
    | 'receivedBetween'
    | 'voidsBetween'
    | 'adoptUnshifted',
    StatementSync
  >;

  constructor(db: DatabaseSync) {
    this.statements = {
      openShift: db.prepare(`SELECT ${SHIFT_COLUMNS} FROM shifts WHERE closed_at_ms IS NULL`),
      shiftById: db.prepare(`SELECT ${SHIFT_COLUMNS} FROM shifts WHERE shift_id = ?`),
      latestShift: db.prepare(`SELECT ${SHIFT_COLUMNS} FROM shifts ORDER BY shift_id DESC LIMIT 1`),
      insertShift: db.prepare(`INSERT INTO shifts (opened_at_ms, opened_by, serial_number,
          opened_after_event_id, reopens_shift_id, reopened_by) VALUES (?, ?, ?, ?, ?, ?)
          RETURNING ${SHIFT_COLUMNS}`),
      closeShift: db.prepare(
        'UPDATE shifts SET closed_at_ms = ?, closed_by = ? WHERE shift_id = ? AND closed_at_ms IS NULL',
      ),
      lastEventId: db.prepare('SELECT COALESCE(MAX(event_id), 0) AS id FROM order_events'),
      ordersOfShift: db.prepare(
        `SELECT ${ORDER_COLUMNS} FROM orders WHERE shift_id = ? ORDER BY created_at_ms, order_id`,
      ),
      // The state of each of the shift's orders after its last event up to the cut-off.
      statesThrough: db.prepare(`SELECT e.order_id, e.to_state FROM order_events e
          JOIN orders o ON o.order_id = e.order_id
          WHERE o.shift_id = ? AND e.event_id = (SELECT MAX(i.event_id) FROM order_events i
            WHERE i.order_id = e.order_id AND i.event_id <= ?)`),
      paidBetween: db.prepare(`SELECT ${ORDER_COLUMNS}, paid.paid_at_ms, paid.paid_state FROM orders
          JOIN (SELECT order_id AS paid_order_id, at_ms AS paid_at_ms, to_state AS paid_state
            FROM order_events WHERE event_id > ? AND event_id <= ? AND to_state IN ${PAID_STATES_SQL}
          ) AS paid ON paid.paid_order_id = orders.order_id
          WHERE orders.shift_id IS NOT ?`),
      // Payments of other shifts (or of none) voided in the window: a void is a move from a
      // paid state to 'voided' (a failed order voided was never money taken).
      voidedBetween: db.prepare(`SELECT ${ORDER_COLUMNS}, voids.voided_at_ms FROM orders
          JOIN (SELECT order_id AS voided_order_id, at_ms AS voided_at_ms FROM order_events
            WHERE event_id > ? AND event_id <= ? AND to_state = 'voided'
              AND from_state IN ${PAID_STATES_SQL}
          ) AS voids ON voids.voided_order_id = orders.order_id
          WHERE orders.shift_id IS NOT ?`),
      // Every order of any shift (or of none) that reached a paid state in the window, in
      // that state: a move into a paid state from one that was not (or from none).
      receivedBetween: db.prepare(`SELECT ${ORDER_COLUMNS}, moved.to_state AS paid_state FROM orders
          JOIN (SELECT order_id AS moved_order_id, to_state FROM order_events
            WHERE event_id > ? AND event_id <= ? AND to_state IN ${PAID_STATES_SQL}
              AND (from_state IS NULL OR from_state NOT IN ${PAID_STATES_SQL})
          ) AS moved ON moved.moved_order_id = orders.order_id`),
      // Every payment of any shift (or of none) voided in the window.
      voidsBetween: db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders
          JOIN (SELECT order_id AS moved_order_id FROM order_events
            WHERE event_id > ? AND event_id <= ? AND to_state = 'voided'
              AND from_state IN ${PAID_STATES_SQL}
          ) AS moved ON moved.moved_order_id = orders.order_id`),
      // Orders made with no shift open since the last Z report's cut-off (their first event
      // after it): what a Z report already counted is never moved into another shift.
      adoptUnshifted: db.prepare(`UPDATE orders SET shift_id = ? WHERE shift_id IS NULL
          AND order_id IN (SELECT order_id FROM order_events WHERE from_state IS NULL AND event_id > ?)`),
      insertZ: db.prepare(`INSERT INTO z_reports (z_number, shift_id, made_at_ms, report)
          VALUES ((SELECT COALESCE(MAX(z_number), 0) + 1 FROM z_reports), ?, ?, ?) RETURNING z_number`),
      zByNumber: db.prepare(`SELECT z.z_number, z.shift_id, z.made_at_ms, z.report,
          handout.first_at_ms AS handed_out_at_ms, handout.how AS handed_out_how
          FROM z_reports AS z LEFT JOIN z_report_handouts AS handout USING (z_number)
          WHERE z.z_number = ?`),
      // Only the first hand-out counts: from then on the report is final.
      handOut: db.prepare(
        'INSERT INTO z_report_handouts (z_number, first_at_ms, how) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
      ),
      throughBefore: db.prepare(`SELECT json_extract(report, '$.throughEventId') AS through
          FROM z_reports WHERE z_number < ? ORDER BY z_number DESC LIMIT 1`),
      zList: db.prepare(`SELECT z_number, shift_id, made_at_ms,
          handout.first_at_ms AS handed_out_at_ms, handout.how AS handed_out_how,
          json_extract(report, '$.serialNumber') AS serial_number,
          json_extract(report, '$.openedAtMs') AS opened_at_ms,
          json_extract(report, '$.closedAtMs') AS closed_at_ms,
          json_extract(report, '$.orders.count') AS order_count,
          json_extract(report, '$.byOutcome.paid.count') AS paid_count,
          json_extract(report, '$.continues.shiftId') AS continues_shift_id
          FROM z_reports LEFT JOIN z_report_handouts AS handout USING (z_number)
          ORDER BY z_number DESC`),
    };
  }

  openShift(): ShiftRow | null {
    const row = this.statements.openShift.get() as ShiftTableRow | undefined;
    return row ? shiftOf(row) : null;
  }

  shiftById(shiftId: number): ShiftRow | null {
    const row = this.statements.shiftById.get(shiftId) as ShiftTableRow | undefined;
    return row ? shiftOf(row) : null;
  }

  /** The shift with the highest number, open or closed; null before the first. */
  latestShift(): ShiftRow | null {
    const row = this.statements.latestShift.get() as ShiftTableRow | undefined;
    return row ? shiftOf(row) : null;
  }

  /** `reopens`: the closed shift this one continues and the manager who reopened it. */
  insertShift(
    openedAtMs: number,
    openedBy: string | null,
    serialNumber: string,
    reopens: { shiftId: number; by: string | null } | null = null,
  ): ShiftRow {
    const afterEventId = this.lastEventId();
    return shiftOf(
      this.statements.insertShift.get(
        openedAtMs,
        openedBy,
        serialNumber,
        afterEventId,
        reopens?.shiftId ?? null,
        reopens?.by ?? null,
      ) as ShiftTableRow,
    );
  }

  /** False when the shift was not open (closed already, or no such shift). */
  closeShift(shiftId: number, closedAtMs: number, closedBy: string | null): boolean {
    return this.statements.closeShift.run(closedAtMs, closedBy, shiftId).changes === 1;
  }

  /** The journal's newest order event (0: none yet). Event ids only grow: events are never deleted. */
  lastEventId(): number {
    return (this.statements.lastEventId.get() as { id: number }).id;
  }

  /** The orders a shift started; with `throughEventId`, each in its state after that event. */
  ordersOfShift(shiftId: number, throughEventId?: number): OrderRecord[] {
    const records = (this.statements.ordersOfShift.all(shiftId) as OrderRow[]).map(recordFromRow);
    if (throughEventId === undefined) return records;
    const states = new Map(
      (
        this.statements.statesThrough.all(shiftId, throughEventId) as {
          order_id: string;
          to_state: SaleState;
        }[]
      ).map((row) => [row.order_id, row.to_state]),
    );
    // An order with no event by the cut-off did not exist yet then.
    return records.flatMap((record) => {
      const state = states.get(record.orderId);
      return state === undefined ? [] : [{ ...record, state }];
    });
  }

  /** Orders of any other shift (or of none) that reached a paid state in events (afterId, throughId]. */
  paidBetween(afterEventId: number, throughEventId: number, shiftId: number): EarlierOrderPaid[] {
    const rows = this.statements.paidBetween.all(
      afterEventId,
      throughEventId,
      shiftId,
    ) as (OrderRow & {
      paid_at_ms: number;
      paid_state: SaleState;
    })[];
    return rows.map((row) => ({
      order: { ...recordFromRow(row), state: row.paid_state },
      paidAtMs: row.paid_at_ms,
    }));
  }

  /** Payments of other shifts (or of none) voided between the two events. */
  voidedBetween(
    afterEventId: number,
    throughEventId: number,
    shiftId: number,
  ): EarlierPaymentVoided[] {
    const rows = this.statements.voidedBetween.all(
      afterEventId,
      throughEventId,
      shiftId,
    ) as (OrderRow & {
      voided_at_ms: number;
    })[];
    return rows.map((row) => ({
      order: { ...recordFromRow(row), state: 'voided' },
      voidedAtMs: row.voided_at_ms,
    }));
  }

  /**
   * The payments received and the payments voided in events (afterId, throughId], of any
   * shift: each received order in the paid state it reached, each voided one as 'voided'.
   */
  movedBetween(
    afterEventId: number,
    throughEventId: number,
  ): { received: OrderRecord[]; voided: OrderRecord[] } {
    const received = this.statements.receivedBetween.all(
      afterEventId,
      throughEventId,
    ) as (OrderRow & {
      paid_state: SaleState;
    })[];
    const voided = this.statements.voidsBetween.all(afterEventId, throughEventId) as OrderRow[];
    return {
      received: received.map((row) => ({ ...recordFromRow(row), state: row.paid_state })),
      voided: voided.map((row) => ({ ...recordFromRow(row), state: 'voided' as const })),
    };
  }

  /**
   * Orders taken with no shift open after event `afterEventId` (the last Z report's cut-off)
   * join shift `shiftId`; how many did.
   */
  adoptUnshifted(shiftId: number, afterEventId: number): number {
    return Number(this.statements.adoptUnshifted.run(shiftId, afterEventId).changes);
  }

  insertZReport(shiftId: number, madeAtMs: number, report: string): number {
    return (this.statements.insertZ.get(shiftId, madeAtMs, report) as { z_number: number })
      .z_number;
  }

  zReport(zNumber: number): {
    zNumber: number;
    shiftId: number;
    madeAtMs: number;
    report: string;
    handedOut: ZHandOut | null;
  } | null {
    const row = this.statements.zByNumber.get(zNumber) as (ZTableRow & HandOutColumns) | undefined;
    return row
      ? {
          zNumber: row.z_number,
          shiftId: row.shift_id,
          madeAtMs: row.made_at_ms,
          report: row.report,
          handedOut: handOutOf(row),
        }
      : null;
  }

  /** Records that Z report `zNumber` left the till, unless it already had. */
  handOut(zNumber: number, how: ZHandOut['how'], atMs: number): void {
    this.statements.handOut.run(zNumber, atMs, how);
  }

  /** The cut-off of the Z report made before `zNumber` (any number past the last: the last one). */
  throughBefore(zNumber: number): number | null {
    const row = this.statements.throughBefore.get(zNumber) as { through: number } | undefined;
    return row ? row.through : null;
  }

  /** Newest first. */
  zReports(): ZReportSummary[] {
    return (
      this.statements.zList.all() as unknown as ({
        z_number: number;
        shift_id: number;
        made_at_ms: number;
        serial_number: string;
        opened_at_ms: number;
        closed_at_ms: number;
        order_count: number;
        paid_count: number;
        continues_shift_id: number | null;
      } & HandOutColumns)[]
    ).map((row) => ({
      zNumber: row.z_number,
      shiftId: row.shift_id,
      madeAtMs: row.made_at_ms,
      serialNumber: row.serial_number,
      openedAtMs: row.opened_at_ms,
      closedAtMs: row.closed_at_ms,
      orderCount: row.order_count,
      paidCount: row.paid_count,
      continuesShiftId: row.continues_shift_id,
      handedOut: handOutOf(row),
    }));
  }
}

interface HandOutColumns {
  handed_out_at_ms: number | null;
  handed_out_how: ZHandOut['how'] | null;
}

function handOutOf(row: HandOutColumns): ZHandOut | null {
  return row.handed_out_at_ms === null || row.handed_out_how === null
    ? null
    : { atMs: row.handed_out_at_ms, how: row.handed_out_how };
}

function shiftOf(row: ShiftTableRow): ShiftRow {
  return {
    shiftId: row.shift_id,
    serialNumber: row.serial_number,
    openedAtMs: row.opened_at_ms,
    openedBy: row.opened_by,
    closedAtMs: row.closed_at_ms,
    closedBy: row.closed_by,
    openedAfterEventId: row.opened_after_event_id,
    reopensShiftId: row.reopens_shift_id,
    reopenedBy: row.reopened_by,
  };
}
