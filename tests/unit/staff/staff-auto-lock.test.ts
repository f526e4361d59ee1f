import { afterEach, describe, expect, it } from 'vitest';
import { CASHIER_PIN, rigWithTeam, type StaffRig } from './staff-rig';

// A till nobody has used for autoLockMinutes signs out by itself, by the clock.
describe('StaffService: auto-lock', () => {
  let rig: StaffRig;
  afterEach(() => rig.cleanup());

  it('signs out after the set minutes without use, tells the listeners and audits it', async () => {
    rig = await rigWithTeam({ autoLockMinutes: 10 });
    await rig.staff.signIn('staff-2', CASHIER_PIN);
    rig.clock.advance(10 * 60_000 - 1);
    expect(rig.staff.actor()?.staffId).toBe('staff-2');
    rig.clock.advance(1);
    expect(rig.staff.actor()).toBeNull();
    expect(rig.sessions.at(-1)).toMatchObject({ pinsRequired: true, signedIn: null });
    expect(rig.staff.auditEvents().at(-1)).toMatchObject({
      action: 'auto-lock',
      actorId: 'staff-2',
      atMs: rig.clock.now(),
    });
    expect(rig.clock.pendingTimers()).toBe(0);
  });

  it('each use starts the countdown again', async () => {
    rig = await rigWithTeam({ autoLockMinutes: 2 });
    rig.clock.advance(90_000);
    rig.staff.touch();
    rig.clock.advance(90_000);
    rig.staff.touch();
    rig.clock.advance(119_999);
    expect(rig.staff.actor()?.staffId).toBe('staff-1');
    rig.clock.advance(1);
    expect(rig.staff.actor()).toBeNull();
  });

  it('0 minutes never locks; a new setting applies from the change', async () => {
    rig = await rigWithTeam({ autoLockMinutes: 0 });
    expect(rig.clock.pendingTimers()).toBe(0);
    rig.clock.advance(24 * 3_600_000);
    expect(rig.staff.actor()?.staffId).toBe('staff-1');
    rig.set({ autoLockMinutes: 1 });
    rig.clock.advance(60_000);
    expect(rig.staff.actor()).toBeNull();
  });

  it('signing out, or stopping the service, cancels the countdown', async () => {
    rig = await rigWithTeam({ autoLockMinutes: 5 });
    expect(rig.clock.pendingTimers()).toBe(1);
    rig.staff.signOut();
    expect(rig.clock.pendingTimers()).toBe(0);
    rig.staff.touch(); // nobody signed in: nothing to count down
    expect(rig.clock.pendingTimers()).toBe(0);
    await rig.staff.signIn('staff-2', CASHIER_PIN);
    expect(rig.clock.pendingTimers()).toBe(1);
    rig.staff.stop();
    expect(rig.clock.pendingTimers()).toBe(0);
  });
});
