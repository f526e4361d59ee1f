import { afterEach, describe, expect, it } from 'vitest';
import { hashPin } from '../../../electron/staff/pin-hash';
import { findSecret } from '../../support/secret-leak';
import { CASHIER_PIN, exportDay, MANAGER_PIN, rigWithTeam, type StaffRig } from './staff-rig';

describe('StaffService: the audit trail', () => {
  let rig: StaffRig;
  afterEach(() => rig.cleanup());

  it('keeps the lead’s own actions, oldest first, with their fields', async () => {
    rig = await rigWithTeam();
    rig.clock.advance(1_000);
    rig.staff.audit('settings-changed', {
      actorId: 'staff-1',
      approverId: null,
      target: 'currency',
      detail: { from: 'USD', to: 'EUR' },
    });
    rig.staff.audit('export');
    const events = rig.staff.auditEvents();
    expect(events.slice(-2)).toEqual([
      {
        auditId: events.at(-2)!.auditId,
        atMs: rig.clock.now(),
        action: 'settings-changed',
        actorId: 'staff-1',
        approverId: null,
        target: 'currency',
        detail: { from: 'USD', to: 'EUR' },
      },
      {
        auditId: events.at(-1)!.auditId,
        atMs: rig.clock.now(),
        action: 'export',
        actorId: null,
        approverId: null,
        target: null,
        detail: {},
      },
    ]);
    expect(events.map((event) => event.auditId)).toEqual(
      [...events.map((event) => event.auditId)].sort((a, b) => a - b),
    );
  });

  it('the database refuses to change or delete an audit row', async () => {
    rig = await rigWithTeam();
    const db = rig.temp.journal.db;
    const before = rig.staff.auditEvents();
    expect(before.length).toBeGreaterThan(0);
    expect(() => db.exec("UPDATE audit_events SET action = 'nothing'")).toThrow(/append-only/);
    expect(() => db.exec('DELETE FROM audit_events')).toThrow(/append-only/);
    expect(rig.staff.auditEvents()).toEqual(before);
  });

  it('takes a PIN or a hash out of what a caller passes', async () => {
    rig = await rigWithTeam();
    const hash = await hashPin('86420975');
    rig.staff.audit('careless', {
      detail: { pin: '86420975', nested: { pinHash: hash, note: hash, kept: 'ok' } },
    });
    expect(rig.staff.auditEvents().at(-1)?.detail).toEqual({
      pin: '[removed]',
      nested: { pinHash: '[removed]', note: '[removed]', kept: 'ok' },
    });
  });

  it('no PIN or hash reaches the audit trail, the log, a session or a refusal', async () => {
    rig = await rigWithTeam({ autoLockMinutes: 1 });
    const wrongPin = '31415926';
    const newPin = '27182818';
    const otherManagerPin = '16180339';
    rig.set({ provisionedManagers: [{ name: 'Ida', pinHash: await hashPin('14142135') }] });
    await rig.staff.addStaff('Ana', 'manager', otherManagerPin);
    rig.staff.signOut();
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await rig.refused(
        () => rig.staff.signIn('staff-2', wrongPin),
        attempt < 4 ? 'wrong-pin' : 'locked',
      );
    }
    await rig.refused(() => rig.staff.signIn('nobody', wrongPin), 'unknown-staff');
    await rig.staff.signIn('staff-1', MANAGER_PIN);
    const oldHash = rig.row('staff-2')?.pin_hash as string;
    await rig.staff.resetPin('staff-2', newPin);
    await rig.staff.signIn('staff-2', newPin);
    await rig.refused(() => rig.staff.approve('staff-1', wrongPin, exportDay()), 'wrong-pin');
    await rig.staff.approve('staff-1', MANAGER_PIN, exportDay());
    rig.staff.authorize(exportDay()).settle(null);
    rig.clock.advance(60_000); // auto-lock

    const hashes = (
      rig.temp.journal.db.prepare('SELECT pin_hash FROM staff').all() as { pin_hash: string }[]
    ).map((row) => row.pin_hash);
    hashes.push(oldHash);
    expect(new Set(hashes).size).toBe(5);
    const secrets = [
      MANAGER_PIN,
      CASHIER_PIN,
      wrongPin,
      newPin,
      otherManagerPin,
      '14142135',
      ...hashes,
      ...hashes.map((hash) => hash.split('$')[5]!),
    ];
    const rawAudit = rig.temp.journal.db.prepare('SELECT * FROM audit_events').all();
    const places = {
      audit: rig.staff.auditEvents(),
      rawAudit,
      log: rig.log.calls,
      sessions: [...rig.sessions, rig.session()],
      refusals: rig.refusals,
    };
    expect(rig.actions()).toEqual(
      expect.arrayContaining([
        'first-manager',
        'staff-added',
        'sign-out',
        'pin-failed',
        'pin-locked',
        'sign-in',
        'pin-reset',
        'manager-override',
        'auto-lock',
      ]),
    );
    expect(rig.refusals.length).toBeGreaterThan(5);
    for (const secret of secrets) {
      expect(findSecret(places, secret), secret).toEqual([]);
    }
  });
});
