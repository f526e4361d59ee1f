import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteOrderJournal } from '../../../electron/journal/sqlite-order-journal';
import { CHAIN_START, rowHash } from '../../../electron/staff/audit-chain';
import { AuditChainEndFile } from '../../../electron/staff/audit-chain-end-file';
import { AuditChainWatch } from '../../../electron/staff/audit-chain-watch';
import { AuditTrail } from '../../../electron/staff/audit-trail';
import { ManualClock } from '../../support/manual-clock';
import { recordingLogger } from '../../support/secret-leak';

// The audit trail's hash chain on a real journal file on disk: rows written through the
// journal, the file then changed by hand as someone with the file would (node:sqlite directly,
// the append-only triggers dropped), and the journal opened again as at the next start.

let dir: string;
let path: string;
const clock = new ManualClock(Date.UTC(2026, 10, 22, 9, 0, 0));
const opened: { close(): void }[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'audit-chain-'));
  path = join(dir, 'journal.sqlite');
});
afterEach(() => {
  for (const one of opened.splice(0)) one.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The journal opened as the app opens it at start, with its trail and the chain's check. */
function start() {
  const journal = new SqliteOrderJournal({ path, clock });
  opened.push(journal);
  const log = recordingLogger();
  const trail = new AuditTrail(journal.db, clock);
  const watch = new AuditChainWatch(trail, clock, log.logger);
  return { journal, trail, watch, log, status: watch.check() };
}

/** Five rows written by the till, then the journal closed (one file, no WAL beside it). */
function tillWroteFiveRows(): void {
  const { journal, trail } = start();
  for (const [index, action] of [
    'sign-in',
    'settings-changed',
    'export',
    'pin-reset',
    'sign-out',
  ].entries()) {
    clock.advance(1_000);
    trail.append(action, {
      actorId: 'staff-1',
      object: { kind: 'settings', id: `key-${index}` },
      before: { value: index },
      after: { value: index + 1 },
      outcome: 'done',
    });
  }
  journal.close();
  opened.splice(opened.indexOf(journal), 1);
}

/** The file changed by hand: the triggers dropped, then `sql` run, the file closed. */
function editByHand(sql: string): void {
  const db = new DatabaseSync(path);
  try {
    db.exec(`
      DROP TRIGGER IF EXISTS audit_events_no_update;
      DROP TRIGGER IF EXISTS audit_events_no_delete;
      DROP TRIGGER IF EXISTS audit_events_chained;
      ${sql}
    `);
  } finally {
    db.close();
  }
}

type Raw = {
  audit_id: number;
  at_ms: number;
  action: string;
  actor_id: string | null;
  approver_id: string | null;
  target: string | null;
  object_kind: string | null;
  before_value: string | null;
  after_value: string | null;
  reason: string | null;
  outcome: string | null;
  detail: string;
  row_hash: string;
};

describe('the audit chain', () => {
  it('chains each row to the one before with SHA-256 over its fields, and finds it intact', () => {
    const { trail, journal } = start();
    clock.advance(500);
    trail.append('manual-price-set', {
      actorId: 'staff-2',
      approverId: 'staff-1',
      object: { kind: 'manual price', id: 'ETH' },
      before: null,
      after: '2950',
      reason: 'the provider is down',
      outcome: 'done',
      detail: { currency: 'EUR' },
    });
    trail.append('sign-out', { actorId: 'staff-2' });
    const rows = journal.db.prepare('SELECT * FROM audit_events ORDER BY audit_id').all() as Raw[];

    expect(rows).toEqual([
      {
        audit_id: 1,
        at_ms: clock.now(),
        action: 'manual-price-set',
        actor_id: 'staff-2',
        approver_id: 'staff-1',
        target: 'ETH',
        object_kind: 'manual price',
        before_value: 'null',
        after_value: '"2950"',
        reason: 'the provider is down',
        outcome: 'done',
        detail: '{"currency":"EUR"}',
        row_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
      {
        audit_id: 2,
        at_ms: clock.now(),
        action: 'sign-out',
        actor_id: 'staff-2',
        approver_id: null,
        target: null,
        object_kind: null,
        before_value: null,
        after_value: null,
        reason: null,
        outcome: null,
        detail: '{}',
        row_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    const fields = (raw: Raw) => ({
      auditId: raw.audit_id,
      atMs: raw.at_ms,
      action: raw.action,
      actorId: raw.actor_id,
      approverId: raw.approver_id,
      target: raw.target,
      objectKind: raw.object_kind,
      before: raw.before_value,
      after: raw.after_value,
      reason: raw.reason,
      outcome: raw.outcome,
      detail: raw.detail,
    });
    expect(rows[0]!.row_hash).toBe(rowHash(CHAIN_START, fields(rows[0]!)));
    expect(rows[1]!.row_hash).toBe(rowHash(rows[0]!.row_hash, fields(rows[1]!)));
    expect(journal.db.prepare('SELECT audit_id, row_hash FROM audit_chain_head').get()).toEqual({
      audit_id: 2,
      row_hash: rows[1]!.row_hash,
    });
    expect(trail.events().at(0)).toEqual({
      auditId: 1,
      atMs: clock.now(),
      action: 'manual-price-set',
      actorId: 'staff-2',
      approverId: 'staff-1',
      target: 'ETH',
      object: { kind: 'manual price', id: 'ETH' },
      before: null,
      after: '2950',
      reason: 'the provider is down',
      outcome: 'done',
      detail: { currency: 'EUR' },
    });
  });

  it('finds a real journal file intact when nobody touched it', () => {
    tillWroteFiveRows();
    const { status, log, trail } = start();
    expect(status).toEqual({
      intact: true,
      rows: 5,
      problems: [],
      problemCount: 0,
      summary: '',
      checkedAtMs: clock.now(),
    });
    expect(log.calls).toEqual([]);
    expect(trail.events()).toHaveLength(5);
  });

  it('finds a row edited by hand in the file, logs it and writes it to the trail once', () => {
    tillWroteFiveRows();
    editByHand(`UPDATE audit_events SET after_value = '{"value":99}' WHERE audit_id = 3`);

    const { status, log, trail, journal } = start();
    expect(status).toMatchObject({
      intact: false,
      rows: 5,
      problems: [{ kind: 'changed', auditId: 3 }],
      problemCount: 1,
      summary: 'entry 3 was changed',
    });
    expect(log.calls).toEqual([
      {
        level: 'error',
        message: 'the audit trail was changed outside the app',
        fields: { problemCount: 1, first: { kind: 'changed', auditId: 3 } },
      },
    ]);
    expect(trail.events().at(-1)).toMatchObject({
      auditId: 6,
      action: 'audit-chain-broken',
      outcome: 'detected',
      detail: { problems: [{ kind: 'changed', auditId: 3 }], problemCount: 1 },
    });
    journal.close();
    opened.splice(opened.indexOf(journal), 1);

    // The next start finds the same: said in the log again, not written twice.
    const again = start();
    expect(again.status.problems).toEqual([{ kind: 'changed', auditId: 3 }]);
    expect(again.trail.events().filter((row) => row.action === 'audit-chain-broken')).toHaveLength(
      1,
    );
  });

  it('finds a row deleted by hand from the middle of the file', () => {
    tillWroteFiveRows();
    editByHand('DELETE FROM audit_events WHERE audit_id = 2');

    const { status } = start();
    expect(status).toMatchObject({
      intact: false,
      rows: 4,
      problems: [{ kind: 'missing', auditId: 3 }],
      problemCount: 1,
      summary: 'entries just before entry 3 were removed',
    });
  });

  it('finds the newest row deleted by hand, and still finds it once more rows follow', () => {
    tillWroteFiveRows();
    editByHand('DELETE FROM audit_events WHERE audit_id = 5');

    const first = start();
    expect(first.status).toMatchObject({
      intact: false,
      rows: 4,
      problems: [{ kind: 'missing-at-end', auditId: 5 }],
      summary: 'the newest entries (up to entry 5) were removed',
    });
    // The till goes on writing: the gap stays where it was.
    first.trail.append('sign-in', { actorId: 'staff-1' });
    expect(first.watch.check()).toMatchObject({
      intact: false,
      problems: [{ kind: 'missing', auditId: 6 }],
    });
  });

  it('finds a row put in by hand, and a renumbered row', () => {
    tillWroteFiveRows();
    editByHand(`
      INSERT INTO audit_events (audit_id, at_ms, action, detail) VALUES (6, 1, 'sign-in', '{}');
      UPDATE audit_events SET audit_id = 10 WHERE audit_id = 4;
    `);

    const { status } = start();
    expect(status).toMatchObject({
      intact: false,
      problems: [
        { kind: 'missing', auditId: 5 },
        { kind: 'added', auditId: 6 },
        { kind: 'missing', auditId: 10 },
        { kind: 'added', auditId: 10 },
      ],
      summary:
        'entries just before entry 5 were removed; entry 6 was added or altered by hand; ' +
        'entries just before entry 10 were removed; and 1 more',
    });
  });

  it('keeps PINs and hashes out of before, after and the reason', () => {
    const { trail } = start();
    trail.append('settings-changed', {
      before: { provisionedManagers: [{ name: 'Ida', pinHash: 'scrypt$16384$8$1$a$b' }] },
      after: { provisionedManagers: [{ name: 'Ida', pinHash: 'scrypt$16384$8$1$c$d' }] },
      reason: 'scrypt$16384$8$1$e$f',
    });
    expect(trail.events().at(-1)).toMatchObject({
      before: { provisionedManagers: [{ name: 'Ida', pinHash: '[removed]' }] },
      after: { provisionedManagers: [{ name: 'Ida', pinHash: '[removed]' }] },
      reason: '[removed]',
    });
  });

  it('keeps a long value (a logo) as its length only', () => {
    const { trail } = start();
    const logo = `data:image/png;base64,${'A'.repeat(5_000)}`;
    trail.append('settings-changed', { before: { shopLogo: '' }, after: { shopLogo: logo } });
    expect(trail.events().at(-1)).toMatchObject({
      before: { shopLogo: '' },
      after: { shopLogo: `[${logo.length} characters]` },
    });
  });
});

describe('the rows from before the chain, and the end recorded outside the file', () => {
  /** The journal with its trail and a watch recording the end beside it; `durable` as told. */
  function startRecorded(durable: () => boolean = () => true) {
    const journal = new SqliteOrderJournal({ path, clock });
    opened.push(journal);
    const log = recordingLogger();
    const trail = new AuditTrail(journal.db, clock);
    const file = new AuditChainEndFile(join(dir, 'audit-chain-head.json'), log.logger);
    const watch = new AuditChainWatch(trail, clock, log.logger, { file, durable });
    return { journal, trail, file, watch, log, status: watch.check() };
  }
  const nextTurn = () => new Promise((done) => setImmediate(done));

  it('refuses a row without a hash past the rows counted from before the chain', () => {
    tillWroteFiveRows();
    editByHand(`UPDATE audit_events SET row_hash = NULL WHERE audit_id = 1`);
    // Row 2 still chains over row 1's fields: only the hash taken away shows.
    expect(start().status.problems).toEqual([{ kind: 'added', auditId: 1 }]);
  });

  it('finds rows counted from before the chain removed, whatever the hashes say', () => {
    const file = new SqliteOrderJournal({ path, clock });
    file.db.exec(`
      DROP TRIGGER audit_events_chained;
      DROP TRIGGER audit_chain_start_kept;
      UPDATE audit_chain_start SET earlier_rows = 2;
      INSERT INTO audit_events (audit_id, at_ms, action, detail) VALUES (1, 1, 'sign-in', '{}');
    `);
    file.close();
    const { status, trail } = start();
    expect(status).toMatchObject({
      intact: false,
      problems: [{ kind: 'earlier-rows-changed', auditId: null }],
      summary: 'entries from before the chain began were removed',
    });
    // Not sealed as a trail from before the chain.
    expect(trail.events().map((row) => row.action)).toEqual(['sign-in', 'audit-chain-broken']);
  });

  it('finds the end marker emptied while rows are there', () => {
    tillWroteFiveRows();
    editByHand(`
      DROP TRIGGER audit_chain_head_forward;
      UPDATE audit_chain_head SET audit_id = NULL, row_hash = NULL;
    `);
    expect(start().status.problems).toEqual([{ kind: 'end-marker-gone', auditId: null }]);
  });

  it('records the end beside the journal after each row once it is durable, and checks it at start', async () => {
    const first = startRecorded();
    expect(first.file.read()).toBeNull();
    first.trail.append('sign-in', { actorId: 'staff-1' });
    first.trail.append('sign-out', { actorId: 'staff-1' });
    expect(first.file.read()).toBeNull();
    await nextTurn();
    expect(first.file.read()).toEqual({ auditId: 2, rowHash: first.trail.chainEnd()!.rowHash });
    first.journal.close();

    editByHand('DELETE FROM audit_events WHERE audit_id = 2');
    editByHand(`
      DROP TRIGGER audit_chain_head_forward;
      UPDATE audit_chain_head SET audit_id = 1,
        row_hash = (SELECT row_hash FROM audit_events WHERE audit_id = 1);
    `);
    const second = startRecorded();
    expect(second.status).toMatchObject({
      intact: false,
      problems: [{ kind: 'recorded-end-gone', auditId: 2 }],
      summary: 'entries up to entry 2, as the till last recorded them, were removed or replaced',
    });
    // Kept as it was, so the next start finds the same.
    second.trail.append('sign-in', { actorId: 'staff-1' });
    await nextTurn();
    second.watch.seal();
    expect(second.file.read()).toMatchObject({ auditId: 2 });
    expect(second.watch.check().problems).toEqual([{ kind: 'recorded-end-gone', auditId: 2 }]);
  });

  it('finds the record gone once the journal says one is kept, and never replaces it', async () => {
    const first = startRecorded();
    // A till that never kept a record: nothing is missing.
    expect(first.status).toMatchObject({ intact: true, problems: [] });
    first.trail.append('sign-in', { actorId: 'staff-1' });
    await nextTurn();
    expect(first.file.read()).not.toBeNull();
    first.journal.close();

    rmSync(join(dir, 'audit-chain-head.json'));
    const second = startRecorded();
    expect(second.status).toMatchObject({
      intact: false,
      problems: [{ kind: 'record-gone', auditId: null }],
      summary:
        "the till's own record of the trail's end was removed or spoiled: entries may have been removed",
    });
    second.trail.append('sign-out', { actorId: 'staff-1' });
    await nextTurn();
    second.watch.seal();
    expect(second.file.read()).toBeNull();
    // The journal's own word that a record is kept cannot be taken back but by a hand edit.
    expect(() => second.journal.db.exec('DELETE FROM audit_chain_record')).toThrow(/kept for good/);
  });

  it('records nothing the journal could not make durable, and tries again at the next row', async () => {
    let durable = false;
    const { trail, file } = startRecorded(() => durable);
    trail.append('sign-in', { actorId: 'staff-1' });
    await nextTurn();
    expect(file.read()).toBeNull();
    durable = true;
    trail.append('sign-out', { actorId: 'staff-1' });
    await nextTurn();
    expect(file.read()).toMatchObject({ auditId: 2 });
  });

  it('logs a record it cannot write or read, and never throws into the act', async () => {
    const { trail, log } = startRecorded();
    mkdirSync(join(dir, 'audit-chain-head.json.next'));
    trail.append('sign-in', { actorId: 'staff-1' });
    await nextTurn();
    expect(log.calls).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'the audit chain end could not be recorded',
      }),
    );
    writeFileSync(join(dir, 'audit-chain-head.json'), '{"auditId":1,"rowHash":"nope"}');
    expect(new AuditChainEndFile(join(dir, 'audit-chain-head.json'), log.logger).read()).toBeNull();
    expect(log.calls.at(-1)).toEqual({
      level: 'warn',
      message: 'the audit chain end record is not one: it is written again',
    });
  });
});
