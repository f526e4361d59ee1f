import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPin } from '../../../electron/staff/pin-hash';
import { act, rigWithTeam, StaffRig } from './staff-rig';

// IT provisions managers in its policy by name and PIN hash; the till keeps them in step.
describe('StaffService: managers IT provisions', () => {
  let rig: StaffRig;
  let oneHash: string;
  let otherHash: string;
  beforeAll(async () => {
    oneHash = await hashPin('24681357');
    otherHash = await hashPin('97531864');
  });
  afterEach(() => rig.cleanup());

  it('adds them at start as managers from the policy, who can sign in with IT’s PIN', async () => {
    rig = new StaffRig({
      staffPinsRequired: true,
      provisionedManagers: [{ name: 'Ida', pinHash: oneHash }],
    });
    expect(rig.session()).toMatchObject({
      needsFirstManager: false,
      staff: [{ staffId: 'staff-1', name: 'Ida', role: 'manager', source: 'policy' }],
    });
    expect(rig.staff.auditEvents()).toMatchObject([
      { action: 'staff-added', actorId: null, target: 'staff-1', detail: { source: 'policy' } },
    ]);
    const session = await rig.staff.signIn('staff-1', '24681357');
    expect(session.signedIn).toEqual({ staffId: 'staff-1', name: 'Ida', role: 'manager' });

    // Nothing changes on a second start with the same policy.
    rig.newService();
    expect(rig.session().staff).toHaveLength(1);
    expect(rig.actions().filter((action) => action === 'staff-added')).toHaveLength(1);
  });

  it('the till cannot change their PIN or remove them', async () => {
    rig = await rigWithTeam();
    rig.set({ provisionedManagers: [{ name: 'Ida', pinHash: oneHash }] });
    const ida = rig.session().staff.find((member) => member.name === 'Ida')!;
    await rig.refused(() => rig.staff.resetPin(ida.staffId, '1234'), 'not-allowed');
    await rig.refused(() => rig.staff.removeStaff(ida.staffId), 'not-allowed');
  });

  it('a new hash from IT replaces the PIN and ends a lockout; the old PIN stops working', async () => {
    rig = new StaffRig({
      staffPinsRequired: true,
      provisionedManagers: [{ name: 'Ida', pinHash: oneHash }],
    });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await rig.staff.signIn('staff-1', '00000000').catch(() => undefined);
    }
    expect(rig.row('staff-1')).toMatchObject({ failed_attempts: 5 });
    rig.set({ provisionedManagers: [{ name: 'Ida', pinHash: otherHash }] });
    expect(rig.row('staff-1')).toMatchObject({
      pin_hash: otherHash,
      failed_attempts: 0,
      locked_until_ms: null,
    });
    expect(rig.staff.auditEvents().at(-1)).toMatchObject({
      action: 'pin-reset',
      target: 'staff-1',
    });
    await rig.refused(() => rig.staff.signIn('staff-1', '24681357'), 'wrong-pin');
    expect((await rig.staff.signIn('staff-1', '97531864')).signedIn?.name).toBe('Ida');
  });

  it('a name IT drops is removed (and signed out); provisioned again, it gets its old id back', async () => {
    rig = new StaffRig({
      staffPinsRequired: true,
      provisionedManagers: [{ name: 'Ida', pinHash: oneHash }],
    });
    await rig.staff.signIn('staff-1', '24681357');
    rig.set({ provisionedManagers: [] });
    // The list had a manager: the first-run step stays closed, only IT adds one now.
    expect(rig.session()).toMatchObject({
      signedIn: null,
      staff: [],
      needsFirstManager: false,
      noManager: true,
    });
    expect(rig.sessions.at(-1)).toMatchObject({ signedIn: null, staff: [] });
    expect(rig.row('staff-1')).toMatchObject({ removed_at_ms: rig.clock.now() });
    expect(rig.actions().slice(-2)).toEqual(['staff-removed', 'sign-out']);

    rig.set({ provisionedManagers: [{ name: 'ida', pinHash: otherHash }] });
    expect(rig.session().staff).toEqual([
      { staffId: 'staff-1', name: 'ida', role: 'manager', source: 'policy' },
    ]);
    expect((await rig.staff.signIn('staff-1', '97531864')).signedIn?.staffId).toBe('staff-1');
  });

  it('a local member with the name IT provisions becomes IT’s manager, with IT’s PIN', async () => {
    rig = await rigWithTeam();
    rig.set({ provisionedManagers: [{ name: 'cal', pinHash: oneHash }] });
    expect(rig.session().staff).toContainEqual({
      staffId: 'staff-2',
      name: 'Cal',
      role: 'manager',
      source: 'policy',
    });
    expect(rig.row('staff-2')).toMatchObject({ pin_hash: oneHash });
    expect(rig.staff.auditEvents().at(-1)).toMatchObject({
      action: 'staff-added',
      target: 'staff-2',
      detail: { source: 'policy', tookOverLocal: true },
    });
  });

  it('one name twice in the policy makes one manager, and the log says so', async () => {
    rig = new StaffRig({
      provisionedManagers: [
        { name: 'Ida', pinHash: oneHash },
        { name: 'IDA', pinHash: otherHash },
      ],
    });
    expect(rig.session().staff).toHaveLength(1);
    expect(rig.row('staff-1')).toMatchObject({ pin_hash: oneHash });
    expect(rig.log.calls.some((call) => call.level === 'warn' && /twice/.test(call.message))).toBe(
      true,
    );
  });

  it('turning PINs off signs out whoever is signed in', async () => {
    rig = await rigWithTeam();
    // Even before the service hears of the change, nobody acts as a signed-in person.
    rig.settings.staffPinsRequired = false;
    expect(rig.staff.actor()).toBeNull();
    expect(rig.staff.authorize(act('addStaff', ['manage-staff']))).toMatchObject({
      actorId: null,
      approverId: null,
    });
    rig.settings.staffPinsRequired = true;
    rig.set({ staffPinsRequired: false });
    expect(rig.sessions.at(-1)).toMatchObject({ pinsRequired: false, signedIn: null });
    expect(rig.staff.auditEvents().at(-1)).toMatchObject({
      action: 'sign-out',
      actorId: 'staff-1',
      detail: { reason: 'pins-off' },
    });
    // Back on: still signed out.
    rig.set({ staffPinsRequired: true });
    expect(rig.session().signedIn).toBeNull();
  });
});
