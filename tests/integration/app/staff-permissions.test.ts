import { afterEach, describe, expect, it } from 'vitest';
import { accessFor, callAccess } from '../../../electron/app/call-access';
import { silentLogger } from '../../../electron/logging/logger';
import { loadManagedPolicy } from '../../../electron/settings/managed-policy-loader';
import type { CallName } from '../../../shared/ipc/contract';
import type { CallResult } from '../../../shared/ipc/contract-kit';
import { settingKeys, type Settings } from '../../../shared/settings';
import {
  permissions,
  selfOnlyPermissions,
  type Permission,
  type StaffSession,
} from '../../../shared/staff';
import { ManualClock } from '../../support/manual-clock';
import { startHarness, type Harness } from '../../support/harness/harness';
import { callThrough, ok } from './harness-call';
import { approveAct, signInCashier } from './staff-till';

// Permissions and approvals through the real IPC dispatch, as a hostile cashier would try them:
// every permission without it, with another act's approval, with an approval of other
// arguments, made for someone else, replayed, expired, used after the act failed; and the
// escalation through "PINs off" refused at its first step. The services are the harness's
// real ones (a real SQLite journal, the sandbox over HTTP), the clock a manual one.
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
const call = callThrough(() => harness);
let clock: ManualClock;

const MANAGER_PIN = '1234';
const ORDER = '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const DAY = { fromDate: '2026-11-22', toDate: '2026-11-22' };

type Act = readonly [CallName, Record<string, unknown>];

/** For each permission a cashier lacks: one act that needs it, and the same call otherwise. */
const actsNeeding: Record<Exclude<Permission, 'sell'>, { act: Act; other: Act }> = {
  'void-paid': {
    act: ['voidPaidOrder', { orderId: ORDER, reason: 'Refunded in cash' }],
    other: ['voidPaidOrder', { orderId: ORDER, reason: 'Keyed twice' }],
  },
  'paid-after-all': {
    act: ['markPaidAfterAll', { orderId: ORDER, reason: 'The wallet shows it' }],
    other: [
      'markPaidAfterAll',
      { orderId: ORDER.replace(/b$/, 'c'), reason: 'The wallet shows it' },
    ],
  },
  'reopen-shift': {
    act: ['reopenShift', { shiftId: 1 }],
    other: ['reopenShift', { shiftId: 2 }],
  },
  'prices-and-fees': {
    act: ['setManualPrice', { asset: 'USDT', chainId: '1', price: '1' }],
    other: ['setManualPrice', { asset: 'USDT', chainId: '1', price: '0.5' }],
  },
  'settings:service': {
    act: ['updateSettings', { patch: { serialNumber: 'POS-2' } }],
    other: ['updateSettings', { patch: { serialNumber: 'POS-3' } }],
  },
  'settings:shop': {
    act: ['updateSettings', { patch: { shopName: 'Corner' } }],
    other: ['updateSettings', { patch: { shopName: 'Corner', shopAddress: 'Main St 1' } }],
  },
  'settings:pricing': {
    act: ['updateSettings', { patch: { feePercent: '1' } }],
    other: ['resetSettings', { keys: ['feePercent'] }],
  },
  'settings:staff': {
    act: ['updateSettings', { patch: { autoLockMinutes: 5 } }],
    other: ['updateSettings', { patch: { autoLockMinutes: 240 } }],
  },
  'settings:printing': {
    act: ['updateSettings', { patch: { receiptFooter: 'Thank you' } }],
    other: ['resetSettings', { keys: ['receiptFooter'] }],
  },
  'settings:display': {
    act: ['updateSettings', { patch: { soundOn: false } }],
    other: ['updateSettings', { patch: { soundOn: true } }],
  },
  'settings:updates': {
    act: ['updateSettings', { patch: { updateChannel: 'beta' } }],
    other: ['updateSettings', { patch: { updateChannel: 'alpha' } }],
  },
  'manage-staff': {
    act: ['addStaff', { name: 'Bo', role: 'cashier', pin: '5555' }],
    other: ['removeStaff', { staffId: 'someone' }],
  },
  'export-reports': {
    act: ['exportCsv', DAY],
    other: ['exportZReportCsv', { zNumber: 1 }],
  },
  'export-diagnostics': {
    act: ['exportDiagnostics', {}],
    other: ['exportCsv', { fromDate: '2026-11-21', toDate: '2026-11-21' }],
  },
};
const lentPermissions = (Object.keys(actsNeeding) as (keyof typeof actsNeeding)[]).filter(
  (permission) => !selfOnlyPermissions.has(permission),
);

function policy(settings: Partial<Settings>) {
  return loadManagedPolicy({
    path: '/etc/counter-app/policy.json',
    readFile: () => JSON.stringify({ settings, locked: [] }),
    logger: silentLogger,
  });
}

async function tillWithCashier(
  policySettings?: Partial<Settings>,
): Promise<{ managerId: string; cashierId: string }> {
  clock = new ManualClock();
  harness = await startHarness({
    clock,
    settings: { staffPinsRequired: true },
    ...(policySettings ? { policy: policy(policySettings) } : {}),
  });
  return signInCashier(call);
}

const kindOf = (result: CallResult<unknown>) => (result.ok ? null : result.error.kind);
const approve = (managerId: string, [name, args]: Act, pin = MANAGER_PIN) =>
  approveAct(call, managerId, name, args, pin);
const attempt = ([name, args]: Act) => call(name, args);
const overrides = () =>
  harness!.services.staff.auditEvents().filter((event) => event.action === 'manager-override');

/** Adds a person as the manager Mia (signed in for it), then signs the cashier Cas back in. */
async function addAsManager(
  ids: { managerId: string; cashierId: string },
  name: string,
  role: string,
  pin: string,
): Promise<string> {
  await ok(call('signIn', { staffId: ids.managerId, pin: MANAGER_PIN }));
  const session = await ok<StaffSession>(call('addStaff', { name, role, pin }));
  await ok(call('signIn', { staffId: ids.cashierId, pin: '4321' }));
  return session.staff.find((person) => person.name === name)!.staffId;
}

describe('permissions, each tried by a hostile cashier', () => {
  it('needs every permission for some call, and tries one act for each permission here', () => {
    const statically = Object.values(callAccess).flatMap((access) =>
      typeof access === 'object' ? [access.needs] : [],
    );
    const bySettings = settingKeys.flatMap((key) => {
      const access = accessFor('updateSettings', { patch: { [key]: null } });
      return typeof access === 'object' ? access.needs : [];
    });
    expect(new Set([...statically, ...bySettings])).toEqual(new Set(permissions));
    expect([...Object.keys(actsNeeding), 'sell'].sort()).toEqual([...permissions].sort());
  });

  it('refuses each act without its permission, naming what is missing and who may approve', async () => {
    const { managerId } = await tillWithCashier();
    for (const [permission, { act }] of Object.entries(actsNeeding)) {
      const result = await attempt(act);
      if (selfOnlyPermissions.has(permission as Permission)) {
        // Who may do what, and IT's settings, are never lent: no prompt, whatever a manager would type.
        expect(kindOf(result), permission).toBe('not-allowed');
        continue;
      }
      expect(result.ok ? null : result.error, permission).toMatchObject({
        kind: 'needs-manager',
        detail: { action: permission, permissions: [permission], approvers: [managerId] },
      });
    }
    expect(harness!.settings.current().values.shopName).not.toBe('Corner');
  });

  it("refuses each act with another act's approval, and with an approval of other arguments", async () => {
    const { managerId, cashierId } = await tillWithCashier();
    for (const [index, permission] of lentPermissions.entries()) {
      const { act, other } = actsNeeding[permission];
      const elsewhere = actsNeeding[lentPermissions[(index + 1) % lentPermissions.length]!].act;
      await ok(approve(managerId, elsewhere));
      await ok(approve(managerId, other));
      expect(kindOf(await attempt(act)), permission).toBe('needs-manager');
      // A new session, without the approvals of this round.
      await ok(call('signOut'));
      await ok(call('signIn', { staffId: cashierId, pin: '4321' }));
    }
    expect(overrides()).toEqual([]);
  });

  it('lets each act through with its own approval: then it is up to the act itself', async () => {
    const { managerId } = await tillWithCashier();
    for (const permission of lentPermissions) {
      const { act } = actsNeeding[permission];
      await ok(approve(managerId, act));
      expect(kindOf(await attempt(act)), permission).not.toBe('needs-manager');
    }
    expect(harness!.settings.current().values).toMatchObject({
      shopName: 'Corner',
      feePercent: '1',
      autoLockMinutes: 5,
      receiptFooter: 'Thank you',
      soundOn: false,
    });
    // IT's settings stay IT's: the approval passed the guard, the settings refused the key.
    expect(harness!.settings.current().values.updateChannel).toBe('latest');
  });

  it('refuses an approval of an act that needs no manager, and of one that names no call', async () => {
    const { managerId } = await tillWithCashier();
    expect(
      kindOf(
        await approve(managerId, ['startQrSale', { amount: '5', chainId: '1', asset: 'USDT' }]),
      ),
    ).toBe('not-allowed');
    // Refused before any PIN is compared: a wrong one is not even counted.
    expect(kindOf(await approve(managerId, ['listOrders', DAY], '0000'))).toBe('not-allowed');
    expect(harness!.services.staff.auditEvents().map((event) => event.action)).not.toContain(
      'pin-failed',
    );
    expect(kindOf(await approve(managerId, ['noSuchCall' as CallName, {}]))).toBe(
      'invalid-argument',
    );
    expect(kindOf(await approve(managerId, ['reopenShift', { shiftId: 'one' }]))).toBe(
      'invalid-argument',
    );
  });
});

describe('an approval is for one act, for the person who asked, once', () => {
  const shopName: Act = ['updateSettings', { patch: { shopName: 'Corner' } }];

  it('is used once: the same act again needs a manager again', async () => {
    const { managerId, cashierId } = await tillWithCashier();
    await ok(approve(managerId, shopName));
    await ok(attempt(shopName));
    expect(kindOf(await attempt(shopName))).toBe('needs-manager');
    expect(overrides()).toEqual([
      expect.objectContaining({
        actorId: cashierId,
        approverId: managerId,
        target: 'updateSettings',
        detail: expect.objectContaining({
          call: 'updateSettings',
          object: { keys: ['shopName'] },
          outcome: 'done',
        }),
      }),
    ]);
  });

  it('holds for the same arguments in any order, never for more keys', async () => {
    const { managerId } = await tillWithCashier();
    const two = { shopName: 'Corner', shopAddress: 'Main St 1' };
    await ok(approve(managerId, ['updateSettings', { patch: two }]));
    expect(kindOf(await call('updateSettings', { patch: { ...two, receiptFooter: 'Hi' } }))).toBe(
      'needs-manager',
    );
    await ok(call('updateSettings', { patch: { shopAddress: 'Main St 1', shopName: 'Corner' } }));
  });

  it('is not for whoever signs in next: made for one cashier, refused to another', async () => {
    const ids = await tillWithCashier();
    const ceeId = await addAsManager(ids, 'Cee', 'cashier', '6666');
    await ok(approve(ids.managerId, shopName));
    await ok(call('signIn', { staffId: ceeId, pin: '6666' }));
    expect(kindOf(await attempt(shopName))).toBe('needs-manager');
    // Nor back to the one who asked: a new session starts with none.
    await ok(call('signIn', { staffId: ids.cashierId, pin: '4321' }));
    expect(kindOf(await attempt(shopName))).toBe('needs-manager');
  });

  it('cannot be made at the sign-in screen, for whoever signs in next', async () => {
    const { managerId, cashierId } = await tillWithCashier();
    await ok(call('signOut'));
    expect(kindOf(await approve(managerId, shopName))).toBe('signed-out');
    await ok(call('signIn', { staffId: cashierId, pin: '4321' }));
    expect(kindOf(await attempt(shopName))).toBe('needs-manager');
  });

  it('expires two minutes after the PIN, by the clock', async () => {
    const { managerId } = await tillWithCashier();
    await ok(approve(managerId, shopName));
    clock.advance(2 * 60_000);
    expect(kindOf(await attempt(shopName))).toBe('needs-manager');
    await ok(approve(managerId, shopName));
    clock.advance(2 * 60_000 - 1);
    await ok(attempt(shopName));
  });

  it('stays usable after its act failed, is spent once the act succeeds, and audits both', async () => {
    const { managerId, cashierId } = await tillWithCashier();
    await harness!.services.rates.ready();
    await ok(call('openShift'));
    const reopen: Act = ['reopenShift', { shiftId: 1 }];
    await ok(approve(managerId, reopen));
    // Shift 1 is still open: the act fails in its own words, and the approval is not spent.
    expect(kindOf(await attempt(reopen))).not.toBe('needs-manager');
    expect(kindOf(await attempt(reopen))).not.toBe('needs-manager');
    await ok(call('closeShift', { acknowledgeUnresolved: false }));
    await ok(attempt(reopen));
    expect(kindOf(await attempt(reopen))).toBe('needs-manager');
    const audited = overrides().map((event) => [
      event.actorId,
      event.approverId,
      event.target,
      event.detail.object,
      event.detail.outcome,
    ]);
    expect(audited).toEqual([
      [cashierId, managerId, 'reopenShift', { shiftId: 1 }, 'failed'],
      [cashierId, managerId, 'reopenShift', { shiftId: 1 }, 'failed'],
      [cashierId, managerId, 'reopenShift', { shiftId: 1 }, 'done'],
    ]);
    expect(overrides()[0]!.detail.failure).toEqual(expect.any(String));
  });

  it('survives voiding an order that is not there, for the order it named only', async () => {
    const { managerId } = await tillWithCashier();
    const missing: Act = ['voidPaidOrder', { orderId: ORDER, reason: 'Refunded in cash' }];
    await ok(approve(managerId, missing));
    expect(kindOf(await attempt(missing))).toBe('no-order');
    expect(kindOf(await attempt(missing))).toBe('no-order');
    expect(overrides().map((event) => [event.detail.object, event.detail.failure])).toEqual([
      [{ orderId: ORDER, reason: 'Refunded in cash' }, 'no-order'],
      [{ orderId: ORDER, reason: 'Refunded in cash' }, 'no-order'],
    ]);
  });
});

describe('who may do what is never lent by an approval', () => {
  it("refuses a cashier IT's settings and the service, whatever a manager would type", async () => {
    const { managerId } = await tillWithCashier();
    const acts: Act[] = [
      ['updateSettings', { patch: { nfcAid: 'F0010203040506' } }],
      ['updateSettings', { patch: { shopName: 'Corner', serviceTimeZone: 'Europe/Paris' } }],
      ['resetSettings', { keys: ['serialNumber'] }],
      ['disconnectService', {}],
    ];
    for (const act of acts) {
      expect(kindOf(await approve(managerId, act)), act[0]).toBe('not-allowed');
      expect(kindOf(await attempt(act)), act[0]).toBe('not-allowed');
    }
    expect(harness!.settings.current().values.shopName).not.toBe('Corner');
    // The manager signed in changes them.
    await ok(call('signIn', { staffId: managerId, pin: MANAGER_PIN }));
    await ok(call('updateSettings', { patch: { nfcAid: 'F0010203040506' } }));
    expect(harness!.settings.current().values.nfcAid).toBe('F0010203040506');
  });

  it('refuses a change of no settings: nothing to approve, nothing to audit', async () => {
    const { managerId } = await tillWithCashier();
    const audited = harness!.services.staff.auditEvents().length;
    for (const act of [
      ['updateSettings', { patch: {} }],
      ['resetSettings', { keys: [] }],
    ] as Act[]) {
      expect(kindOf(await approve(managerId, act)), act[0]).toBe('invalid-argument');
      expect(kindOf(await attempt(act)), act[0]).toBe('invalid-argument');
    }
    expect(harness!.services.staff.auditEvents()).toHaveLength(audited);
  });

  it('tells the pages what the person at the till may do by themself, as main decides it', async () => {
    const { managerId } = await tillWithCashier({
      staffRoles: [{ name: 'bookkeeper', permissions: ['export-reports', 'sell'] }],
    });
    const mayDo = async () => (await ok<StaffSession>(call('staffSession'))).permissions;
    expect(await mayDo()).toEqual(['sell']);
    await ok(call('signOut'));
    expect(await mayDo()).toEqual([]);
    await ok(call('signIn', { staffId: managerId, pin: MANAGER_PIN }));
    expect(await mayDo()).toEqual(permissions);
    const keeperId = (
      await ok<StaffSession>(call('addStaff', { name: 'Kim', role: 'bookkeeper', pin: '7777' }))
    ).staff.find((person) => person.name === 'Kim')!.staffId;
    await ok(call('signIn', { staffId: keeperId, pin: '7777' }));
    expect(await mayDo()).toEqual(['sell', 'export-reports']);
  });

  it('refuses the escalation at its first step: a cashier cannot turn staff PINs off', async () => {
    const { managerId } = await tillWithCashier();
    const pinsOff: Act = ['updateSettings', { patch: { staffPinsRequired: false } }];
    // No manager can approve it at a cashier's prompt ...
    expect(kindOf(await approve(managerId, pinsOff))).toBe('not-allowed');
    // ... and a settings approval for other keys does not reach it.
    await ok(approve(managerId, ['updateSettings', { patch: { autoLockMinutes: 5 } }]));
    expect(kindOf(await attempt(pinsOff))).toBe('not-allowed');
    expect(kindOf(await call('resetSettings', { keys: ['staffPinsRequired'] }))).toBe(
      'not-allowed',
    );
    expect(harness!.settings.current().values.staffPinsRequired).toBe(true);
    // The later steps are refused too.
    expect(kindOf(await call('addStaff', { name: 'Eve', role: 'manager', pin: '9999' }))).toBe(
      'not-allowed',
    );
    const session = await ok<StaffSession>(call('staffSession'));
    expect(session).toMatchObject({ pinsRequired: true, signedIn: { role: 'cashier' } });
    expect(session.staff.map((person) => person.name).sort()).toEqual(['Cas', 'Mia']);
  });

  it('lets the one manager turn PINs off, but not while another manager is on the list', async () => {
    const ids = await tillWithCashier();
    await addAsManager(ids, 'Max', 'manager', '8888');
    await ok(call('signIn', { staffId: ids.managerId, pin: MANAGER_PIN }));
    const off = await call('updateSettings', { patch: { staffPinsRequired: false } });
    expect(off.ok ? null : [off.error.kind, off.error.message]).toEqual([
      'not-allowed',
      "Another manager is on the staff list: only IT's policy can turn staff PINs off.",
    ]);
    expect(kindOf(await call('resetSettings', { keys: ['staffPinsRequired'] }))).toBe(
      'not-allowed',
    );
    // Turning them on (as they are) is the manager's own act, and allowed.
    await ok(call('updateSettings', { patch: { staffPinsRequired: true } }));
    const max = (await ok<StaffSession>(call('staffSession'))).staff.find((p) => p.name === 'Max')!;
    await ok(call('removeStaff', { staffId: max.staffId }));
    await ok(call('updateSettings', { patch: { staffPinsRequired: false } }));
    expect(harness!.settings.current().values.staffPinsRequired).toBe(false);
  });

  it("counts wrong manager PINs typed at a cashier's prompt apart: the manager's sign-in stays open", async () => {
    const { managerId } = await tillWithCashier();
    const act: Act = ['exportCsv', DAY];
    const kinds: (string | null)[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      kinds.push(kindOf(await approve(managerId, act, '0000')));
    }
    expect(kinds).toEqual(['wrong-pin', 'wrong-pin', 'wrong-pin', 'wrong-pin', 'locked', 'locked']);
    // Approvals by Mia wait out the lock, even with her right PIN ...
    expect(kindOf(await approve(managerId, act))).toBe('locked');
    // ... but Mia herself signs in at once.
    await ok(call('signOut'));
    await ok(call('signIn', { staffId: managerId, pin: MANAGER_PIN }));
    await ok(call('exportCsv', DAY));
  });
});

describe('roles IT defines by policy', () => {
  const roles = [
    { name: 'bookkeeper', permissions: ['export-reports'] },
    { name: 'supervisor', permissions: ['sell', 'void-paid', 'reopen-shift', 'manage-staff'] },
  ] as Settings['staffRoles'];

  it('gives a role only what IT listed: a bookkeeper exports, and needs a manager to sell', async () => {
    const ids = await tillWithCashier({ staffRoles: roles });
    expect((await ok<StaffSession>(call('staffSession'))).roles).toEqual([
      'cashier',
      'manager',
      'bookkeeper',
      'supervisor',
    ]);
    const beaId = await addAsManager(ids, 'Bea', 'bookkeeper', '7777');
    await ok(call('signIn', { staffId: beaId, pin: '7777' }));
    await ok(call('exportCsv', DAY));
    const sale = await call('startQrSale', { amount: '5', chainId: '1', asset: 'USDT' });
    expect(sale.ok ? null : sale.error).toMatchObject({
      kind: 'needs-manager',
      detail: { action: 'sell' },
    });
    expect(kindOf(await call('updateSettings', { patch: { shopName: 'Corner' } }))).toBe(
      'needs-manager',
    );
    // Reading the history needs no permission, only a person signed in.
    await ok(call('listOrders', DAY));
  });

  it('lets a supervisor approve what the role holds, and give no more than it holds', async () => {
    const ids = await tillWithCashier({ staffRoles: roles });
    const suId = await addAsManager(ids, 'Su', 'supervisor', '3333');
    const reopen: Act = ['reopenShift', { shiftId: 1 }];
    const refused = await attempt(reopen);
    expect(refused.ok ? null : refused.error.detail?.approvers).toEqual(
      expect.arrayContaining([ids.managerId, suId]),
    );
    await ok(approve(suId, reopen, '3333'));
    // Not the settings: the supervisor's PIN does not approve what the role lacks.
    const settings: Act = ['updateSettings', { patch: { shopName: 'Corner' } }];
    expect(kindOf(await approve(suId, settings, '3333'))).toBe('not-allowed');
    // Signed in, the supervisor manages staff, but gives no role more than their own.
    await ok(call('signIn', { staffId: suId, pin: '3333' }));
    await ok(call('addStaff', { name: 'Cid', role: 'cashier', pin: '2222' }));
    expect(kindOf(await call('addStaff', { name: 'Mo', role: 'manager', pin: '2222' }))).toBe(
      'not-allowed',
    );
    expect(kindOf(await call('resetStaffPin', { staffId: ids.managerId, pin: '2222' }))).toBe(
      'not-allowed',
    );
    expect(kindOf(await call('addStaff', { name: 'Zed', role: 'janitor', pin: '2222' }))).toBe(
      'not-allowed',
    );
  });
});
