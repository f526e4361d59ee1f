import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../electron/logging/logger';
import { ShiftRefusal, type ShiftRefusalCode } from '../../../electron/shifts/shift-errors';
import { ShiftService } from '../../../electron/shifts/shift-service';
import { ShiftStore } from '../../../electron/shifts/shift-store';
import { ManualClock } from '../../support/manual-clock';
import { euroPricing } from '../../support/pricing-fixtures';
import { tempJournal, type TempJournal } from '../../support/sale-fixtures';
import { move, sell } from './shift-sales';

function refusal(work: () => unknown): ShiftRefusalCode {
  try {
    work();
  } catch (error) {
    if (error instanceof ShiftRefusal) return error.code;
    throw error;
  }
  throw new Error('not refused');
}

describe('shifts and Z reports on a real journal', () => {
  let clock: ManualClock;
  let temp: TempJournal;
  let shifts: ShiftService;
  const names = new Map([
    ['staff-1', 'Mia'],
    ['staff-2', 'Cal'],
  ]);

  beforeEach(() => {
    clock = new ManualClock();
    temp = tempJournal(clock, 'shifts-');
    shifts = new ShiftService({
      db: temp.journal.db,
      clock,
      serialNumber: () => 'POS-0001',
      staffName: (id) => (id === null ? null : (names.get(id) ?? null)),
      logger: silentLogger,
    });
  });
  afterEach(() => temp.cleanup());

  const journal = () => temp.journal;
  const sql = (text: string) => () => temp.journal.db.exec(text);

  it('numbers shifts and Z reports 1, 2, 3, one shift open at a time', () => {
    expect(shifts.current()).toBeNull();
    expect(shifts.openShiftId()).toBeNull();
    for (const n of [1, 2, 3]) {
      const opened = shifts.open('staff-1');
      expect(opened).toMatchObject({
        shiftId: n,
        serialNumber: 'POS-0001',
        openedBy: { staffId: 'staff-1', name: 'Mia' },
        closedAtMs: null,
        closedBy: null,
      });
      expect(refusal(() => shifts.open('staff-2'))).toBe('shift-open');
      expect(shifts.openShiftId()).toBe(n);
      clock.advance(60_000);
      const z = shifts.close('staff-2', false);
      expect([z.zNumber, z.shiftId, z.madeAtMs]).toEqual([n, n, clock.now()]);
      expect(z.report.closedBy).toEqual({ staffId: 'staff-2', name: 'Cal' });
      expect(shifts.current()).toBeNull();
    }
    expect(shifts.zReports().map((z) => [z.zNumber, z.shiftId])).toEqual([
      [3, 3],
      [2, 2],
      [1, 1],
    ]);
    expect(refusal(() => shifts.close(null, true))).toBe('no-shift');
    expect(refusal(() => shifts.xReport())).toBe('no-shift');
    expect(refusal(() => shifts.zReportCsv(4))).toBe('no-report');
    expect(shifts.zReport(4)).toBeNull();
  });

  it('the database itself keeps one shift open, Z reports unchanged and in sequence', () => {
    shifts.open(null);
    expect(sql("INSERT INTO shifts (opened_at_ms, serial_number) VALUES (1, 'x')")).toThrow(
      /UNIQUE/,
    );
    // A Z report only for a closed shift, with the next number.
    expect(sql("INSERT INTO z_reports VALUES (1, 1, 1, '{}')")).toThrow(/next number/);
    shifts.close(null, false);
    shifts.open(null);
    shifts.close(null, false);
    expect(sql("UPDATE z_reports SET report = '{}' WHERE z_number = 1")).toThrow(/append-only/);
    expect(sql('DELETE FROM z_reports WHERE z_number = 2')).toThrow(/append-only/);
    expect(sql('UPDATE shifts SET closed_by = NULL WHERE shift_id = 1')).toThrow(/closed/);
    expect(sql('DELETE FROM shifts')).toThrow(/kept/);
    shifts.open(null);
    expect(sql("INSERT INTO z_reports VALUES (5, 3, 1, '{}')")).toThrow(/next number/);
    expect(shifts.zReports().map((z) => z.zNumber)).toEqual([2, 1]);
  });

  it('reopens only the latest closed shift, as a new shift that continues it; the Z report stays', () => {
    expect(refusal(() => shifts.reopen(1, 'staff-2', 'staff-1'))).toBe('not-latest');
    shifts.open('staff-2');
    let shiftId = shifts.openShiftId();
    sell(journal(), clock, { to: 'paid-confirmed-by-cashier', shiftId, cashierId: 'staff-2' });
    expect(refusal(() => shifts.reopen(1, 'staff-2', 'staff-1'))).toBe('shift-open');
    shifts.close('staff-2', false);
    const storedZ1 = temp.journal.db.prepare('SELECT * FROM z_reports WHERE z_number = 1').get();
    const shift1 = temp.journal.db.prepare('SELECT * FROM shifts WHERE shift_id = 1').get();

    clock.advance(60_000);
    const reopened = shifts.reopen(1, 'staff-2', 'staff-1');
    expect(reopened).toMatchObject({
      shiftId: 2,
      openedBy: { staffId: 'staff-2', name: 'Cal' },
      closedAtMs: null,
      continues: { shiftId: 1, reopenedBy: { staffId: 'staff-1', name: 'Mia' } },
    });
    expect(shifts.current()).toEqual(reopened);
    shiftId = shifts.openShiftId();
    expect(shiftId).toBe(2);
    sell(journal(), clock, { to: 'paid-confirmed-by-cashier', shiftId, cashierId: 'staff-2' });
    expect(shifts.xReport()).toMatchObject({
      shiftId: 2,
      continues: { shiftId: 1, reopenedBy: { name: 'Mia' } },
      orders: { count: 1 },
    });
    const z2 = shifts.close('staff-1', false);
    expect(z2).toMatchObject({ zNumber: 2, shiftId: 2, report: { continues: { shiftId: 1 } } });
    expect(shifts.zReports().map((z) => [z.zNumber, z.continuesShiftId])).toEqual([
      [2, 1],
      [1, null],
    ]);
    expect(shifts.recompute(2)).toEqual(z2.report);
    const csvRows = parse(shifts.zReportCsv(2), { columns: true }) as Record<string, string>[];
    expect(
      csvRows.filter((row) => row.section === 'shift').map((row) => [row.name, row.value]),
    ).toEqual(
      expect.arrayContaining([
        ['continues_shift_id', '1'],
        ['reopened_by', 'Mia'],
      ]),
    );
    // Shift 1 and its Z report, byte for byte as they were; only shift 2 may be reopened now.
    expect(temp.journal.db.prepare('SELECT * FROM z_reports WHERE z_number = 1').get()).toEqual(
      storedZ1,
    );
    expect(temp.journal.db.prepare('SELECT * FROM shifts WHERE shift_id = 1').get()).toEqual(
      shift1,
    );
    expect(refusal(() => shifts.reopen(1, null, null))).toBe('not-latest');
    // The database refuses the same, whatever the code does.
    expect(
      sql("INSERT INTO shifts (opened_at_ms, serial_number, reopens_shift_id) VALUES (1, 'x', 1)"),
    ).toThrow(/latest/);
    shifts.reopen(2, null, null);
    expect(sql('UPDATE shifts SET reopens_shift_id = NULL WHERE shift_id = 3')).toThrow(/fixed/);
  });

  it('orders carry their shift, a sale made with none joins the next; the X report counts the open shift so far, the Z report the whole', () => {
    const before = sell(journal(), clock, { to: 'paid-confirmed-by-cashier', shiftId: null });
    shifts.open('staff-1');
    const shiftId = shifts.openShiftId();
    sell(journal(), clock, { to: 'paid-confirmed-by-cashier', shiftId, cashierId: 'staff-2' });
    const euro = sell(journal(), clock, {
      kind: 'nfc',
      to: 'accepted-by-service',
      shiftId,
      pricing: euroPricing(),
      amount: '15.625',
      fee: '0.375',
    });
    expect(journal().get(euro.orderId)?.shiftId).toBe(1);
    // Sold while no shift was open: the shift took it in when it opened, and says so.
    expect(journal().get(before.orderId)?.shiftId).toBe(1);

    const x = shifts.xReport();
    expect(x.closedAtMs).toBeNull();
    expect(x.orders.count).toBe(3);
    expect(x.takenBeforeOpening?.map((line) => line.orderId)).toEqual([before.orderId]);
    expect(x.byOutcome.paid.byAsset).toEqual([
      expect.objectContaining({ asset: 'USDT', count: 3, amount: '40.625', fee: '0.875' }),
    ]);
    expect(x.byOutcome.paid.byCurrency).toEqual([
      { currency: 'EUR', count: 1, amount: '12.5', fee: '0.3', total: '12.8' },
    ]);
    expect(x.byCashier.map((slice) => [slice.cashier.name, slice.count])).toEqual([
      ['Cal', 1],
      ['Unknown', 2],
    ]);

    sell(journal(), clock, { to: 'cancelled', shiftId });
    const z = shifts.close('staff-1', false);
    expect(z.report.orders.count).toBe(4);
    expect(z.report.byOutcome.cancelled.count).toBe(1);
    expect(z.report).toEqual(shifts.zReport(1)?.report);
  });

  it('takes in only sales made with no shift since the last Z report: what a Z counted stays put', () => {
    // A journal from before the rule: a sale with no shift, then a shift opened without taking
    // it in, closed with its Z report (whose takings count the sale).
    const old = sell(journal(), clock, { to: 'paid-confirmed-by-cashier', shiftId: null });
    new ShiftStore(journal().db).insertShift(clock.now(), null, 'POS-0001');
    const z1 = shifts.close(null, false);
    expect(z1.report.takings?.received.count).toBe(1);
    const since = sell(journal(), clock, { to: 'paid-confirmed-by-cashier', shiftId: null });

    shifts.open(null);
    expect(journal().get(old.orderId)?.shiftId).toBeNull();
    expect(journal().get(since.orderId)?.shiftId).toBe(2);
    expect(shifts.xReport().takenBeforeOpening?.map((line) => line.orderId)).toEqual([
      since.orderId,
    ]);
    expect(shifts.recompute(1)).toEqual(z1.report);
  });

  it('unfinished sales block the close until they are finished or acknowledged', () => {
    shifts.open(null);
    const shiftId = shifts.openShiftId();
    sell(journal(), clock, { to: 'paid-confirmed-by-cashier', shiftId });
    const doubtful = sell(journal(), clock, { to: 'outcome-unknown', shiftId });
    const waiting = sell(journal(), clock, { to: 'awaiting-payment', shiftId });
    expect(shifts.unresolved().map((order) => order.orderId)).toEqual([
      doubtful.orderId,
      waiting.orderId,
    ]);
    expect(refusal(() => shifts.close(null, false))).toBe('unresolved');
    expect(shifts.current()?.shiftId).toBe(1);
    expect(shifts.zReports()).toEqual([]);

    move(journal(), clock, doubtful, 'voided', 'cashier');
    expect(refusal(() => shifts.close(null, false))).toBe('unresolved');
    const z = shifts.close(null, true);
    expect(z.report.unresolved.map((line) => [line.orderId, line.state])).toEqual([
      [waiting.orderId, 'awaiting-payment'],
    ]);
    expect(z.report.voided.map((line) => line.orderId)).toEqual([doubtful.orderId]);
    expect(shifts.unresolved()).toEqual([]);
  });

  it('a Z report made again from the journal is the stored one, whatever happened since', () => {
    shifts.open('staff-1');
    let shiftId = shifts.openShiftId();
    sell(journal(), clock, { to: 'paid-after-all', shiftId, cashierId: 'staff-2' });
    const expiresLater = sell(journal(), clock, { to: 'awaiting-payment', shiftId });
    const expired = sell(journal(), clock, { to: 'expired', shiftId, pricing: euroPricing() });
    sell(journal(), clock, { to: 'voided', shiftId });
    const z1 = shifts.close('staff-1', true);
    expect(shifts.recompute(1)).toEqual(z1.report);

    // After the close: the open link expires, the expired one is paid after all, a staff
    // member is renamed. None of it changes Z 1; the payment shows in shift 2.
    const expiredAfterClose = move(journal(), clock, expiresLater, 'expired', 'expiry');
    shifts.open('staff-2');
    shiftId = shifts.openShiftId();
    const late = move(journal(), clock, expired, 'paid-after-all', 'cashier');
    sell(journal(), clock, { to: 'cancelled', shiftId });
    names.set('staff-2', 'Calvin');
    expect(shifts.recompute(1)).toEqual(z1.report);
    expect(shifts.zReport(1)?.report).toEqual(z1.report);

    const x = shifts.xReport();
    expect(x.orders.count).toBe(1);
    expect(x.byOutcome.paid.count).toBe(0);
    expect(x.earlierOrdersPaid).toEqual([
      expect.objectContaining({
        orderId: late.orderId,
        shiftId: 1,
        state: 'paid-after-all',
        paidAtMs: late.updatedAtMs,
      }),
    ]);
    const z2 = shifts.close('staff-2', false);
    expect(shifts.recompute(2)).toEqual(z2.report);
    expect(expiredAfterClose.state).toBe('expired');
    names.delete('staff-1');
    expect(shifts.recompute(1)).toEqual(z1.report);
    expect(shifts.recompute(2)).toEqual(z2.report);
  });

  it("lists a payment of a closed shift voided in the open one, and leaves that shift's Z report as it was", () => {
    names.set('staff-1', 'Mia');
    shifts.open('staff-1');
    const paid = sell(journal(), clock, {
      to: 'paid-confirmed-by-cashier',
      shiftId: shifts.openShiftId(),
      cashierId: 'staff-1',
    });
    const z1 = shifts.close('staff-1', false);
    expect(z1.report.byOutcome.paid.count).toBe(1);

    shifts.open('staff-2');
    clock.advance(60_000);
    const voided = move(journal(), clock, paid, 'voided', 'cashier');
    // A failed order voided was never money taken: it is no payment voided.
    sell(journal(), clock, { to: 'voided', shiftId: null });

    const x = shifts.xReport();
    expect(x.orders.count).toBe(0);
    expect(x.earlierPaymentsVoided).toEqual([
      expect.objectContaining({
        orderId: paid.orderId,
        shiftId: 1,
        state: 'voided',
        voidedAtMs: voided.updatedAtMs,
        cashier: { staffId: 'staff-1', name: 'Mia' },
      }),
    ]);
    expect(shifts.recompute(1)).toEqual(z1.report);
    const z2 = shifts.close('staff-2', false);
    expect(z2.report.earlierPaymentsVoided).toHaveLength(1);
    expect(shifts.recompute(2)).toEqual(z2.report);
    const csv = parse(shifts.zReportCsv(2), { columns: true }) as Record<string, string>[];
    expect(csv.filter((row) => row.section === 'earlier payment voided')).toHaveLength(1);
  });

  it('exports a Z report as CSV', () => {
    names.set('staff-3', '=HYPERLINK("x")');
    shifts.open('staff-3');
    const shiftId = shifts.openShiftId();
    sell(journal(), clock, { to: 'paid-confirmed-by-cashier', shiftId, pricing: euroPricing() });
    sell(journal(), clock, { to: 'voided', shiftId, cashierId: 'staff-3' });
    shifts.close('staff-1', false);
    const rows = parse(shifts.zReportCsv(1), { columns: true }) as Record<string, string>[];
    const find = (section: string, name: string, part: string) =>
      rows.filter((row) => row.section === section && row.name === name && row.part === part);
    expect(find('shift', 'z_number', '')[0]?.value).toBe('1');
    expect(find('shift', 'opened_by', '')[0]?.value).toBe(`'=HYPERLINK("x")`);
    expect(find('outcome', 'paid', 'all by currency')).toEqual([
      expect.objectContaining({ currency: 'EUR', count: '1', amount: '12.5', total: '12.8' }),
    ]);
    expect(find('orders', 'all', 'all by asset')).toEqual([
      expect.objectContaining({ asset: 'USDT', count: '2', amount: '25', fee: '0.5' }),
    ]);
    expect(rows.filter((row) => row.section === 'voided')).toEqual([
      expect.objectContaining({ state: 'voided', cashier: `'=HYPERLINK("x")` }),
    ]);
  });
});
