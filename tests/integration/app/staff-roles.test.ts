import { afterEach, describe, expect, it } from 'vitest';
import { accessFor, callAccess } from '../../../electron/app/call-access';
import type { CallName } from '../../../shared/ipc/contract';
import { selfOnlyPermissions, type StaffSession } from '../../../shared/staff';
import { ManualClock } from '../../support/manual-clock';
import { startHarness, type Harness } from '../../support/harness/harness';
import { callThrough, ok } from './harness-call';
import { approveAct, signInCashier } from './staff-till';

// Roles are enforced in main: every guarded call, made as a signed-in cashier through the
// contract (as both transports make it), is refused until a manager's PIN approves that one
// act (the staff list never: deciding who may do what is not lent); signed out, nothing that
// acts goes through. Each permission's own hostile tries: staff-permissions.test.ts. The services are the harness's real ones
// (real SQLite journal, real sandbox over HTTP).
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
const call = callThrough(() => harness);

/**
 * Each call a cashier may not make alone, with arguments its schema accepts (what it would do
 * is not the point).
 */
const guardedCalls: Record<string, unknown> = {
  setManualPrice: { asset: 'USDT', chainId: '1', price: '1' },
  markPaidAfterAll: { orderId: '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', reason: 'wallet' },
  exportCsv: { fromDate: '2026-11-22', toDate: '2026-11-22' },
  updateSettings: { patch: { shopName: 'Corner' } },
  resetSettings: { keys: ['shopName'] },
  connectService: { baseUrl: 'https://pay.example/v1/cf-payment', token: 'x'.repeat(32) },
  disconnectService: {},
  addStaff: { name: 'Bo', role: 'cashier', pin: '5555' },
  resetStaffPin: { staffId: 'someone', pin: '5555' },
  removeStaff: { staffId: 'someone' },
  exportDiagnostics: {},
  exportZReportCsv: { zNumber: 1 },
  voidPaidOrder: { orderId: '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', reason: 'Refunded in cash' },
  reopenShift: { shiftId: 1 },
  auditEvents: { fromDate: '2026-11-22', toDate: '2026-11-22' },
  exportAuditCsv: { fromDate: '2026-11-22', toDate: '2026-11-22' },
};

async function tillWithCashier(): Promise<{ managerId: string; cashierId: string }> {
  harness = await startHarness({ clock: new ManualClock(), settings: { staffPinsRequired: true } });
  return signInCashier(call);
}

describe('staff roles, enforced in main', () => {
  it('names every call a cashier may not make alone, and tests each of them here', () => {
    const guarded = (Object.keys(callAccess) as CallName[]).filter((name) => {
      const access = callAccess[name];
      return access === 'settings-keys' || (typeof access === 'object' && access.needs !== 'sell');
    });
    expect(guarded.sort()).toEqual(Object.keys(guardedCalls).sort());
  });

  it('refuses each guarded call of a signed-in cashier, naming the permission a manager may lend', async () => {
    await tillWithCashier();
    for (const [name, args] of Object.entries(guardedCalls)) {
      const result = await call(name as CallName, args);
      expect(result.ok, name).toBe(false);
      if (result.ok) continue;
      const access = accessFor(name as CallName, args);
      const needs = typeof access === 'object' ? access.needs : [];
      if (needs.some((permission) => selfOnlyPermissions.has(permission))) {
        expect(result.error.kind, name).toBe('not-allowed');
        continue;
      }
      expect(result.error.kind, name).toBe('needs-manager');
      expect(result.error.detail?.action, name).toBe(needs[0]);
    }
  });

  it("lets a manager's PIN approve one act, once, and audits who approved", async () => {
    const { managerId, cashierId } = await tillWithCashier();
    const settings = { patch: { shopName: 'Corner' } };
    const wrong = await approveAct(call, managerId, 'updateSettings', settings, '0000');
    expect(wrong.ok ? null : wrong.error.kind).toBe('wrong-pin');
    await ok(approveAct(call, managerId, 'updateSettings', settings));
    // Approved for that settings change only: an export still needs a manager.
    const exported = await call('exportCsv', guardedCalls.exportCsv);
    expect(exported.ok ? null : exported.error.kind).toBe('needs-manager');
    await ok(call('updateSettings', settings));
    expect(harness!.settings.current().values.shopName).toBe('Corner');
    const again = await call('updateSettings', settings);
    expect(again.ok ? null : again.error.kind).toBe('needs-manager');
    const other = await call('updateSettings', { patch: { shopName: 'Other' } });
    expect(other.ok ? null : other.error.kind).toBe('needs-manager');
    const staff = harness!.services.staff;
    expect(staff.auditEvents().filter((event) => event.action === 'manager-override')).toEqual([
      expect.objectContaining({ actorId: cashierId, approverId: managerId }),
    ]);
  });

  it('lets a cashier sell and pick a chain, and records them on the order and its events', async () => {
    const { cashierId } = await tillWithCashier();
    await harness!.services.rates.ready();
    await ok(call('openShift'));
    // A picker tap saves the last chain: the cashier's own choice, not a settings change.
    await ok(call('updateSettings', { patch: { lastChainId: '1' } }));
    const sale = await ok<{ orderId: string }>(
      call('startQrSale', { amount: '5', chainId: '1', asset: 'USDT' }),
    );
    await ok(call('cancelSale'));
    const order = harness!.services.journal.get(sale.orderId)!;
    expect(order.cashierId).toBe(cashierId);
    expect(
      harness!.services.journal.events(sale.orderId).map((event) => [event.toState, event.actorId]),
    ).toEqual([
      ['requesting', cashierId],
      ['awaiting-payment', null],
      ['cancelled', cashierId],
    ]);
    const listed = await ok<{ orders: { cashierName: string | null }[] }>(
      call('listOrders', { fromDate: '2026-11-22', toDate: '2026-11-22' }),
    );
    expect(listed.orders.map((row) => row.cashierName)).toEqual(['Cas']);
  });

  it('refuses every act while nobody is signed in', async () => {
    await tillWithCashier();
    await ok(call('signOut'));
    for (const name of ['startQrSale', 'listOrders', 'orderDetail', 'finishSale'] as const) {
      const args =
        name === 'startQrSale'
          ? { amount: '5', chainId: '1', asset: 'USDT' }
          : name === 'listOrders'
            ? { fromDate: '2026-11-22', toDate: '2026-11-22' }
            : name === 'orderDetail'
              ? { orderId: '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' }
              : {};
      const result = await call(name, args);
      expect(result.ok ? null : result.error.kind, name).toBe('signed-out');
    }
  });

  it('with staff PINs off, runs as one implicit cashier who may do everything', async () => {
    harness = await startHarness({ clock: new ManualClock() });
    await ok(call('updateSettings', { patch: { shopName: 'Corner' } }));
    const session = await ok<StaffSession>(call('staffSession'));
    expect(session).toMatchObject({ pinsRequired: false, signedIn: null });
  });
});
