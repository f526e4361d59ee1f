import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShiftReport } from '../../../shared/shifts/shift-report-types';
import type { ShiftView, ZReportSummary, ZReportView } from '../../../shared/shifts/shift-views';
import { PRINT_JOB_TIMEOUT_MS } from '../../../electron/printing/receipt-printing';
import { ManualClock } from '../../support/manual-clock';
import { startHarness, type Harness } from '../../support/harness/harness';
import { callThrough, ok } from './harness-call';
import { approveAct, signInCashier } from './staff-till';

// Reopening a closed shift through the contract, with staff PINs on: a manager's act. The
// services are the harness's real ones (real SQLite journal, the sandbox over HTTP).
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
const call = callThrough(() => harness);

async function kindOf(pending: ReturnType<typeof call>): Promise<string | null> {
  const result = await pending;
  return result.ok ? null : result.error.kind;
}

describe('reopening a shift through the contract', () => {
  it('refuses a cashier, lets a manager continue the last closed shift, and leaves its Z report as it was', async () => {
    const events: [string, unknown][] = [];
    harness = await startHarness({
      clock: new ManualClock(),
      settings: { staffPinsRequired: true },
      onEvent: (name, payload) => events.push([name, payload]),
    });
    await harness.services.rates.ready();
    const { managerId, cashierId } = await signInCashier(call);

    await ok<ShiftView>(call('openShift'));
    await ok(call('startQrSale', { amount: '5', chainId: '1', asset: 'USDT' }));
    await ok(call('confirmPaidByCashier'));
    await ok(call('finishSale'));
    const z1 = await ok<ZReportView>(call('closeShift', { acknowledgeUnresolved: false }));
    // The row as stored, read through a connection of its own to the journal file.
    const storedZ1 = () => {
      const db = new DatabaseSync(join(harness!.dataDir, 'journal.sqlite'), { readOnly: true });
      try {
        return db.prepare('SELECT * FROM z_reports WHERE z_number = 1').get();
      } finally {
        db.close();
      }
    };
    const z1Row = storedZ1();

    // A cashier alone is refused, naming the act, so the page can ask for a manager's PIN.
    const refused = await call('reopenShift', { shiftId: 1 });
    expect(refused.ok ? null : [refused.error.kind, refused.error.detail?.action]).toEqual([
      'needs-manager',
      'reopen-shift',
    ]);
    expect(await ok(call('currentShift'))).toBeNull();

    // The manager's PIN in place approves it once.
    await ok(approveAct(call, managerId, 'reopenShift', { shiftId: 1 }));
    const reopened = await ok<ShiftView>(call('reopenShift', { shiftId: 1 }));
    expect(reopened).toMatchObject({
      shiftId: 2,
      openedBy: { staffId: cashierId, name: 'Cas' },
      closedAtMs: null,
      continues: { shiftId: 1, reopenedBy: { staffId: managerId, name: 'Mia' } },
    });
    expect(events.filter(([name]) => name === 'shift-changed').at(-1)?.[1]).toEqual(reopened);
    const audited = harness.services.staff
      .auditEvents()
      .filter((event) => event.action === 'shift-reopened');
    expect(audited).toEqual([
      expect.objectContaining({
        actorId: cashierId,
        approverId: managerId,
        target: '1',
        detail: { continuedBy: 2 },
      }),
    ]);

    // The new shift takes the sales and reports what it continues; its Z report is number 2.
    await ok(call('startQrSale', { amount: '7', chainId: '1', asset: 'USDT' }));
    await ok(call('confirmPaidByCashier'));
    await ok(call('finishSale'));
    const x = await ok<ShiftReport>(call('xReport'));
    expect(x).toMatchObject({
      shiftId: 2,
      continues: { shiftId: 1, reopenedBy: { name: 'Mia' } },
      orders: { count: 1 },
    });
    const z2 = await ok<ZReportView>(call('closeShift', { acknowledgeUnresolved: false }));
    expect(z2).toMatchObject({ zNumber: 2, shiftId: 2, report: { continues: { shiftId: 1 } } });
    const listed = await ok<ZReportSummary[]>(call('listZReports'));
    expect(listed.map((summary) => [summary.zNumber, summary.continuesShiftId])).toEqual([
      [2, 1],
      [1, null],
    ]);

    // Z report 1, byte for byte as it was made.
    expect(storedZ1()).toEqual(z1Row);
    expect(await ok(call('zReport', { zNumber: 1 }))).toEqual(z1);

    // The approval was used once; a manager signed in reopens without asking anyone.
    expect(await kindOf(call('reopenShift', { shiftId: 2 }))).toBe('needs-manager');
    await ok(call('signOut'));
    await ok(call('signIn', { staffId: managerId, pin: '1234' }));
    // Only the latest closed shift.
    expect(await kindOf(call('reopenShift', { shiftId: 1 }))).toBe('not-latest');
    const third = await ok<ShiftView>(call('reopenShift', { shiftId: 2 }));
    expect(third.continues).toEqual({
      shiftId: 2,
      reopenedBy: { staffId: managerId, name: 'Mia' },
    });
    // Not while a shift is open.
    expect(await kindOf(call('reopenShift', { shiftId: 2 }))).toBe('shift-open');
  });

  it('keeps a Z report final once it left the till: printed, saved as PDF or as CSV', async () => {
    const clock = new ManualClock();
    harness = await startHarness({ clock });
    const closeOne = async () => {
      await ok<ShiftView>(call('openShift'));
      return ok<ZReportView>(call('closeShift', { acknowledgeUnresolved: false }));
    };
    const z1 = await closeOne();
    expect(z1.handedOut).toBeNull();
    // Still on the till: a manager may continue it (PINs off here: the till is a manager).
    await ok(call('reopenShift', { shiftId: 1 }));
    const z2 = await ok<ZReportView>(call('closeShift', { acknowledgeUnresolved: false }));

    const exported = await ok<{ saved: boolean }>(
      call('exportZReportCsv', { zNumber: z2.zNumber }),
    );
    expect(exported.saved).toBe(true);
    const handedOut = { atMs: clock.now(), how: 'csv' };
    expect(await ok(call('zReport', { zNumber: z2.zNumber }))).toMatchObject({ handedOut });
    expect(
      (await ok<ZReportSummary[]>(call('listZReports'))).map((summary) => summary.handedOut),
    ).toEqual([handedOut, null]);
    const refused = await call('reopenShift', { shiftId: z2.shiftId });
    expect(refused.ok ? null : [refused.error.kind, refused.error.message]).toEqual([
      'final',
      'Z report 2 was saved as CSV, so it is final and shift 2 stays closed. Record corrections in a new shift.',
    ]);
    expect(await ok(call('currentShift'))).toBeNull();
    // A second hand-out keeps the first: saved as CSV, whatever came after.
    clock.advance(60_000);
    await ok(call('exportZReportCsv', { zNumber: z2.zNumber }));
    expect(await ok(call('zReport', { zNumber: z2.zNumber }))).toMatchObject({ handedOut });
  });

  it('does not reopen a shift while its Z report is being printed: it may be final any moment', async () => {
    const clock = new ManualClock();
    harness = await startHarness({ clock, settings: { receiptPrinter: { kind: 'os' } } });
    await ok<ShiftView>(call('openShift'));
    const z = await ok<ZReportView>(call('closeShift', { acknowledgeUnresolved: false }));
    harness.printing.hangNext();
    const printing = call('printShiftReport', { zNumber: z.zNumber });
    await new Promise((settle) => setImmediate(settle));
    const refused = await call('reopenShift', { shiftId: z.shiftId });
    expect(refused.ok ? null : [refused.error.kind, refused.error.message]).toEqual([
      'final',
      'Z report 1 is being printed or saved right now: once it is, it is final and shift 1 stays closed.',
    ]);
    expect(await ok(call('currentShift'))).toBeNull();
    // The print ends unknown (never confirmed): the report is final from then on.
    clock.advance(PRINT_JOB_TIMEOUT_MS);
    expect(await printing).toMatchObject({ ok: true, value: { state: 'unknown' } });
    expect(await kindOf(call('reopenShift', { shiftId: z.shiftId }))).toBe('final');
  });
});
