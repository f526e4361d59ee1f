import { afterEach, describe, expect, it } from 'vitest';
import { hashPin } from '../../../electron/staff/pin-hash';
import { act, CASHIER_PIN, exportDay, MANAGER_PIN, rigWithTeam, type StaffRig } from './staff-rig';

const MIA = 'staff-1';
const CAL = 'staff-2';

const settingsAct = act('updateSettings', ['settings:shop'], { patch: { shopName: 'Corner' } });

// A cashier's act needs a permission their role lacks: a manager signed in, or a manager's PIN
// typed on the cashier's screen for that one act (a call with exactly its arguments), for that
// cashier, used once when the act succeeds, within two minutes.
describe('StaffService: the guard and manager approvals', () => {
  let rig: StaffRig;
  afterEach(() => rig.cleanup());

  async function calSignedIn(): Promise<void> {
    rig = await rigWithTeam();
    await rig.staff.signIn(CAL, CASHIER_PIN);
  }

  const refusedAsNeedingManager = (work: () => unknown) =>
    expect(work).toThrow(expect.objectContaining({ code: 'needs-manager' }));

  it('signed out: every guarded act and every sale step is refused', async () => {
    rig = await rigWithTeam();
    rig.staff.signOut();
    expect(() => rig.staff.authorize(exportDay())).toThrow(
      expect.objectContaining({ code: 'signed-out', message: 'Sign in first.' }),
    );
    expect(() => rig.staff.authorize(act('startQrSale', ['sell']))).toThrow(
      expect.objectContaining({ code: 'signed-out' }),
    );
    expect(() => rig.staff.requireSignedIn()).toThrow(
      expect.objectContaining({ code: 'signed-out' }),
    );
    expect(rig.staff.actor()).toBeNull();
  });

  it('a manager signed in may do everything, with nobody else approving', async () => {
    rig = await rigWithTeam();
    expect(rig.staff.authorize(settingsAct)).toMatchObject({ actorId: MIA, approverId: null });
    expect(rig.staff.authorize(act('addStaff', ['manage-staff']))).toMatchObject({
      actorId: MIA,
      approverId: null,
    });
    expect(rig.actions()).not.toContain('manager-override');
  });

  it('a cashier sells on their own permission, and needs a manager for the rest', async () => {
    await calSignedIn();
    expect(rig.staff.authorize(act('startQrSale', ['sell']))).toMatchObject({
      actorId: CAL,
      approverId: null,
    });
    const refusal = (() => {
      try {
        rig.staff.authorize(exportDay());
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toMatchObject({
      code: 'needs-manager',
      detail: { action: 'export-reports', permissions: ['export-reports'], approvers: [MIA] },
    });
  });

  it('an approval works once, when its act succeeds, and is audited with both names', async () => {
    await calSignedIn();
    await rig.staff.approve(MIA, MANAGER_PIN, exportDay());
    const grant = rig.staff.authorize(exportDay());
    expect(grant).toMatchObject({ actorId: CAL, approverId: MIA });
    grant.settle(null);
    expect(rig.staff.auditEvents().at(-1)).toMatchObject({
      action: 'manager-override',
      actorId: CAL,
      approverId: MIA,
      target: 'exportCsv',
      detail: {
        call: 'exportCsv',
        permissions: ['export-reports'],
        object: { fromDate: '2026-11-22', toDate: '2026-11-22' },
        outcome: 'done',
      },
    });
    refusedAsNeedingManager(() => rig.staff.authorize(exportDay()));
    // The cashier stays signed in as themselves.
    expect(rig.staff.actor()).toMatchObject({ staffId: CAL, role: 'cashier' });
  });

  it('an act that fails leaves its approval for a retry, audited as failed', async () => {
    await calSignedIn();
    await rig.staff.approve(MIA, MANAGER_PIN, exportDay());
    rig.staff.authorize(exportDay()).settle('storage');
    expect(rig.staff.auditEvents().at(-1)).toMatchObject({
      action: 'manager-override',
      detail: { outcome: 'failed', failure: 'storage' },
    });
    rig.staff.authorize(exportDay()).settle(null);
    refusedAsNeedingManager(() => rig.staff.authorize(exportDay()));
  });

  it('an export not saved (its dialog closed) leaves its approval, audited as cancelled', async () => {
    await calSignedIn();
    await rig.staff.approve(MIA, MANAGER_PIN, exportDay());
    rig.staff.authorize(exportDay()).settle('cancelled');
    expect(rig.staff.auditEvents().at(-1)).toMatchObject({
      action: 'manager-override',
      detail: { outcome: 'cancelled' },
    });
    expect(rig.staff.auditEvents().at(-1)!.detail).not.toHaveProperty('failure');
    rig.staff.authorize(exportDay()).settle(null);
    refusedAsNeedingManager(() => rig.staff.authorize(exportDay()));
  });

  it('an approval is held by the act running on it: the same act at once again is refused', async () => {
    await calSignedIn();
    await rig.staff.approve(MIA, MANAGER_PIN, exportDay());
    const running = rig.staff.authorize(exportDay());
    refusedAsNeedingManager(() => rig.staff.authorize(exportDay()));
    running.settle('internal');
    rig.staff.authorize(exportDay()).settle(null);
  });

  it('an approval is for the one act it was given for: call and arguments', async () => {
    await calSignedIn();
    await rig.staff.approve(MIA, MANAGER_PIN, exportDay());
    refusedAsNeedingManager(() => rig.staff.authorize(exportDay('2026-11-21')));
    refusedAsNeedingManager(() =>
      rig.staff.authorize(
        act('exportZReportCsv', ['export-reports'], {
          fromDate: '2026-11-22',
          toDate: '2026-11-22',
        }),
      ),
    );
    expect(rig.staff.authorize(exportDay()).approverId).toBe(MIA);
  });

  it('an approval lapses two minutes after the PIN, by the clock', async () => {
    await calSignedIn();
    await rig.staff.approve(MIA, MANAGER_PIN, exportDay());
    rig.clock.advance(119_999);
    expect(rig.staff.authorize(exportDay()).approverId).toBe(MIA);
    await rig.staff.approve(MIA, MANAGER_PIN, exportDay());
    rig.clock.advance(120_000);
    refusedAsNeedingManager(() => rig.staff.authorize(exportDay()));
  });

  it('an approval does not outlive the cashier’s session', async () => {
    await calSignedIn();
    await rig.staff.approve(MIA, MANAGER_PIN, exportDay());
    rig.staff.signOut();
    await rig.staff.signIn(CAL, CASHIER_PIN);
    refusedAsNeedingManager(() => rig.staff.authorize(exportDay()));
  });

  it('an approval is refused with nobody signed in, and with PINs off', async () => {
    rig = await rigWithTeam();
    rig.staff.signOut();
    await rig.refused(() => rig.staff.approve(MIA, MANAGER_PIN, exportDay()), 'signed-out');
    rig.set({ staffPinsRequired: false });
    await rig.refused(() => rig.staff.approve(MIA, MANAGER_PIN, exportDay()), 'not-allowed');
  });

  it('a manager removed since approving no longer vouches', async () => {
    await calSignedIn();
    // IT's manager Ida approves, then IT's policy drops her while Cal is still signed in.
    rig.set({ provisionedManagers: [{ name: 'Ida', pinHash: await hashPin('14142135') }] });
    await rig.staff.approve('staff-3', '14142135', exportDay());
    rig.set({ provisionedManagers: [] });
    expect(rig.staff.actor()).toMatchObject({ staffId: CAL });
    refusedAsNeedingManager(() => rig.staff.authorize(exportDay()));
  });

  it('never lends who may do what: staff changes and PINs off need a manager signed in', async () => {
    await calSignedIn();
    const pinsOff = act('updateSettings', ['settings:staff', 'manage-staff'], {}, true);
    for (const selfOnly of [act('addStaff', ['manage-staff']), pinsOff]) {
      await rig.refused(() => rig.staff.approve(MIA, MANAGER_PIN, selfOnly), 'not-allowed');
      expect(() => rig.staff.authorize(selfOnly)).toThrow(
        expect.objectContaining({
          code: 'not-allowed',
          message: 'Only a manager signed in as themselves can change who may do what.',
        }),
      );
    }
    // The one manager, signed in, may turn PINs off; not while another manager is listed.
    rig.staff.signOut();
    await rig.staff.signIn(MIA, MANAGER_PIN);
    expect(rig.staff.authorize(pinsOff)).toMatchObject({ actorId: MIA, approverId: null });
    await rig.staff.addStaff('Ana', 'manager', '7777');
    expect(() => rig.staff.authorize(pinsOff)).toThrow(
      expect.objectContaining({ code: 'not-allowed' }),
    );
  });

  it('only the right PIN of someone who may do the act approves it', async () => {
    await calSignedIn();
    await rig.refused(() => rig.staff.approve(CAL, CASHIER_PIN, exportDay()), 'not-allowed');
    // A cashier's id is refused before any PIN is checked: nothing counts against them.
    await rig.refused(() => rig.staff.approve(CAL, '99990000', exportDay()), 'not-allowed');
    expect(rig.row(CAL)).toMatchObject({ failed_attempts: 0, approve_failed_attempts: 0 });
    await rig.refused(() => rig.staff.approve('nobody', MANAGER_PIN, exportDay()), 'unknown-staff');
    // What the cashier may do alone needs nobody's PIN.
    await rig.refused(
      () => rig.staff.approve(MIA, MANAGER_PIN, act('startQrSale', ['sell'])),
      'not-allowed',
    );
  });

  it("wrong PINs typed to approve lock that manager's approvals, never their sign-in", async () => {
    await calSignedIn();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await rig.refused(() => rig.staff.approve(MIA, '99990000', exportDay()), 'wrong-pin');
    }
    const locked = await rig.refused(
      () => rig.staff.approve(MIA, '99990000', exportDay()),
      'locked',
    );
    expect(locked.lockedUntilMs).toBe(rig.clock.now() + 30_000);
    await rig.refused(() => rig.staff.approve(MIA, MANAGER_PIN, exportDay()), 'locked');
    refusedAsNeedingManager(() => rig.staff.authorize(exportDay()));
    expect(
      rig.staff.auditEvents().filter((event) => event.action === 'pin-failed')[0],
    ).toMatchObject({
      actorId: CAL,
      target: MIA,
      detail: { purpose: 'approve', call: 'exportCsv' },
    });
    expect(rig.row(MIA)).toMatchObject({ failed_attempts: 0, approve_failed_attempts: 5 });
    rig.staff.signOut();
    await rig.staff.signIn(MIA, MANAGER_PIN);
    expect(rig.staff.actor()).toMatchObject({ staffId: MIA });
  });
});
