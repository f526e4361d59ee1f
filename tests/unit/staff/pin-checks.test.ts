import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PinHash from '../../../electron/staff/pin-hash';

// A separate file: this mock of pin-hash records every PIN comparison and can hold one open,
// so a test can change the staff list while scrypt is still running.
const verify = vi.hoisted(() => ({
  calls: [] as { pin: string; stored: string }[],
  /** The next comparison waits for `release` after telling `reached` it has started. */
  hold: null as null | { reached: () => void; release: Promise<void> },
}));
vi.mock('../../../electron/staff/pin-hash', async (importOriginal) => {
  const actual = await importOriginal<typeof PinHash>();
  return {
    ...actual,
    verifyPin: async (pin: string, stored: string) => {
      verify.calls.push({ pin, stored });
      const hold = verify.hold;
      verify.hold = null;
      const right = await actual.verifyPin(pin, stored);
      if (hold) {
        hold.reached();
        await hold.release;
      }
      return right;
    },
  };
});

const { PinChecks } = await import('../../../electron/staff/pin-checks');
const { AuditTrail } = await import('../../../electron/staff/audit-trail');
const { StaffStore } = await import('../../../electron/staff/staff-store');
const { CASHIER_PIN, MANAGER_PIN, rigWithTeam } = await import('./staff-rig');
const { ManualClock } = await import('../../support/manual-clock');

type Rig = Awaited<ReturnType<typeof rigWithTeam>>;

/** Holds the next PIN comparison once its hash is done, until the test lets it go on. */
function holdNextComparison(): { reached: Promise<void>; release: () => void } {
  let reached!: () => void;
  let release!: () => void;
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  const releasePromise = new Promise<void>((resolve) => (release = resolve));
  verify.hold = { reached, release: releasePromise };
  return { reached: reachedPromise, release };
}

// PinChecks on the staff table of a real SQLite journal (Mia, manager, staff-1; Cal, cashier,
// staff-2), its own audit trail on the same database and the rig's manual clock. The list is
// changed through the rig's StaffService, as the till changes it.
describe('PinChecks', () => {
  let rig: Rig;
  let checks: InstanceType<typeof PinChecks>;
  const MIA = 'staff-1';
  const CAL = 'staff-2';
  const WRONG = '11112222';
  const atSignIn = { purpose: 'sign-in', actorId: null } as const;

  beforeEach(async () => {
    rig = await rigWithTeam();
    rig.staff.signOut();
    const db = rig.temp.journal.db;
    checks = new PinChecks(
      new StaffStore(db),
      new AuditTrail(db, rig.clock),
      rig.clock,
      rig.log.logger,
    );
    verify.calls = [];
    verify.hold = null;
  });
  afterEach(() => rig.cleanup());

  const pinFailed = () => rig.staff.auditEvents().filter((event) => event.action === 'pin-failed');
  const pinLocked = () => rig.staff.auditEvents().filter((event) => event.action === 'pin-locked');
  const warnings = () => rig.log.calls.filter((call) => call.level === 'warn');

  async function wrongPins(count: number): Promise<void> {
    for (let attempt = 1; attempt <= count; attempt += 1) {
      await rig.refused(() => checks.check(CAL, WRONG, atSignIn), 'wrong-pin');
    }
  }

  describe('the right PIN', () => {
    it("returns the person's row with the count cleared", async () => {
      const hash = rig.row(CAL)!.pin_hash;
      const row = await checks.check(CAL, CASHIER_PIN, atSignIn);
      expect(row).toEqual({
        staffId: CAL,
        name: 'Cal',
        role: 'cashier',
        pinHash: hash,
        source: 'local',
        failedAttempts: 0,
        lockedUntilMs: null,
        approveFailedAttempts: 0,
        approveLockedUntilMs: null,
        removedAtMs: null,
      });
      expect(verify.calls).toEqual([{ pin: CASHIER_PIN, stored: hash }]);
    });

    it('after wrong ones returns and stores a count of 0', async () => {
      await wrongPins(3);
      expect(rig.row(CAL)).toMatchObject({ failed_attempts: 3 });
      const row = await checks.check(CAL, CASHIER_PIN, atSignIn);
      expect(row).toMatchObject({ staffId: CAL, failedAttempts: 0, lockedUntilMs: null });
      expect(rig.row(CAL)).toMatchObject({ failed_attempts: 0, locked_until_ms: null });
    });

    it('after a lock has run out returns and stores no lock', async () => {
      await wrongPins(4);
      await rig.refused(() => checks.check(CAL, WRONG, atSignIn), 'locked');
      rig.clock.advance(30_000);
      const row = await checks.check(CAL, CASHIER_PIN, atSignIn);
      expect(row).toMatchObject({ staffId: CAL, failedAttempts: 0, lockedUntilMs: null });
      expect(rig.row(CAL)).toMatchObject({ failed_attempts: 0, locked_until_ms: null });
    });

    it("is only that person's: Mia's PIN for Cal is wrong, and Cal's for Mia", async () => {
      await rig.refused(() => checks.check(CAL, MANAGER_PIN, atSignIn), 'wrong-pin');
      await rig.refused(() => checks.check(MIA, CASHIER_PIN, atSignIn), 'wrong-pin');
      expect((await checks.check(MIA, MANAGER_PIN, atSignIn)).staffId).toBe(MIA);
    });
  });

  describe('the PIN format', () => {
    it('takes 4 to 8 digits and refuses 3 and 9 without comparing or counting', async () => {
      await rig.staff.addStaff('Fay', 'cashier', '4821');
      await rig.staff.addStaff('Ede', 'cashier', '48213579');
      verify.calls = [];
      expect((await checks.check('staff-3', '4821', atSignIn)).name).toBe('Fay');
      expect((await checks.check('staff-4', '48213579', atSignIn)).name).toBe('Ede');
      expect(verify.calls).toHaveLength(2);
      for (const [staffId, pin] of [
        ['staff-3', '482'],
        ['staff-4', '482135790'],
      ] as const) {
        const refusal = await rig.refused(
          () => checks.check(staffId, pin, atSignIn),
          'not-allowed',
        );
        expect(refusal.message).toBe('A PIN is 4 to 8 digits.');
      }
      expect(verify.calls).toHaveLength(2);
      expect(pinFailed()).toEqual([]);
    });
  });

  describe('a wrong PIN', () => {
    it('is refused as wrong and recorded with who typed it, for whom and why', async () => {
      const refusal = await rig.refused(
        () =>
          checks.check(MIA, WRONG, {
            purpose: 'approve',
            actorId: CAL,
            detail: { action: 'refund' },
          }),
        'wrong-pin',
      );
      expect(refusal.message).toBe('That PIN is not right. Try again.');
      expect(refusal.lockedUntilMs).toBeUndefined();
      expect(pinFailed()).toEqual([
        expect.objectContaining({
          atMs: rig.clock.now(),
          actorId: CAL,
          target: MIA,
          detail: { purpose: 'approve', failedAttempts: 1, action: 'refund' },
        }),
      ]);
      // Counted as a wrong PIN at an approval prompt, apart from Mia's own sign-in.
      expect(rig.row(MIA)).toMatchObject({
        failed_attempts: 0,
        locked_until_ms: null,
        approve_failed_attempts: 1,
        approve_locked_until_ms: null,
      });
      expect(rig.row(CAL)).toMatchObject({ failed_attempts: 0, approve_failed_attempts: 0 });
    });

    it('at the sign-in screen is recorded with nobody as the actor', async () => {
      await rig.refused(() => checks.check(CAL, WRONG, atSignIn), 'wrong-pin');
      expect(pinFailed()).toEqual([
        expect.objectContaining({
          actorId: null,
          target: CAL,
          detail: { purpose: 'sign-in', failedAttempts: 1 },
        }),
      ]);
    });
  });

  describe('the lockout', () => {
    it('the fourth wrong PIN does not lock; the fifth locks 30 s, recorded and logged', async () => {
      await wrongPins(4);
      expect(pinLocked()).toEqual([]);
      expect(warnings()).toEqual([]);
      expect(rig.row(CAL)).toMatchObject({ failed_attempts: 4, locked_until_ms: null });

      rig.clock.advance(5_000);
      const nowMs = rig.clock.now();
      const refusal = await rig.refused(() => checks.check(CAL, WRONG, atSignIn), 'locked');
      expect(refusal.lockedUntilMs).toBe(nowMs + 30_000);
      expect(refusal.message).toBe('Too many wrong PINs. Try again in 30 seconds.');
      expect(rig.row(CAL)).toMatchObject({ failed_attempts: 5, locked_until_ms: nowMs + 30_000 });
      expect(pinFailed()).toHaveLength(5);
      expect(pinLocked()).toEqual([
        expect.objectContaining({
          atMs: nowMs,
          actorId: null,
          target: CAL,
          detail: { failedAttempts: 5, lockedUntilMs: nowMs + 30_000, lockedForMs: 30_000 },
        }),
      ]);
      expect(warnings()).toEqual([
        {
          level: 'warn',
          message: 'staff PIN locked after wrong PINs',
          fields: { staffId: CAL, failedAttempts: 5, lockedForMs: 30_000 },
        },
      ]);
    });

    it('refuses every PIN until the lock ends, without comparing it, and says how long is left', async () => {
      await wrongPins(4);
      await rig.refused(() => checks.check(CAL, WRONG, atSignIn), 'locked');
      const until = rig.clock.now() + 30_000;
      verify.calls = [];

      rig.clock.advance(10_000);
      const early = await rig.refused(() => checks.check(CAL, CASHIER_PIN, atSignIn), 'locked');
      expect(early.lockedUntilMs).toBe(until);
      expect(early.message).toBe('Too many wrong PINs. Try again in 20 seconds.');

      rig.clock.set(until - 1);
      const last = await rig.refused(() => checks.check(CAL, CASHIER_PIN, atSignIn), 'locked');
      expect(last.lockedUntilMs).toBe(until);
      expect(last.message).toBe('Too many wrong PINs. Try again in 1 second.');
      expect(verify.calls).toEqual([]);
      expect(rig.row(CAL)).toMatchObject({ failed_attempts: 5 });
      expect(pinFailed()).toHaveLength(5);

      // At the very millisecond the lock ends the PIN is compared again.
      rig.clock.set(until);
      expect((await checks.check(CAL, CASHIER_PIN, atSignIn)).staffId).toBe(CAL);
      expect(verify.calls).toHaveLength(1);
    });

    it('a wrong PIN once the lock has ended locks again, twice as long', async () => {
      await wrongPins(4);
      await rig.refused(() => checks.check(CAL, WRONG, atSignIn), 'locked');
      rig.clock.advance(30_001);
      const nowMs = rig.clock.now();
      const refusal = await rig.refused(() => checks.check(CAL, WRONG, atSignIn), 'locked');
      expect(refusal.lockedUntilMs).toBe(nowMs + 60_000);
      expect(refusal.message).toBe('Too many wrong PINs. Try again in 1 minute.');
      expect(pinLocked().map((event) => event.detail)).toEqual([
        { failedAttempts: 5, lockedUntilMs: nowMs - 1, lockedForMs: 30_000 },
        { failedAttempts: 6, lockedUntilMs: nowMs + 60_000, lockedForMs: 60_000 },
      ]);
    });

    it('somebody never locked is compared whatever the clock reads, even before 1970', async () => {
      // A till whose clock was reset: "no lock" must not read as a lock until time 0.
      const db = rig.temp.journal.db;
      const early = new ManualClock(-60_000);
      const earlyChecks = new PinChecks(
        new StaffStore(db),
        new AuditTrail(db, early),
        early,
        rig.log.logger,
      );
      expect(rig.row(CAL)).toMatchObject({ locked_until_ms: null });
      expect((await earlyChecks.check(CAL, CASHIER_PIN, atSignIn)).staffId).toBe(CAL);
    });

    it("one person's lock leaves the others' PINs alone", async () => {
      await wrongPins(4);
      await rig.refused(() => checks.check(CAL, WRONG, atSignIn), 'locked');
      expect((await checks.check(MIA, MANAGER_PIN, atSignIn)).staffId).toBe(MIA);
      expect(rig.row(MIA)).toMatchObject({ failed_attempts: 0, locked_until_ms: null });
    });
  });

  // A manager's PIN typed at a cashier's approval prompt counts in a run of its own: whoever
  // guesses there locks that manager's approvals, never the manager's own sign-in.
  describe('at an approval prompt', () => {
    const atPrompt = { purpose: 'approve', actorId: CAL } as const;

    async function wrongAtPrompt(count: number): Promise<void> {
      for (let attempt = 1; attempt <= count; attempt += 1) {
        await rig.refused(() => checks.check(MIA, WRONG, atPrompt), 'wrong-pin');
      }
    }

    it('counts wrong PINs apart, and the fifth locks approvals by that manager 30 s', async () => {
      await wrongAtPrompt(4);
      expect(rig.row(MIA)).toMatchObject({ failed_attempts: 0, approve_failed_attempts: 4 });
      const nowMs = rig.clock.now();
      const refusal = await rig.refused(() => checks.check(MIA, WRONG, atPrompt), 'locked');
      expect(refusal.lockedUntilMs).toBe(nowMs + 30_000);
      expect(rig.row(MIA)).toMatchObject({
        failed_attempts: 0,
        locked_until_ms: null,
        approve_failed_attempts: 5,
        approve_locked_until_ms: nowMs + 30_000,
      });
      expect(pinLocked()).toEqual([
        expect.objectContaining({
          actorId: CAL,
          target: MIA,
          detail: expect.objectContaining({ failedAttempts: 5 }),
        }),
      ]);
    });

    it("while approvals are locked, refuses the right PIN there uncompared; the manager's sign-in takes it", async () => {
      await wrongAtPrompt(4);
      await rig.refused(() => checks.check(MIA, WRONG, atPrompt), 'locked');
      const until = rig.clock.now() + 30_000;
      verify.calls = [];
      rig.clock.set(until - 1);
      const early = await rig.refused(() => checks.check(MIA, MANAGER_PIN, atPrompt), 'locked');
      expect(early.lockedUntilMs).toBe(until);
      expect(verify.calls).toEqual([]);
      expect((await checks.check(MIA, MANAGER_PIN, atSignIn)).staffId).toBe(MIA);
      // Signing in clears the sign-in's run only: the prompt's lock stands.
      expect(rig.row(MIA)).toMatchObject({
        approve_failed_attempts: 5,
        approve_locked_until_ms: until,
      });
      rig.clock.set(until);
      const row = await checks.check(MIA, MANAGER_PIN, atPrompt);
      expect(row).toMatchObject({
        staffId: MIA,
        approveFailedAttempts: 0,
        approveLockedUntilMs: null,
      });
      expect(rig.row(MIA)).toMatchObject({
        approve_failed_attempts: 0,
        approve_locked_until_ms: null,
      });
    });

    it("a locked sign-in leaves the prompt's run alone, and the prompt's right PIN leaves the sign-in's", async () => {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await rig.refused(
          () => checks.check(MIA, WRONG, atSignIn),
          attempt < 5 ? 'wrong-pin' : 'locked',
        );
      }
      const lockedUntil = rig.row(MIA)!.locked_until_ms;
      await wrongAtPrompt(2);
      const row = await checks.check(MIA, MANAGER_PIN, atPrompt);
      expect(row).toMatchObject({
        failedAttempts: 5,
        lockedUntilMs: lockedUntil,
        approveFailedAttempts: 0,
        approveLockedUntilMs: null,
      });
      expect(rig.row(MIA)).toMatchObject({
        failed_attempts: 5,
        locked_until_ms: lockedUntil,
        approve_failed_attempts: 0,
      });
      await rig.refused(() => checks.check(MIA, MANAGER_PIN, atSignIn), 'locked');
    });

    it("the sign-in's right PIN returns the prompt's run as it stands", async () => {
      await wrongAtPrompt(2);
      expect(await checks.check(MIA, MANAGER_PIN, atSignIn)).toMatchObject({
        failedAttempts: 0,
        lockedUntilMs: null,
        approveFailedAttempts: 2,
        approveLockedUntilMs: null,
      });
    });

    it('a new PIN ends both runs', async () => {
      await wrongAtPrompt(4);
      await rig.refused(() => checks.check(MIA, WRONG, atPrompt), 'locked');
      await rig.refused(() => checks.check(MIA, WRONG, atSignIn), 'wrong-pin');
      rig.staff.signOut();
      await rig.staff.signIn(MIA, MANAGER_PIN);
      await rig.staff.resetPin(MIA, '24681357');
      expect(rig.row(MIA)).toMatchObject({
        failed_attempts: 0,
        locked_until_ms: null,
        approve_failed_attempts: 0,
        approve_locked_until_ms: null,
      });
    });
  });

  describe('somebody not on the list', () => {
    it('is refused as unknown, never there or removed, and nothing is counted', async () => {
      for (const staffId of ['nobody', '']) {
        const refusal = await rig.refused(
          () => checks.check(staffId, CASHIER_PIN, atSignIn),
          'unknown-staff',
        );
        expect(refusal.message).toBe('That name is not on the staff list.');
      }
      rig.staff.removeStaff(CAL);
      await rig.refused(() => checks.check(CAL, CASHIER_PIN, atSignIn), 'unknown-staff');
      expect(verify.calls).toEqual([]);
      expect(pinFailed()).toEqual([]);
      expect(rig.row(CAL)).toMatchObject({ failed_attempts: 0 });
    });
  });

  describe('one at a time', () => {
    it('a check after a refused one still runs', async () => {
      const first = checks.check(CAL, '123', atSignIn);
      const second = checks.check(CAL, CASHIER_PIN, atSignIn);
      await expect(first).rejects.toMatchObject({ code: 'not-allowed' });
      expect((await second).staffId).toBe(CAL);
    });

    it('a second check waits until the first one has counted its wrong PIN', async () => {
      await wrongPins(3);
      const held = holdNextComparison();
      const fourth = checks.check(CAL, WRONG, atSignIn);
      const fifth = checks.check(CAL, WRONG, atSignIn);
      await held.reached;
      // The fifth has not been compared yet: only the fourth is on its way.
      expect(verify.calls.slice(-1)).toEqual([{ pin: WRONG, stored: rig.row(CAL)!.pin_hash }]);
      expect(verify.calls).toHaveLength(4);
      held.release();
      await expect(fourth).rejects.toMatchObject({ code: 'wrong-pin' });
      await expect(fifth).rejects.toMatchObject({ code: 'locked' });
    });
  });

  // scrypt is slow and runs off the main thread: the staff list may change between reading a
  // person's hash and learning whether the PIN matched it. The check must go by the list as it
  // is when the comparison ends, never by the one it started from.
  describe('the list changing while a PIN is compared', () => {
    const NEW_PIN = '73029184';

    it('a PIN reset during the check: the old PIN is refused as wrong, and counted', async () => {
      const oldHash = rig.row(CAL)!.pin_hash;
      const held = holdNextComparison();
      const check = checks.check(CAL, CASHIER_PIN, atSignIn);
      await held.reached;
      await rig.staff.resetPin(CAL, NEW_PIN);
      const newHash = rig.row(CAL)!.pin_hash;
      expect(newHash).not.toBe(oldHash);
      held.release();

      let caught: unknown;
      await check.catch((error: unknown) => (caught = error));
      expect(caught).toMatchObject({ code: 'wrong-pin' });
      // Compared again, against the PIN set meanwhile.
      expect(verify.calls).toEqual([
        { pin: CASHIER_PIN, stored: oldHash },
        { pin: CASHIER_PIN, stored: newHash },
      ]);
      expect(rig.row(CAL)).toMatchObject({ failed_attempts: 1 });
      expect((await checks.check(CAL, NEW_PIN, atSignIn)).pinHash).toBe(newHash);
    });

    it('a PIN reset during the check: the new PIN, typed before the reset landed, is taken', async () => {
      const held = holdNextComparison();
      const check = checks.check(CAL, NEW_PIN, atSignIn);
      await held.reached;
      await rig.staff.resetPin(CAL, NEW_PIN);
      held.release();
      const row = await check;
      expect(row.pinHash).toBe(rig.row(CAL)!.pin_hash);
      expect(rig.row(CAL)).toMatchObject({ failed_attempts: 0 });
      expect(pinFailed()).toEqual([]);
    });

    it('a reset to the same PIN during the check: compared again and still taken', async () => {
      const held = holdNextComparison();
      const check = checks.check(CAL, CASHIER_PIN, atSignIn);
      await held.reached;
      await rig.staff.resetPin(CAL, CASHIER_PIN);
      held.release();
      expect((await check).pinHash).toBe(rig.row(CAL)!.pin_hash);
      expect(verify.calls).toHaveLength(2);
    });

    it("another person's PIN reset during the check changes nothing for this one", async () => {
      const held = holdNextComparison();
      const check = checks.check(CAL, CASHIER_PIN, atSignIn);
      await held.reached;
      await rig.staff.addStaff('Dee', 'cashier', '5555');
      await rig.staff.resetPin('staff-3', NEW_PIN);
      held.release();
      expect((await check).staffId).toBe(CAL);
      expect(verify.calls).toHaveLength(1);
    });

    it('a removal during the check: the right PIN of the removed person is refused as unknown', async () => {
      const held = holdNextComparison();
      const check = checks.check(CAL, CASHIER_PIN, atSignIn);
      await held.reached;
      rig.staff.removeStaff(CAL);
      held.release();

      let caught: unknown;
      await check.catch((error: unknown) => (caught = error));
      expect(caught).toMatchObject({ code: 'unknown-staff' });
      expect(verify.calls).toHaveLength(1);
      expect(rig.row(CAL)).toMatchObject({ failed_attempts: 0 });
    });

    it('a removal during the check of a wrong PIN: unknown, and nothing counted', async () => {
      const held = holdNextComparison();
      const check = checks.check(CAL, WRONG, atSignIn);
      await held.reached;
      rig.staff.removeStaff(CAL);
      held.release();
      await expect(check).rejects.toMatchObject({ code: 'unknown-staff' });
      expect(pinFailed()).toEqual([]);
      expect(rig.row(CAL)).toMatchObject({ failed_attempts: 0 });
    });
  });
});
