import { afterEach, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../shared/history/order-detail';
import type { OrderList } from '../../../shared/history/order-list';
import type { PeriodReport } from '../../../shared/reports/report-types';
import type { ShiftReport } from '../../../shared/shifts/shift-report-types';
import { ManualClock } from '../../support/manual-clock';
import { startHarness, type Harness } from '../../support/harness/harness';
import { callThrough, ok } from './harness-call';
import { approveAct, signInCashier } from './staff-till';

// The history a manager uses, through the contract as the pages call it, on the harness's real
// services (a real SQLite journal, the sandbox over HTTP): a range of days with filters, one
// order in detail, and a manager voiding a payment, after which the day report and the X report
// no longer count its money and list the void, while the journal keeps the order and its events.
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
const call = callThrough(() => harness);
const DAY = 24 * 60 * 60 * 1000;

async function tillWithCashier(clock: ManualClock) {
  harness = await startHarness({
    clock,
    settings: { staffPinsRequired: true, reportTimeZone: 'UTC', autoLockMinutes: 0 },
  });
  const staff = await signInCashier(call);
  await harness.services.rates.ready();
  // With PINs on, the till sells only in an open shift.
  await ok(call('openShift'));
  return staff;
}

/** A QR sale of `amount` USDT on chain 1, paid or cancelled, and back to a new sale. */
async function qrSale(amount: string, end: 'paid' | 'cancelled', finish = true) {
  const sale = await ok<{ orderId: string; reference: string }>(
    call('startQrSale', { amount, chainId: '1', asset: 'USDT' }),
  );
  await ok(call(end === 'paid' ? 'confirmPaidByCashier' : 'cancelSale'));
  if (finish) await ok(call('finishSale'));
  return sale;
}

describe('history, order detail and voids through the contract', () => {
  it('lists a range of days with filters, bounded, and keeps the search by reference', async () => {
    const clock = new ManualClock();
    const { cashierId } = await tillWithCashier(clock);
    const paid = await qrSale('10', 'paid');
    clock.advance(1_000);
    const cancelled = await qrSale('2.5', 'cancelled');
    clock.advance(DAY);
    const nextDay = await qrSale('4', 'paid');

    const list = (args: object) => ok<OrderList>(call('listOrders', args));
    const both = await list({ fromDate: '2026-11-22', toDate: '2026-11-23' });
    expect(both.orders.map((order) => order.reference)).toEqual([
      nextDay.reference,
      cancelled.reference,
      paid.reference,
    ]);
    expect(both).toMatchObject({ truncated: false, limit: 1000 });
    const second = await list({ fromDate: '2026-11-23', toDate: '2026-11-23' });
    expect(second.orders.map((order) => order.reference)).toEqual([nextDay.reference]);

    const filtered = (filter: object) =>
      list({ fromDate: '2026-11-22', toDate: '2026-11-23', filter }).then((result) =>
        result.orders.map((order) => order.reference),
      );
    expect(await filtered({ outcome: 'paid' })).toEqual([nextDay.reference, paid.reference]);
    expect(await filtered({ outcome: 'cancelled' })).toEqual([cancelled.reference]);
    expect(await filtered({ way: 'nfc' })).toEqual([]);
    expect(await filtered({ way: 'qr', cashierId })).toHaveLength(3);
    expect(await filtered({ cashierId: null })).toEqual([]);
    expect(await filtered({ asset: { chainId: '1', asset: 'USDT' } })).toHaveLength(3);
    expect(await filtered({ asset: { chainId: '1', asset: 'ETH' } })).toEqual([]);

    // The range is bounded: a year and a day is refused in words; a year is fine.
    const tooLong = await call('listOrders', { fromDate: '2025-11-22', toDate: '2026-11-23' });
    expect(tooLong.ok ? null : tooLong.error).toMatchObject({ kind: 'period-too-long' });
    const report = await call('report', { fromDate: '2025-11-22', toDate: '2026-11-23' });
    expect(report.ok ? null : report.error.kind).toBe('period-too-long');
    await ok(call('listOrders', { fromDate: '2025-11-23', toDate: '2026-11-22' }));
    // A filter the contract does not know is refused before any handler runs.
    const odd = await call('listOrders', {
      fromDate: '2026-11-22',
      toDate: '2026-11-22',
      filter: { outcome: 'lost' },
    });
    expect(odd.ok ? null : odd.error.kind).toBe('invalid-argument');

    const found = await ok<{ reference: string }[]>(
      call('searchOrders', { query: cancelled.reference.toLowerCase() }),
    );
    expect(found.map((order) => order.reference)).toEqual([cancelled.reference]);
  });

  it('shows one order with every event, who acted, its pricing and link', async () => {
    const clock = new ManualClock();
    const { cashierId } = await tillWithCashier(clock);
    const paid = await qrSale('10', 'paid');
    const detail = await ok<OrderDetail>(call('orderDetail', { orderId: paid.orderId }));
    expect(detail.summary).toMatchObject({
      reference: paid.reference,
      state: 'paid-confirmed-by-cashier',
      cashierName: 'Cas',
    });
    expect(detail).toMatchObject({ shiftId: 1, timeZone: 'UTC', voiding: 'allowed' });
    expect(detail.link?.qrUrl).toMatch(/^https?:\/\//);
    expect(detail.link?.expiresAtMs).toBeGreaterThan(clock.now());
    expect(detail.events.map((event) => [event.fromState, event.toState, event.actor])).toEqual([
      [null, 'requesting', { kind: 'staff', staffId: cashierId, name: 'Cas' }],
      ['requesting', 'awaiting-payment', { kind: 'service' }],
      [
        'awaiting-payment',
        'paid-confirmed-by-cashier',
        { kind: 'staff', staffId: cashierId, name: 'Cas' },
      ],
    ]);
    const missing = await call('orderDetail', { orderId: '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' });
    expect(missing.ok ? null : missing.error.kind).toBe('no-order');
    const notAnId = await call('orderDetail', { orderId: 'K7M-Q4X' });
    expect(notAnId.ok ? null : notAnId.error.kind).toBe('invalid-argument');
  });

  it("voids a payment with a manager's approval: reports stop counting it and list the void", async () => {
    const clock = new ManualClock();
    const { managerId, cashierId } = await tillWithCashier(clock);
    const kept = await qrSale('3', 'paid');
    const paid = await qrSale('10', 'paid');
    const reason = 'Keyed twice; customer refunded in cash';
    const day = { fromDate: '2026-11-22', toDate: '2026-11-22' };
    const before = await ok<PeriodReport>(call('report', day));
    expect(before.byChainAsset[0]).toMatchObject({ takenCount: 2, takenAmount: '13' });

    // A cashier alone is refused; a sale still on screen is refused in words, even approved.
    const refused = await call('voidPaidOrder', { orderId: paid.orderId, reason });
    expect(refused.ok ? null : refused.error).toMatchObject({
      kind: 'needs-manager',
      detail: { action: 'void-paid' },
    });
    const onScreen = await qrSale('7', 'paid', false);
    const approveVoid = (orderId: string) =>
      ok(approveAct(call, managerId, 'voidPaidOrder', { orderId, reason }));
    await approveVoid(onScreen.orderId);
    const busy = await call('voidPaidOrder', { orderId: onScreen.orderId, reason });
    expect(busy.ok ? null : busy.error.kind).toBe('sale-on-screen');
    expect(
      (await ok<OrderDetail>(call('orderDetail', { orderId: onScreen.orderId }))).voiding,
    ).toBe('on-screen');
    await ok(call('finishSale'));
    // An order that was never paid has nothing to void.
    const unpaid = await qrSale('1', 'cancelled');
    await approveVoid(unpaid.orderId);
    const nothing = await call('voidPaidOrder', { orderId: unpaid.orderId, reason });
    expect(nothing.ok ? null : nothing.error.kind).toBe('not-allowed');

    await approveVoid(paid.orderId);
    const voided = await ok<OrderDetail>(call('voidPaidOrder', { orderId: paid.orderId, reason }));
    expect(voided.summary.state).toBe('voided');
    expect(voided.voiding).toBe('not-paid');
    expect(voided.events.at(-1)).toMatchObject({
      fromState: 'paid-confirmed-by-cashier',
      toState: 'voided',
      actor: { kind: 'staff', staffId: managerId, name: 'Mia' },
      requestedBy: { staffId: cashierId, name: 'Cas' },
      action: 'void-paid',
      note: reason,
    });
    // Once only: the approval was used, and a voided order has nothing left to void.
    const again = await call('voidPaidOrder', { orderId: paid.orderId, reason });
    expect(again.ok ? null : again.error.kind).toBe('needs-manager');

    const after = await ok<PeriodReport>(call('report', day));
    expect(after.byChainAsset[0]).toMatchObject({ takenCount: 2, takenAmount: '10' });
    expect(after.byState).toContainEqual({ state: 'voided', count: 1 });
    expect(after.voidedPayments).toEqual([
      expect.objectContaining({
        reference: paid.reference,
        paidState: 'paid-confirmed-by-cashier',
        amount: '10',
        asset: 'USDT',
        voidedBy: { staffId: managerId, name: 'Mia' },
        reason,
        voidedAtMs: clock.now(),
      }),
    ]);
    const x = await ok<ShiftReport>(call('xReport'));
    expect(x.byOutcome.paid.count).toBe(2);
    expect(x.byOutcome.paid.byAsset[0]).toMatchObject({ amount: '10' });
    expect(x.voided.map((line) => line.reference)).toEqual([paid.reference]);

    // Never deleted: the order and every event are still in the journal.
    const journal = harness!.services.journal;
    expect(journal.get(paid.orderId)?.state).toBe('voided');
    expect(journal.events(paid.orderId).map((event) => event.toState)).toEqual([
      'requesting',
      'awaiting-payment',
      'paid-confirmed-by-cashier',
      'voided',
    ]);
    expect(journal.get(kept.orderId)?.state).toBe('paid-confirmed-by-cashier');
    const audit = harness!.services.staff.auditEvents();
    expect(audit.filter((event) => event.action === 'void-paid')).toEqual([
      expect.objectContaining({
        actorId: cashierId,
        approverId: managerId,
        target: paid.orderId,
        detail: { reference: paid.reference, reason },
      }),
    ]);
    // Each approval audited with how its act ended: the two refused acts kept theirs.
    expect(
      audit
        .filter((event) => event.action === 'manager-override' && event.target === 'voidPaidOrder')
        .map((event) => [event.detail.object, event.detail.outcome]),
    ).toEqual([
      [{ orderId: onScreen.orderId, reason }, 'failed'],
      [{ orderId: unpaid.orderId, reason }, 'failed'],
      [{ orderId: paid.orderId, reason }, 'done'],
    ]);
  });

  it('lets a manager signed in void a payment with no approval, named as the one who voided', async () => {
    const clock = new ManualClock();
    const { managerId } = await tillWithCashier(clock);
    const paid = await qrSale('10', 'paid');
    await ok(call('signOut'));
    await ok(call('signIn', { staffId: managerId, pin: '1234' }));
    const voided = await ok<OrderDetail>(
      call('voidPaidOrder', { orderId: paid.orderId, reason: 'Wrong asset chosen' }),
    );
    expect(voided.events.at(-1)).toMatchObject({
      toState: 'voided',
      actor: { kind: 'staff', staffId: managerId, name: 'Mia' },
      requestedBy: null,
    });
  });
});
