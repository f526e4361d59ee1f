import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditList, AuditRowView } from '../../../shared/audit/audit-views';
import type { StaffSession } from '../../../shared/staff';
import { loadManagedPolicy } from '../../../electron/settings/managed-policy-loader';
import { silentLogger } from '../../../electron/logging/logger';
import { ManualClock } from '../../support/manual-clock';
import { startHarness, type Harness } from '../../support/harness/harness';
import { callThrough, ok } from './harness-call';
import { signInCashier } from './staff-till';

// What the audit trail says about each kind of act, made through the contract (dispatchCall,
// the guard, the real handlers, a real SQLite journal): who, what, on which object, before
// and after, why and how it ended, read back through the audit view's own call and compared
// field by field.
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
const call = callThrough(() => harness);
const DAY = { fromDate: '2026-11-22', toDate: '2026-11-22' };

const clock = new ManualClock();

async function tillWithStaff() {
  harness = await startHarness({ clock, settings: { staffPinsRequired: true } });
  return signInCashier(call);
}

/** The audit view's rows (newest first) of today, whose action is one of `actions`. */
async function rowsOf(...actions: string[]): Promise<AuditRowView[]> {
  const list = await ok<AuditList>(call('auditEvents', DAY));
  return list.rows.filter((row) => actions.includes(row.action));
}

async function signInAs(staffId: string, pin: string): Promise<void> {
  await ok(call('signOut'));
  await ok(call('signIn', { staffId, pin }));
}

describe('audit rows through the contract', () => {
  it('a manager’s settings change: which keys, before and after, by whom, fees apart', async () => {
    const { managerId } = await tillWithStaff();
    await signInAs(managerId, '1234');
    await ok(call('updateSettings', { patch: { shopName: 'Corner Café', feePercent: '2.5' } }));
    const at = clock.now();

    expect(await rowsOf('settings-changed', 'fee-changed')).toEqual([
      {
        auditId: expect.any(Number),
        atMs: at,
        action: 'settings-changed',
        kind: 'settings',
        actor: { staffId: managerId, name: 'Mia' },
        approver: null,
        who: 'Mia',
        what: 'Settings changed',
        on: 'settings: shopName',
        object: { kind: 'settings', id: 'shopName', name: null },
        change: { before: { shopName: '' }, after: { shopName: 'Corner Café' } },
        reason: null,
        outcome: 'done',
        detail: { via: 'updateSettings' },
      },
      {
        auditId: expect.any(Number),
        atMs: at,
        action: 'fee-changed',
        kind: 'prices-and-fees',
        actor: { staffId: managerId, name: 'Mia' },
        approver: null,
        who: 'Mia',
        what: 'Fee changed',
        on: 'settings: feePercent',
        object: { kind: 'settings', id: 'feePercent', name: null },
        change: { before: { feePercent: '0' }, after: { feePercent: '2.5' } },
        reason: null,
        outcome: 'done',
        detail: { via: 'updateSettings' },
      },
    ]);
  });

  it('a change by IT’s policy while the till runs is written in the policy’s name', async () => {
    await tillWithStaff();
    harness!.settings.replacePolicy(
      loadManagedPolicy({
        path: '/etc/counter-app/policy.json',
        readFile: () => JSON.stringify({ settings: { currency: 'EUR' }, locked: ['currency'] }),
        logger: silentLogger,
      }),
    );
    await signInAs((await managerOf()).staffId, '1234');
    expect(await rowsOf('settings-changed')).toEqual([
      expect.objectContaining({
        actor: null,
        approver: null,
        who: "IT's policy",
        object: { kind: 'settings', id: 'currency', name: null },
        change: { before: { currency: 'USD' }, after: { currency: 'EUR' } },
        reason: "IT's policy changed",
        outcome: 'done',
        detail: { via: 'it-policy' },
      }),
    ]);
  });

  it('a cashier’s price typed by hand, approved in place by a manager: the price before and after, and the override', async () => {
    const { managerId, cashierId } = await tillWithStaff();
    const args = { asset: 'ETH', chainId: null, price: '2950.00' };
    const refused = await call('setManualPrice', args);
    expect(refused.ok ? null : refused.error.kind).toBe('needs-manager');
    await ok(call('approveAction', { managerId, pin: '1234', call: 'setManualPrice', args }));
    await ok(call('setManualPrice', args));
    const at = clock.now();
    await signInAs(managerId, '1234');

    const [priceRow] = await rowsOf('manual-price-set');
    expect(priceRow).toEqual({
      auditId: expect.any(Number),
      atMs: at,
      action: 'manual-price-set',
      kind: 'prices-and-fees',
      actor: { staffId: cashierId, name: 'Cas' },
      approver: { staffId: managerId, name: 'Mia' },
      who: 'Cas, approved by Mia',
      what: 'Price typed by hand',
      on: 'manual price: ETH',
      object: { kind: 'manual price', id: 'ETH', name: null },
      change: { before: null, after: '2950' },
      reason: null,
      outcome: 'done',
      detail: { currency: 'USD' },
    });
    const [override] = await rowsOf('manager-override');
    expect(override).toMatchObject({
      actor: { staffId: cashierId, name: 'Cas' },
      approver: { staffId: managerId, name: 'Mia' },
      who: 'Cas, approved by Mia',
      what: "Done with a manager's PIN",
      on: 'a price typed by hand',
      object: { kind: null, id: 'setManualPrice', name: null },
      outcome: 'done',
    });
    expect(override!.auditId).toBeGreaterThan(priceRow!.auditId);

    // The manager changes it again: the row says what it was.
    await ok(call('setManualPrice', { asset: 'ETH', chainId: null, price: '3000' }));
    const [again] = await rowsOf('manual-price-set');
    expect(again).toMatchObject({
      actor: { staffId: managerId, name: 'Mia' },
      approver: null,
      change: { before: '2950', after: '3000' },
      outcome: 'done',
    });
  });

  it('an override whose act fails says so', async () => {
    const { managerId, cashierId } = await tillWithStaff();
    const args = { asset: 'ETH', chainId: null, price: 'lots' };
    await ok(call('approveAction', { managerId, pin: '1234', call: 'setManualPrice', args }));
    const failed = await call('setManualPrice', args);
    expect(failed.ok).toBe(false);
    await signInAs(managerId, '1234');
    expect(await rowsOf('manual-price-set')).toEqual([]);
    expect(await rowsOf('manager-override')).toEqual([
      expect.objectContaining({
        actor: { staffId: cashierId, name: 'Cas' },
        approver: { staffId: managerId, name: 'Mia' },
        outcome: 'failed',
      }),
    ]);
  });

  it('staff changes: who was added and removed, with name and role, and a new PIN without the PIN', async () => {
    const { managerId, cashierId } = await tillWithStaff();
    await signInAs(managerId, '1234');
    const added = await ok<StaffSession>(
      call('addStaff', { name: 'Bo', role: 'cashier', pin: '5555' }),
    );
    const boId = added.staff.find((person) => person.name === 'Bo')!.staffId;
    await ok(call('resetStaffPin', { staffId: cashierId, pin: '7777' }));
    await ok(call('removeStaff', { staffId: boId }));
    const mia = { staffId: managerId, name: 'Mia' };

    const rows = await rowsOf('staff-added', 'pin-reset', 'staff-removed');
    expect(rows.map(({ auditId: _id, atMs: _at, ...rest }) => rest)).toEqual([
      {
        action: 'staff-removed',
        kind: 'staff',
        actor: mia,
        approver: null,
        who: 'Mia',
        what: 'Removed from the staff',
        on: 'staff: Bo',
        object: { kind: 'staff', id: boId, name: 'Bo' },
        change: { before: { name: 'Bo', role: 'cashier' }, after: null },
        reason: null,
        outcome: 'done',
        detail: { name: 'Bo', role: 'cashier' },
      },
      {
        action: 'pin-reset',
        kind: 'staff',
        actor: mia,
        approver: null,
        who: 'Mia',
        what: 'New PIN given',
        on: 'staff: Cas',
        object: { kind: 'staff', id: cashierId, name: 'Cas' },
        change: null,
        reason: null,
        outcome: 'done',
        detail: {},
      },
      {
        action: 'staff-added',
        kind: 'staff',
        actor: mia,
        approver: null,
        who: 'Mia',
        what: 'Added to the staff',
        on: 'staff: Bo',
        object: { kind: 'staff', id: boId, name: 'Bo' },
        change: { before: null, after: { name: 'Bo', role: 'cashier' } },
        reason: null,
        outcome: 'done',
        detail: { name: 'Bo', role: 'cashier' },
      },
      {
        action: 'staff-added',
        kind: 'staff',
        actor: mia,
        approver: null,
        who: 'Mia',
        what: 'Added to the staff',
        on: 'staff: Cas',
        object: { kind: 'staff', id: cashierId, name: 'Cas' },
        change: { before: null, after: { name: 'Cas', role: 'cashier' } },
        reason: null,
        outcome: 'done',
        detail: { name: 'Cas', role: 'cashier' },
      },
    ]);
    expect(JSON.stringify(await ok(call('auditEvents', DAY)))).not.toContain('7777');
  });

  it('exports: what went out, to which file, how many rows; the audit CSV holds the rows', async () => {
    const { managerId } = await tillWithStaff();
    await signInAs(managerId, '1234');
    await ok(call('updateSettings', { patch: { shopName: '=HYPERLINK("x")' } }));
    await ok(call('exportCsv', DAY));
    const saved = await ok<{ saved: boolean; fileName: string; rows: number }>(
      call('exportAuditCsv', { ...DAY, kind: 'settings' }),
    );
    const at = clock.now();

    const [auditExport, ordersExport] = await rowsOf('export');
    expect(ordersExport).toEqual({
      auditId: expect.any(Number),
      atMs: at,
      action: 'export',
      kind: 'exports',
      actor: { staffId: managerId, name: 'Mia' },
      approver: null,
      who: 'Mia',
      what: 'Exported',
      on: 'orders CSV: 2026-11-22',
      object: { kind: 'orders CSV', id: '2026-11-22', name: null },
      change: { before: null, after: { fileName: 'orders-2026-11-22.csv', rows: 0 } },
      reason: null,
      outcome: 'done',
      detail: {},
    });
    expect(auditExport).toEqual({
      ...ordersExport,
      auditId: expect.any(Number),
      on: 'audit trail CSV: 2026-11-22',
      object: { kind: 'audit trail CSV', id: '2026-11-22', name: null },
      change: { before: null, after: { fileName: 'audit-2026-11-22.csv', rows: 1 } },
      detail: { kind: 'settings' },
    });

    expect(saved).toEqual({ saved: true, fileName: 'audit-2026-11-22.csv', rows: 1 });
    const csv = readFileSync(join(harness!.exportsDir, saved.fileName), 'utf8').split('\r\n');
    expect(csv[0]).toBe(
      'audit_id,at_utc,at_local,at_ms,action,kind,actor_id,actor_name,approver_id,approver_name,' +
        'object_kind,object_id,before,after,reason,outcome,detail,object_name,what',
    );
    expect(csv[1]).toContain(`,settings-changed,settings,${managerId},Mia,,,settings,shopName,`);
    // Before and after as JSON: a value typed as a formula is inside it, never a cell's start.
    expect(csv[1]).toContain(
      `,"{""shopName"":""""}","{""shopName"":""=HYPERLINK(\\""x\\"")""}",,done,`,
    );
    expect(csv).toHaveLength(3);
  });

  it('the audit view filters by kind of act and person, and is a manager’s only', async () => {
    const { managerId, cashierId } = await tillWithStaff();
    const asCashier = await call('auditEvents', DAY);
    expect(asCashier.ok ? null : asCashier.error.kind).toBe('not-allowed');
    await signInAs(managerId, '1234');

    const signIns = await ok<AuditList>(call('auditEvents', { ...DAY, kind: 'sign-in' }));
    expect(new Set(signIns.rows.map((row) => row.kind))).toEqual(new Set(['sign-in']));
    const cas = await ok<AuditList>(call('auditEvents', { ...DAY, staffId: cashierId }));
    expect(cas.rows.length).toBeGreaterThan(0);
    expect(
      cas.rows.every(
        (row) => row.actor?.staffId === cashierId || row.approver?.staffId === cashierId,
      ),
    ).toBe(true);
    expect(cas.people).toEqual([
      { staffId: cashierId, name: 'Cas' },
      { staffId: managerId, name: 'Mia' },
    ]);
    expect(cas.chain).toMatchObject({ intact: true, problemCount: 0 });
    const other = await call('auditEvents', { fromDate: '2026-11-23', toDate: '2026-11-22' });
    expect(other.ok ? null : other.error.kind).toBe('invalid-period');
  });

  it('with staff PINs off, a settings change names nobody and says which call made it', async () => {
    harness = await startHarness({ clock: new ManualClock() });
    await ok(call('updateSettings', { patch: { feeFixed: '0.30' } }));
    expect(await rowsOf('fee-changed')).toEqual([
      expect.objectContaining({
        actor: null,
        approver: null,
        change: { before: { feeFixed: '0' }, after: { feeFixed: '0.30' } },
        detail: { via: 'updateSettings' },
      }),
    ]);
    const chain = await ok(call('auditChain'));
    expect(chain).toMatchObject({ intact: true });
  });
});

async function managerOf() {
  const session = await ok<StaffSession>(call('staffSession'));
  return session.staff.find((person) => person.role === 'manager')!;
}
