import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaleSnapshot } from '../../../shared/sale/sale-snapshot';
import type { ShiftReport } from '../../../shared/shifts/shift-report-types';
import type { ZReportView } from '../../../shared/shifts/shift-views';
import { ManualClock } from '../../support/manual-clock';
import { startHarness, type Harness } from '../../support/harness/harness';
import { callThrough, ok } from './harness-call';
import { signInCashier } from './staff-till';

// Every sale belongs to a shift, through the real IPC dispatch with the sandbox over HTTP: where
// the till sells only in a shift, a sale with none open is refused before anything is sent;
// where it may sell without one, those sales join the next shift opened, whose report says so.
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
const call = callThrough(() => harness);
const usdt = { amount: '5', chainId: '1', asset: 'USDT' };
const sandboxOrders = () => harness!.services.connection.demoSandbox()!.orders();

async function sellPaid(): Promise<SaleSnapshot> {
  const sale = await ok<SaleSnapshot>(call('startQrSale', usdt));
  await ok(call('confirmPaidByCashier'));
  await ok(call('finishSale'));
  return sale;
}

describe('every sale belongs to a shift', () => {
  it('with staff PINs on, sells only while a shift is open, by default', async () => {
    harness = await startHarness({
      clock: new ManualClock(),
      settings: { staffPinsRequired: true },
    });
    await signInCashier(call);
    for (const name of ['startQrSale', 'startNfcSale'] as const) {
      const refused = await call(name, usdt);
      expect(refused.ok ? null : [refused.error.kind, refused.error.message], name).toEqual([
        'no-shift',
        'No shift is open: open a shift to sell. Every sale belongs to a shift.',
      ]);
    }
    expect(sandboxOrders()).toEqual([]);
    expect(harness.services.sale.current()).toBeNull();

    await ok(call('openShift'));
    const sale = await sellPaid();
    expect(harness.services.journal.get(sale.orderId)?.shiftId).toBe(1);
  });

  it('where IT says always, refuses a sale with no shift even with PINs off', async () => {
    harness = await startHarness({
      clock: new ManualClock(),
      settings: { shiftRequired: 'always' },
    });
    const refused = await call('startQrSale', usdt);
    expect(refused.ok ? null : refused.error.kind).toBe('no-shift');
    expect(sandboxOrders()).toEqual([]);
  });

  it('where the till may sell without a shift, the next shift opened takes those sales and says so', async () => {
    const clock = new ManualClock();
    harness = await startHarness({ clock });
    const first = await sellPaid();
    clock.advance(1_000);
    const second = await sellPaid();
    expect(harness.services.journal.get(first.orderId)?.shiftId).toBeNull();

    clock.advance(60_000);
    await ok(call('openShift'));
    const third = await sellPaid();
    const x = await ok<ShiftReport>(call('xReport'));
    expect(x.orders.count).toBe(3);
    expect(x.byOutcome.paid.count).toBe(3);
    expect(x.takenBeforeOpening?.map((line) => line.orderId)).toEqual([
      first.orderId,
      second.orderId,
    ]);
    expect(harness.services.journal.get(third.orderId)?.shiftId).toBe(1);
    const z = await ok<ZReportView>(call('closeShift', { acknowledgeUnresolved: false }));
    expect(z.report.takenBeforeOpening).toHaveLength(2);
    expect(z.report.takings?.received.count).toBe(3);
    const csv = await ok<{ fileName: string }>(call('exportZReportCsv', { zNumber: z.zNumber }));
    const text = readFileSync(join(harness.exportsDir, csv.fileName), 'utf8');
    expect(text.split('\n').filter((row) => row.startsWith('sold before opening,'))).toHaveLength(
      2,
    );
  });

  it('holds for a new link for an expired sale: a new order needs a shift and the amount entry', async () => {
    const clock = new ManualClock();
    harness = await startHarness({ clock, settings: { shiftRequired: 'always' } });
    await ok(call('openShift'));
    const sale = await ok<SaleSnapshot>(call('startQrSale', usdt));
    if (sale.expiry?.kind !== 'known') throw new Error('the sandbox link has a known expiry');
    clock.advance(sale.expiry.atMs - clock.now());
    expect(harness.services.sale.current()?.state).toBe('expired');
    await ok(call('closeShift', { acknowledgeUnresolved: true }));
    const refused = await call('newLinkForExpired');
    expect(refused.ok ? null : refused.error.kind).toBe('no-shift');
    await ok(call('openShift'));
    await ok(call('updateSettings', { patch: { amountEntry: 'money' } }));
    const typedInUnits = await call('newLinkForExpired');
    expect(typedInUnits.ok ? null : typedInUnits.error.message).toBe(
      'This till takes prices in USD: type the price in USD.',
    );
    expect(sandboxOrders()).toHaveLength(1);
  });

  it('refuses a sale whose shift was closed while it was starting: no order without a shift', async () => {
    const clock = new ManualClock();
    harness = await startHarness({ clock, settings: { shiftRequired: 'always' } });
    await ok(call('openShift'));
    // The chain list is slow to come: the sale is still starting when the shift closes.
    const sandbox = harness.services.connection.demoSandbox()!;
    sandbox.setFaults([{ endpoint: 'chain', latencyMs: 5_000, times: 1 }]);
    const asked = sandbox.requests().length;
    const starting = call('startQrSale', usdt);
    await expect.poll(() => sandbox.requests().length, { interval: 5 }).toBeGreaterThan(asked);
    await ok(call('closeShift', { acknowledgeUnresolved: false }));
    clock.advance(5_000);
    const refused = await starting;
    expect(refused.ok ? null : refused.error.kind).toBe('no-shift');
    expect(sandboxOrders()).toEqual([]);
    expect(harness.services.sale.current()).toBeNull();
  });
});
