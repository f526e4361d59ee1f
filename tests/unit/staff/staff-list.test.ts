import { afterEach, describe, expect, it } from 'vitest';
import type { StaffRig } from './staff-rig';
import { CASHIER_PIN, MANAGER_PIN, rigWithTeam } from './staff-rig';

describe('StaffService: adding, new PINs and removing', () => {
  let rig: StaffRig;
  afterEach(() => rig.cleanup());

  it('adds staff, lists them by name, and refuses a name already taken (case and spaces aside)', async () => {
    rig = await rigWithTeam();
    const session = await rig.staff.addStaff('Ana', 'manager', '7777');
    expect(session.staff.map((member) => member.name)).toEqual(['Ana', 'Cal', 'Mia']);
    expect(session.staff[0]).toEqual({
      staffId: 'staff-3',
      name: 'Ana',
      role: 'manager',
      source: 'local',
    });
    expect(rig.sessions.at(-1)).toEqual(session);
    // As people read names, not as the bytes sort ("bea" before "Cal").
    const more = await rig.staff.addStaff('bea', 'cashier', '8888');
    expect(more.staff.map((member) => member.name)).toEqual(['Ana', 'bea', 'Cal', 'Mia']);
    await rig.refused(() => rig.staff.addStaff(' ana ', 'cashier', '1234'), 'name-taken');
    await rig.refused(() => rig.staff.addStaff('Bo', 'cashier', '12345'.repeat(2)), 'not-allowed');
    expect(rig.staff.auditEvents().at(-1)).toMatchObject({
      action: 'staff-added',
      actorId: 'staff-1',
      target: 'staff-4',
      detail: { name: 'bea', role: 'cashier' },
    });
  });

  it('a removed name may be used again', async () => {
    rig = await rigWithTeam();
    rig.staff.removeStaff('staff-2');
    const session = await rig.staff.addStaff('Cal', 'cashier', '2468');
    expect(session.staff.find((member) => member.name === 'Cal')?.staffId).toBe('staff-3');
  });

  it('a new PIN replaces the old one and ends a lockout', async () => {
    rig = await rigWithTeam();
    rig.staff.signOut();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await rig.staff.signIn('staff-2', '00000000').catch(() => undefined);
    }
    await rig.refused(() => rig.staff.signIn('staff-2', CASHIER_PIN), 'locked');
    await rig.staff.signIn('staff-1', MANAGER_PIN);
    await rig.staff.resetPin('staff-2', '13572468');
    expect(rig.row('staff-2')).toMatchObject({ failed_attempts: 0, locked_until_ms: null });
    expect(rig.staff.auditEvents().at(-1)).toMatchObject({
      action: 'pin-reset',
      actorId: 'staff-1',
      target: 'staff-2',
    });
    rig.staff.signOut();
    await rig.refused(() => rig.staff.signIn('staff-2', CASHIER_PIN), 'wrong-pin');
    expect((await rig.staff.signIn('staff-2', '13572468')).signedIn?.staffId).toBe('staff-2');
  });

  it('refuses a new PIN for someone unknown or with a bad PIN', async () => {
    rig = await rigWithTeam();
    await rig.refused(() => rig.staff.resetPin('nobody', '1234'), 'unknown-staff');
    await rig.refused(() => rig.staff.resetPin('staff-2', '12a4'), 'not-allowed');
  });

  it('removes softly: the row stays with its time, the person leaves the list and cannot sign in', async () => {
    rig = await rigWithTeam();
    const session = rig.staff.removeStaff('staff-2');
    expect(session.staff.map((member) => member.name)).toEqual(['Mia']);
    expect(rig.row('staff-2')).toMatchObject({ name: 'Cal', removed_at_ms: rig.clock.now() });
    expect(rig.staff.auditEvents().at(-1)).toMatchObject({
      action: 'staff-removed',
      actorId: 'staff-1',
      target: 'staff-2',
      detail: { name: 'Cal', role: 'cashier' },
    });
    await rig.refused(() => rig.staff.signIn('staff-2', CASHIER_PIN), 'unknown-staff');
    await rig.refused(() => rig.staff.resetPin('staff-2', '1234'), 'unknown-staff');
    expect(() => rig.staff.removeStaff('staff-2')).toThrow(
      expect.objectContaining({ code: 'unknown-staff' }),
    );
  });

  it('never removes the last manager', async () => {
    rig = await rigWithTeam();
    expect(() => rig.staff.removeStaff('staff-1')).toThrow(
      expect.objectContaining({
        code: 'not-allowed',
        message: 'The last manager cannot be removed. Add another manager first.',
      }),
    );
    await rig.staff.addStaff('Ana', 'manager', '7777');
    rig.staff.removeStaff('staff-3');
    expect(() => rig.staff.removeStaff('staff-1')).toThrow(
      expect.objectContaining({ code: 'not-allowed' }),
    );
  });

  it('removing the person signed in signs them out', async () => {
    rig = await rigWithTeam();
    await rig.staff.addStaff('Ana', 'manager', '7777');
    const session = rig.staff.removeStaff('staff-1');
    expect(session.signedIn).toBeNull();
    expect(rig.staff.actor()).toBeNull();
    expect(rig.actions().slice(-2)).toEqual(['staff-removed', 'sign-out']);
  });
});
