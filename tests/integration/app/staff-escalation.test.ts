import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../electron/logging/logger';
import { loadManagedPolicy } from '../../../electron/settings/managed-policy-loader';
import { hashPin } from '../../../electron/staff/pin-hash';
import type { CallResult } from '../../../shared/ipc/contract-kit';
import type { Settings } from '../../../shared/settings';
import type { StaffSession } from '../../../shared/staff';
import { ManualClock } from '../../support/manual-clock';
import { startHarness, type Harness } from '../../support/harness/harness';
import { callThrough, ok } from './harness-call';
import { approveAct, signInCashier } from './staff-till';

// Ways to become a manager without being made one by a manager or IT, tried through the real
// IPC dispatch (dispatchCall: the contract's parse, the guard, the real handlers) on a real
// SQLite journal: the first-manager step after IT's policy dropped its manager, a supervisor
// left alone with the staff list, staff PINs turned off and on again, and an approval whose
// arguments say more than its digest.
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
const call = callThrough(() => harness);
const kindOf = (result: CallResult<unknown>) => (result.ok ? null : result.error.kind);
const session = () => ok<StaffSession>(call('staffSession'));
const idOf = async (name: string) =>
  (await session()).staff.find((person) => person.name === name)!.staffId;

const IDA_PIN = '2468';
let idaHash: string;
beforeAll(async () => {
  idaHash = await hashPin(IDA_PIN);
});

const supervisor = { name: 'supervisor', permissions: ['sell', 'manage-staff', 'settings:staff'] };

function policy(settings: Partial<Settings>) {
  return loadManagedPolicy({
    path: '/etc/counter-app/policy.json',
    readFile: () => JSON.stringify({ settings, locked: [] }),
    logger: silentLogger,
  });
}

/** A till with PINs on whose only manager is IT's Ida; she adds `staff`, then signs out. */
async function tillOfIt(
  staff: { name: string; role: string; pin: string }[],
  itSettings: Partial<Settings> = {},
): Promise<void> {
  const withIda = { ...itSettings, provisionedManagers: [{ name: 'Ida', pinHash: idaHash }] };
  harness = await startHarness({
    clock: new ManualClock(),
    settings: { staffPinsRequired: true },
    policy: policy(withIda),
  });
  await ok(call('signIn', { staffId: await idOf('Ida'), pin: IDA_PIN }));
  for (const person of staff) await ok(call('addStaff', person));
  await ok(call('signOut'));
  // IT's next policy drops its only manager.
  harness.settings.replacePolicy(policy(itSettings));
}

describe('the first manager is the very first run’s, or IT’s', () => {
  it('stays closed to a signed-in cashier when IT’s policy drops its only manager', async () => {
    const withIda = { provisionedManagers: [{ name: 'Ida', pinHash: idaHash }] };
    harness = await startHarness({
      clock: new ManualClock(),
      settings: { staffPinsRequired: true },
      policy: policy(withIda),
    });
    await ok(call('signIn', { staffId: await idOf('Ida'), pin: IDA_PIN }));
    await ok(call('addStaff', { name: 'Cas', role: 'cashier', pin: '4321' }));
    await ok(call('signIn', { staffId: await idOf('Cas'), pin: '4321' }));
    harness.settings.replacePolicy(policy({}));

    expect(await session()).toMatchObject({
      signedIn: { name: 'Cas' },
      needsFirstManager: false,
      noManager: true,
    });
    const made = await call('createFirstManager', { name: 'Boss', pin: '9999' });
    expect(made.ok ? null : [made.error.kind, made.error.message]).toEqual([
      'not-allowed',
      'Someone is signed in: the first manager is set up at the sign-in screen.',
    ]);
    // Signed out, still closed: the staff list had a manager, so only IT adds one now.
    await ok(call('signOut'));
    expect(await session()).toMatchObject({ needsFirstManager: false, noManager: true });
    const again = await call('createFirstManager', { name: 'Boss', pin: '9999' });
    expect(again.ok ? null : [again.error.kind, again.error.message]).toEqual([
      'not-allowed',
      "This till had a manager: only IT's policy, or a manager signed in, can add one now.",
    ]);
    expect((await session()).staff.map((person) => person.name)).toEqual(['Cas']);
    // IT's policy brings a manager back: the till has one again.
    harness.settings.replacePolicy(policy(withIda));
    expect(await session()).toMatchObject({ needsFirstManager: false, noManager: false });
  });

  it('stays open on the very first run, but not to someone signed in', async () => {
    // PINs off: the list is set up first, a cashier only; then PINs turned on.
    harness = await startHarness({ clock: new ManualClock() });
    await ok(call('addStaff', { name: 'Cas', role: 'cashier', pin: '4321' }));
    await ok(call('updateSettings', { patch: { staffPinsRequired: true } }));
    expect(await session()).toMatchObject({ needsFirstManager: true, noManager: false });
    await ok(call('signIn', { staffId: await idOf('Cas'), pin: '4321' }));
    expect(await session()).toMatchObject({ needsFirstManager: false });
    expect(kindOf(await call('createFirstManager', { name: 'Boss', pin: '9999' }))).toBe(
      'not-allowed',
    );
    await ok(call('signOut'));
    const first = await ok<StaffSession>(call('createFirstManager', { name: 'Mia', pin: '1234' }));
    expect(first).toMatchObject({ signedIn: { name: 'Mia', role: 'manager' } });
  });
});

describe('a supervisor (manage-staff) is not a manager', () => {
  it('does not count as the last manager: the one manager cannot remove herself', async () => {
    harness = await startHarness({
      clock: new ManualClock(),
      settings: { staffPinsRequired: true },
      policy: policy({ staffRoles: [supervisor] as Settings['staffRoles'] }),
    });
    const { managerId } = await signInCashier(call);
    await ok(call('signIn', { staffId: managerId, pin: '1234' }));
    await ok(call('addStaff', { name: 'Su', role: 'supervisor', pin: '3333' }));
    const removed = await call('removeStaff', { staffId: managerId });
    expect(removed.ok ? null : [removed.error.kind, removed.error.message]).toEqual([
      'not-allowed',
      'The last manager cannot be removed. Add another manager first.',
    ]);
    expect((await session()).staff.map((person) => person.name).sort()).toEqual([
      'Cas',
      'Mia',
      'Su',
    ]);
  });

  it('left alone with the staff list, cannot turn PINs off, nor make a manager with them off', async () => {
    await tillOfIt([{ name: 'Su', role: 'supervisor', pin: '3333' }], {
      staffRoles: [supervisor] as Settings['staffRoles'],
    });
    expect(await session()).toMatchObject({ needsFirstManager: false, noManager: true });
    await ok(call('signIn', { staffId: await idOf('Su'), pin: '3333' }));
    const off = await call('updateSettings', { patch: { staffPinsRequired: false } });
    expect(off.ok ? null : [off.error.kind, off.error.message]).toEqual([
      'not-allowed',
      "Only a manager can turn staff PINs off (or IT's policy).",
    ]);
    expect(kindOf(await call('resetSettings', { keys: ['staffPinsRequired'] }))).toBe(
      'not-allowed',
    );
    expect(harness!.settings.current().values.staffPinsRequired).toBe(true);
    expect(kindOf(await call('addStaff', { name: 'Boss', role: 'manager', pin: '9999' }))).toBe(
      'not-allowed',
    );
    // What the role holds, Su still does.
    await ok(call('updateSettings', { patch: { autoLockMinutes: 5 } }));
    await ok(call('addStaff', { name: 'Cid', role: 'cashier', pin: '2222' }));
  });

  it('with PINs off, nobody makes a manager or takes one over once the till has had one', async () => {
    const { managerId } = await (async () => {
      harness = await startHarness({
        clock: new ManualClock(),
        settings: { staffPinsRequired: true },
      });
      return signInCashier(call);
    })();
    // The one manager turns PINs off (hers to decide): the till runs as one implicit cashier.
    await ok(call('signIn', { staffId: managerId, pin: '1234' }));
    await ok(call('updateSettings', { patch: { staffPinsRequired: false } }));
    const made = await call('addStaff', { name: 'Boss', role: 'manager', pin: '9999' });
    expect(made.ok ? null : [made.error.kind, made.error.message]).toEqual([
      'not-allowed',
      "Staff PINs are off: a manager is added by a manager signed in, or by IT's policy.",
    ]);
    expect(kindOf(await call('resetStaffPin', { staffId: managerId, pin: '9999' }))).toBe(
      'not-allowed',
    );
    await ok(call('addStaff', { name: 'Cid', role: 'cashier', pin: '2222' }));
    // PINs on again: Mia is still the one manager, with her own PIN.
    await ok(call('updateSettings', { patch: { staffPinsRequired: true } }));
    const after = await session();
    expect(after.staff.filter((person) => person.role === 'manager').map((p) => p.name)).toEqual([
      'Mia',
    ]);
    await ok(call('signIn', { staffId: managerId, pin: '1234' }));
  });
});

describe('an approval covers exactly the keys of the act it names', () => {
  it('refuses a settings patch with a key whose value is undefined, approved or not', async () => {
    const { managerId } = await (async () => {
      harness = await startHarness({
        clock: new ManualClock(),
        settings: { staffPinsRequired: true },
      });
      return signInCashier(call);
    })();
    await ok(approveAct(call, managerId, 'updateSettings', { patch: { shopName: 'Corner' } }));
    // Electron's IPC keeps undefined: the page's object reaches the dispatch as it is here.
    const more = await call('updateSettings', {
      patch: { shopName: 'Corner', receiptFooter: undefined },
    });
    expect(kindOf(more)).toBe('invalid-argument');
    expect(
      kindOf(
        await approveAct(call, managerId, 'updateSettings', { patch: { shopName: undefined } }),
      ),
    ).toBe('invalid-argument');
    expect(kindOf(await call('updateSettings', { patch: { shopName: undefined } }))).toBe(
      'invalid-argument',
    );
    expect(
      harness!.services.staff.auditEvents().filter((row) => row.action === 'manager-override'),
    ).toEqual([]);
    // The approval still holds for what it named.
    await ok(call('updateSettings', { patch: { shopName: 'Corner' } }));
    expect(harness!.settings.current().values.shopName).toBe('Corner');
  });
});
