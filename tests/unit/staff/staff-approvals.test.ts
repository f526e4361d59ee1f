import { afterEach, describe, expect, it } from 'vitest';
import { CASHIER_PIN, MANAGER_PIN, rigWithTeam, type StaffRig } from './staff-rig';

const MIA = 'staff-1';
const CAL = 'staff-2';

// A cashier's guarded action needs a manager signed in, or a manager's PIN typed on the
// cashier's screen: one action, used once, within two minutes.
describe('StaffService: the guard and manager approvals', () => {
  let rig: StaffRig;
  afterEach(() => rig.cleanup());

  async function calSignedIn(): Promise<void> {
    rig = await rigWithTeam();
    await rig.staff.signIn(CAL, CASHIER_PIN);
  }

  it('signed out: every guarded action and every sale step is refused', async () => {
    rig = await rigWithTeam();
    rig.staff.signOut();
    expect(() => rig.staff.authorize('export')).toThrow(
      expect.objectContaining({ code: 'signed-out', message: 'Sign in first.' }),
    );
    expect(() => rig.staff.requireSignedIn()).toThrow(
      expect.objectContaining({ code: 'signed-out' }),
    );
    expect(rig.staff.actor()).toBeNull();
  });

  it('a manager signed in may do everything, with nobody else approving', async () => {
    rig = await rigWithTeam();
    expect(rig.staff.authorize('settings')).toEqual({ actorId: MIA, approverId: null });
    expect(rig.staff.authorize('staff')).toEqual({ actorId: MIA, approverId: null });
    expect(rig.actions()).not.toContain('manager-override');
  });

  it('a cashier needs a manager; an approval works once and is audited with both names', async () => {
    await calSignedIn();
    expect(() => rig.staff.requireSignedIn()).not.toThrow();
    expect(() => rig.staff.authorize('export')).toThrow(
      expect.objectContaining({ code: 'needs-manager' }),
    );
    await rig.staff.approve(MIA, MANAGER_PIN, 'export');
    expect(rig.staff.authorize('export')).toEqual({ actorId: CAL, approverId: MIA });
    expect(rig.staff.auditEvents().at(-1)).toMatchObject({
      action: 'manager-override',
      actorId: CAL,
      approverId: MIA,
      target: 'export',
    });
    expect(() => rig.staff.authorize('export')).toThrow(
      expect.objectContaining({ code: 'needs-manager' }),
    );
    // The cashier stays signed in as themselves.
    expect(rig.staff.actor()).toMatchObject({ staffId: CAL, role: 'cashier' });
  });

  it('an approval is for the one action it was given for', async () => {
    await calSignedIn();
    await rig.staff.approve(MIA, MANAGER_PIN, 'export');
    expect(() => rig.staff.authorize('settings')).toThrow(
      expect.objectContaining({ code: 'needs-manager' }),
    );
    expect(rig.staff.authorize('export').approverId).toBe(MIA);
  });

  it('an approval lapses two minutes after the PIN, by the clock', async () => {
    await calSignedIn();
    await rig.staff.approve(MIA, MANAGER_PIN, 'paid-after-all');
    rig.clock.advance(119_999);
    expect(rig.staff.authorize('paid-after-all').approverId).toBe(MIA);
    await rig.staff.approve(MIA, MANAGER_PIN, 'paid-after-all');
    rig.clock.advance(120_000);
    expect(() => rig.staff.authorize('paid-after-all')).toThrow(
      expect.objectContaining({ code: 'needs-manager' }),
    );
  });

  it('an approval does not outlive the cashier’s session', async () => {
    await calSignedIn();
    await rig.staff.approve(MIA, MANAGER_PIN, 'export');
    rig.staff.signOut();
    await rig.staff.signIn(CAL, CASHIER_PIN);
    expect(() => rig.staff.authorize('export')).toThrow(
      expect.objectContaining({ code: 'needs-manager' }),
    );
  });

  it('a manager removed since approving no longer vouches', async () => {
    await calSignedIn();
    await rig.staff.addStaff('Ana', 'manager', '7777');
    await rig.staff.approve('staff-3', '7777', 'export');
    rig.staff.removeStaff('staff-3');
    expect(() => rig.staff.authorize('export')).toThrow(
      expect.objectContaining({ code: 'needs-manager' }),
    );
  });

  it('only a manager’s right PIN approves; wrong ones count toward that manager’s lockout', async () => {
    await calSignedIn();
    await rig.refused(() => rig.staff.approve(CAL, CASHIER_PIN, 'export'), 'not-allowed');
    // A cashier's id is refused before any PIN is checked: nothing counts against them.
    await rig.refused(() => rig.staff.approve(CAL, '99990000', 'export'), 'not-allowed');
    expect(rig.row(CAL)).toMatchObject({ failed_attempts: 0 });
    await rig.refused(() => rig.staff.approve('nobody', MANAGER_PIN, 'export'), 'unknown-staff');
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await rig.refused(() => rig.staff.approve(MIA, '99990000', 'export'), 'wrong-pin');
    }
    const locked = await rig.refused(() => rig.staff.approve(MIA, '99990000', 'export'), 'locked');
    expect(locked.lockedUntilMs).toBe(rig.clock.now() + 30_000);
    await rig.refused(() => rig.staff.approve(MIA, MANAGER_PIN, 'export'), 'locked');
    expect(() => rig.staff.authorize('export')).toThrow(
      expect.objectContaining({ code: 'needs-manager' }),
    );
    expect(
      rig.staff.auditEvents().filter((event) => event.action === 'pin-failed')[0],
    ).toMatchObject({
      actorId: CAL,
      target: MIA,
      detail: { purpose: 'approve', action: 'export' },
    });
    rig.staff.signOut();
    await rig.refused(() => rig.staff.signIn(MIA, MANAGER_PIN), 'locked');
  });
});
