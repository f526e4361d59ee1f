import { afterEach, describe, expect, it } from 'vitest';
import { permissions } from '../../../shared/staff';
import { act, StaffRig } from './staff-rig';

describe('StaffService: PINs off, and the first manager', () => {
  let rig: StaffRig;
  afterEach(() => rig.cleanup());

  it('with PINs off the till is one implicit cashier: nobody signs in and everything is allowed', async () => {
    rig = new StaffRig();
    expect(rig.session()).toEqual({
      pinsRequired: false,
      signedIn: null,
      needsFirstManager: false,
      noManager: false,
      staff: [],
      roles: ['cashier', 'manager'],
      permissions,
    });
    expect(rig.staff.actor()).toBeNull();
    expect(() => rig.staff.requireSignedIn()).not.toThrow();
    const settings = act('updateSettings', ['settings:shop'], { patch: { shopName: 'A' } });
    expect(rig.staff.authorize(settings)).toMatchObject({ actorId: null, approverId: null });
    expect(rig.staff.authorize(act('addStaff', ['manage-staff']))).toMatchObject({
      actorId: null,
      approverId: null,
    });
    await rig.refused(() => rig.staff.createFirstManager('Mia', '1234'), 'not-allowed');
    await rig.refused(() => rig.staff.signIn('staff-1', '1234'), 'not-allowed');
    expect(rig.actions()).toEqual([]);
  });

  it('staff can be set up while PINs are off; they count once PINs go on', async () => {
    rig = new StaffRig();
    await rig.staff.addStaff('Cal', 'cashier', '4321');
    expect(rig.staff.auditEvents()).toMatchObject([
      { action: 'staff-added', actorId: null, target: 'staff-1' },
    ]);
    rig.set({ staffPinsRequired: true });
    expect(rig.session()).toMatchObject({
      pinsRequired: true,
      signedIn: null,
      needsFirstManager: true,
    });
  });

  it('with PINs on and no manager, the first-run step creates one and signs them in', async () => {
    rig = new StaffRig({ staffPinsRequired: true });
    expect(rig.session()).toMatchObject({ needsFirstManager: true, signedIn: null });
    expect(() => rig.staff.requireSignedIn()).toThrow(
      expect.objectContaining({ code: 'signed-out' }),
    );

    const session = await rig.staff.createFirstManager('  Mia ', '58203917');
    expect(session).toEqual({
      pinsRequired: true,
      signedIn: { staffId: 'staff-1', name: 'Mia', role: 'manager' },
      needsFirstManager: false,
      noManager: false,
      staff: [{ staffId: 'staff-1', name: 'Mia', role: 'manager', source: 'local' }],
      roles: ['cashier', 'manager'],
      permissions,
    });
    expect(rig.sessions.at(-1)).toEqual(session);
    expect(rig.staff.actor()).toEqual({ staffId: 'staff-1', name: 'Mia', role: 'manager' });
    expect(rig.staff.auditEvents()).toMatchObject([
      { action: 'first-manager', actorId: 'staff-1', target: 'staff-1', detail: { name: 'Mia' } },
    ]);

    const again = await rig.refused(
      () => rig.staff.createFirstManager('Max', '11112222'),
      'not-allowed',
    );
    expect(again.message).toBe('The first manager has already been set up.');
    expect(rig.session().staff).toHaveLength(1);
  });

  it('two first-run steps at once make one manager', async () => {
    rig = new StaffRig({ staffPinsRequired: true });
    const results = await Promise.allSettled([
      rig.staff.createFirstManager('Mia', '58203917'),
      rig.staff.createFirstManager('Max', '11112222'),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(rig.session().staff.filter((member) => member.role === 'manager')).toHaveLength(1);
  });

  it('refuses a first manager with a bad PIN or name, or a name already on the list', async () => {
    rig = new StaffRig();
    await rig.staff.addStaff('Cal', 'cashier', '4321');
    rig.set({ staffPinsRequired: true });
    const pin = await rig.refused(() => rig.staff.createFirstManager('Mia', '12'), 'not-allowed');
    expect(pin.message).toBe('A PIN is 4 to 8 digits.');
    await rig.refused(() => rig.staff.createFirstManager('   ', '1234'), 'not-allowed');
    await rig.refused(() => rig.staff.createFirstManager('x'.repeat(41), '1234'), 'not-allowed');
    await rig.refused(() => rig.staff.createFirstManager('M\u0007ia', '1234'), 'not-allowed');
    await rig.refused(() => rig.staff.createFirstManager('cal', '1234'), 'name-taken');
    expect(rig.session().needsFirstManager).toBe(true);
  });
});
