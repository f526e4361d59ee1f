import { afterEach, describe, expect, it } from 'vitest';
import { CASHIER_PIN, MANAGER_PIN, rigWithTeam, type StaffRig } from './staff-rig';

// Wrong PINs lock one person out: five in a row → 30 s, then doubling per wrong PIN up to 15
// minutes; a right PIN resets; the count lives in the staff table, so a restart keeps it.
describe('StaffService: PIN lockout', () => {
  let rig: StaffRig;
  afterEach(() => rig.cleanup());
  const CAL = 'staff-2';
  const WRONG = '11112222';

  async function wrongPinsUntilLocked(): Promise<number> {
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await rig.refused(() => rig.staff.signIn(CAL, WRONG), 'wrong-pin');
    }
    const locked = await rig.refused(() => rig.staff.signIn(CAL, WRONG), 'locked');
    return locked.lockedUntilMs!;
  }

  it('locks after the fifth wrong PIN for 30 s, doubling with each further one, at most 15 minutes', async () => {
    rig = await rigWithTeam();
    rig.staff.signOut();
    expect(await wrongPinsUntilLocked()).toBe(rig.clock.now() + 30_000);

    // While locked, not even the right PIN is checked.
    const during = await rig.refused(() => rig.staff.signIn(CAL, CASHIER_PIN), 'locked');
    expect(during.lockedUntilMs).toBe(rig.clock.now() + 30_000);
    expect(during.message).toBe('Too many wrong PINs. Try again in 30 seconds.');
    rig.clock.advance(29_999);
    await rig.refused(() => rig.staff.signIn(CAL, CASHIER_PIN), 'locked');
    rig.clock.advance(1);

    const waits: number[] = [];
    for (let more = 0; more < 6; more += 1) {
      const refusal = await rig.refused(() => rig.staff.signIn(CAL, WRONG), 'locked');
      waits.push(refusal.lockedUntilMs! - rig.clock.now());
      rig.clock.advance(refusal.lockedUntilMs! - rig.clock.now());
    }
    expect(waits).toEqual([60_000, 120_000, 240_000, 480_000, 900_000, 900_000]);
    expect(rig.session().signedIn).toBeNull();

    const failed = rig.staff.auditEvents().filter((event) => event.action === 'pin-failed');
    const locks = rig.staff.auditEvents().filter((event) => event.action === 'pin-locked');
    expect(failed).toHaveLength(11);
    expect(failed.every((event) => event.target === CAL)).toBe(true);
    expect(locks.map((event) => event.detail.lockedForMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000,
    ]);
    expect(rig.row(CAL)).toMatchObject({ failed_attempts: 11 });
  });

  it('a right PIN resets the count: four more wrong ones pass again before the next lock', async () => {
    rig = await rigWithTeam();
    rig.staff.signOut();
    await wrongPinsUntilLocked();
    rig.clock.advance(30_000);
    const session = await rig.staff.signIn(CAL, CASHIER_PIN);
    expect(session.signedIn).toMatchObject({ staffId: CAL, name: 'Cal', role: 'cashier' });
    expect(rig.row(CAL)).toMatchObject({ failed_attempts: 0, locked_until_ms: null });
    rig.staff.signOut();
    expect(await wrongPinsUntilLocked()).toBe(rig.clock.now() + 30_000);
  });

  it('locks only the person whose PIN was wrong', async () => {
    rig = await rigWithTeam();
    rig.staff.signOut();
    await wrongPinsUntilLocked();
    const session = await rig.staff.signIn('staff-1', MANAGER_PIN);
    expect(session.signedIn?.staffId).toBe('staff-1');
  });

  it('survives a restart: a new service on the same database still refuses until the lock ends', async () => {
    rig = await rigWithTeam();
    rig.staff.signOut();
    const until = await wrongPinsUntilLocked();
    rig.newService();
    const refusal = await rig.refused(() => rig.staff.signIn(CAL, CASHIER_PIN), 'locked');
    expect(refusal.lockedUntilMs).toBe(until);
    rig.clock.set(until);
    // The count survived too: the next wrong PIN doubles the wait instead of starting over.
    const next = await rig.refused(() => rig.staff.signIn(CAL, WRONG), 'locked');
    expect(next.lockedUntilMs).toBe(rig.clock.now() + 60_000);
  });

  it('guesses sent all at once are checked one at a time, so the lock stops the burst', async () => {
    rig = await rigWithTeam();
    rig.staff.signOut();
    const guesses = Array.from({ length: 12 }, (_, index) =>
      rig.staff.signIn(CAL, String(20_000_000 + index)).then(
        () => 'signed-in',
        (error: { code: string }) => error.code,
      ),
    );
    const codes = await Promise.all(guesses);
    expect(codes.slice(0, 4)).toEqual(Array(4).fill('wrong-pin'));
    expect(codes.slice(4)).toEqual(Array(8).fill('locked'));
    expect(rig.row(CAL)).toMatchObject({ failed_attempts: 5 });
  });

  it('an unknown or removed person is refused as unknown, after the same scrypt work', async () => {
    rig = await rigWithTeam();
    await rig.refused(() => rig.staff.signIn('nobody', CASHIER_PIN), 'unknown-staff');
    rig.staff.removeStaff(CAL);
    await rig.refused(() => rig.staff.signIn(CAL, CASHIER_PIN), 'unknown-staff');
  });

  it('a PIN that is not 4 to 8 digits is refused without counting', async () => {
    rig = await rigWithTeam();
    for (const pin of ['123', '123456789', 'abcd', ' 4091827', '']) {
      const refusal = await rig.refused(() => rig.staff.signIn(CAL, pin), 'not-allowed');
      expect(refusal.message).toBe('A PIN is 4 to 8 digits.');
    }
    expect(rig.row(CAL)).toMatchObject({ failed_attempts: 0 });
  });
});
