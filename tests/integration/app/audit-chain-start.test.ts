import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditChainStatus, AuditList } from '../../../shared/audit/audit-views';
import { ManualClock } from '../../support/manual-clock';
import { recordingLogger } from '../../support/secret-leak';
import { startHarness, type Harness } from '../../support/harness/harness';
import { callThrough, ok } from './harness-call';
import { signInCashier } from './staff-till';

// The till started on a journal whose audit trail was edited by hand while it was closed: the
// whole app (createAppServices, as Electron's main builds it) finds it at start, logs it, and
// answers it to the manager's page; the trail keeps recording.
let harness: Harness | undefined;
let dataDir: string;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});
const call = callThrough(() => harness);
const DAY = { fromDate: '2026-11-22', toDate: '2026-11-22' };

describe('the audit chain, checked when the till starts', () => {
  it('finds a row edited in the file while the till was closed and tells the manager', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'audit-start-'));
    const clock = new ManualClock();
    harness = await startHarness({ clock, dataDir, settings: { staffPinsRequired: true } });
    const { managerId } = await signInCashier(call);
    expect(await ok<AuditChainStatus>(call('auditChain'))).toMatchObject({ intact: true });
    await harness.close();
    harness = undefined;

    // Someone with the file: the append-only triggers dropped, the cashier's sign-in moved.
    const file = new DatabaseSync(join(dataDir, 'journal.sqlite'));
    const { audit_id: edited } = file
      .prepare("SELECT audit_id FROM audit_events WHERE action = 'sign-in'")
      .get() as { audit_id: number };
    file.exec(`
      DROP TRIGGER audit_events_no_update;
      UPDATE audit_events SET at_ms = at_ms - 3600000 WHERE audit_id = ${edited};
    `);
    file.close();

    const log = recordingLogger();
    harness = await startHarness({
      clock,
      dataDir,
      logger: log.logger,
      settings: { staffPinsRequired: true },
    });
    expect(log.calls).toContainEqual({
      level: 'error',
      message: 'the audit trail was changed outside the app',
      fields: { problemCount: 1, first: { kind: 'changed', auditId: edited } },
    });
    await ok(call('signIn', { staffId: managerId, pin: '1234' }));
    const status = await ok<AuditChainStatus>(call('auditChain'));
    expect(status).toMatchObject({
      intact: false,
      problems: [{ kind: 'changed', auditId: edited }],
      problemCount: 1,
    });
    const list = await ok<AuditList>(call('auditEvents', { ...DAY, kind: 'trail' }));
    expect(list.chain).toEqual(status);
    expect(list.rows.map((row) => [row.action, row.outcome, row.detail])).toEqual([
      [
        'audit-chain-broken',
        'detected',
        { problems: [{ kind: 'changed', auditId: edited }], problemCount: 1 },
      ],
    ]);
  });
});

/** The rows a till with staff writes: the first manager, a cashier, sign-ins, a settings change. */
async function tillClosedWithRows(): Promise<{ managerId: string; clock: ManualClock }> {
  dataDir = mkdtempSync(join(tmpdir(), 'audit-start-'));
  const clock = new ManualClock();
  harness = await startHarness({ clock, dataDir, settings: { staffPinsRequired: true } });
  const { managerId } = await signInCashier(call);
  await ok(call('signIn', { staffId: managerId, pin: '1234' }));
  await ok(call('updateSettings', { patch: { shopName: 'Corner' } }));
  await ok(call('updateSettings', { patch: { receiptFooter: 'Thank you' } }));
  await ok(call('signOut'));
  await harness.close();
  harness = undefined;
  return { managerId, clock };
}

/** The journal edited by hand while the till is closed: every guard dropped, then `sql` run. */
function editByHand(sql: string): void {
  const file = new DatabaseSync(join(dataDir, 'journal.sqlite'));
  try {
    file.exec(`
      DROP TRIGGER IF EXISTS audit_events_no_update;
      DROP TRIGGER IF EXISTS audit_events_no_delete;
      DROP TRIGGER IF EXISTS audit_events_chained;
      DROP TRIGGER IF EXISTS audit_chain_head_forward;
      DROP TRIGGER IF EXISTS audit_chain_head_kept;
      ${sql}
    `);
  } finally {
    file.close();
  }
}

/** The newest row's id in the file as it is now. */
function lastIdInFile(): number {
  const file = new DatabaseSync(join(dataDir, 'journal.sqlite'), { readOnly: true });
  try {
    return (file.prepare('SELECT MAX(audit_id) AS id FROM audit_events').get() as { id: number })
      .id;
  } finally {
    file.close();
  }
}

/** The till started again on the edited file: what the manager is told, and what the trail says of it. */
async function restarted(till: { managerId: string; clock: ManualClock }) {
  const log = recordingLogger();
  harness = await startHarness({
    clock: till.clock,
    dataDir,
    logger: log.logger,
    settings: { staffPinsRequired: true },
  });
  const trailRows = harness.services.staff.auditEvents();
  await ok(call('signIn', { staffId: till.managerId, pin: '1234' }));
  const status = await ok<AuditChainStatus>(call('auditChain'));
  return {
    status,
    kinds: status.problems.map((problem) => problem.kind),
    logged: log.calls.filter((entry) => entry.level === 'error').map((entry) => entry.message),
    recorded: trailRows
      .filter((row) => row.action === 'audit-chain-broken')
      .map((row) => row.detail),
    sealed: trailRows.some((row) => row.action === 'audit-chain-started'),
  };
}

describe('every hand edit of the trail is found at the next start', () => {
  const tampers: { what: string; sql: (last: number) => string; kinds: string[] }[] = [
    {
      what: 'a row changed',
      sql: () => "UPDATE audit_events SET actor_id = 'someone' WHERE audit_id = 2",
      kinds: ['changed'],
    },
    {
      what: 'a row removed from the middle',
      sql: () => 'DELETE FROM audit_events WHERE audit_id = 3',
      kinds: ['missing'],
    },
    {
      what: 'a row put in by hand',
      sql: (last) =>
        `INSERT INTO audit_events (audit_id, at_ms, action, detail) VALUES (${last + 1}, 1, 'sign-in', '{}')`,
      kinds: ['added'],
    },
    {
      what: 'the newest rows removed, the end marker left',
      sql: (last) => `DELETE FROM audit_events WHERE audit_id >= ${last - 1}`,
      kinds: ['missing-at-end', 'recorded-end-gone'],
    },
    {
      what: 'the end marker removed',
      sql: () => 'DELETE FROM audit_chain_head',
      kinds: ['end-marker-gone'],
    },
    {
      what: '(a) the newest rows removed and the end marker moved back to the new last row',
      sql: (last) => `
        DELETE FROM audit_events WHERE audit_id >= ${last - 1};
        UPDATE audit_chain_head SET audit_id = ${last - 2},
          row_hash = (SELECT row_hash FROM audit_events WHERE audit_id = ${last - 2});
      `,
      kinds: ['recorded-end-gone'],
    },
    {
      what: '(b) a row removed, the rest renumbered, every hash and the end marker emptied',
      sql: (last) => `
        DELETE FROM audit_events WHERE audit_id = 3;
        UPDATE audit_events SET audit_id = audit_id - 1 WHERE audit_id > 3;
        UPDATE audit_events SET row_hash = NULL;
        UPDATE audit_chain_head SET audit_id = NULL, row_hash = NULL;
        SELECT ${last};
      `,
      kinds: ['added', 'end-marker-gone', 'recorded-end-gone'],
    },
    {
      what: '(c) every row removed and the end marker emptied',
      sql: () => `
        DELETE FROM audit_events;
        UPDATE audit_chain_head SET audit_id = NULL, row_hash = NULL;
      `,
      kinds: ['recorded-end-gone'],
    },
  ];

  for (const tamper of tampers) {
    it(`finds ${tamper.what}, tells the manager and writes it to the trail`, async () => {
      const till = await tillClosedWithRows();
      editByHand(tamper.sql(lastIdInFile()));

      const found = await restarted(till);
      expect(found.status.intact).toBe(false);
      expect([...new Set(found.kinds)]).toEqual(tamper.kinds);
      expect(found.logged).toEqual(['the audit trail was changed outside the app']);
      expect(found.recorded).toEqual([
        { problems: found.status.problems, problemCount: found.status.problemCount },
      ]);
      // An edited trail is never sealed as one from before the chain.
      expect(found.sealed).toBe(false);
    });
  }

  it('(b) with the count of rows from before the chain raised too: the recorded end still finds it', async () => {
    const till = await tillClosedWithRows();
    editByHand(`
      DELETE FROM audit_events WHERE audit_id = 3;
      UPDATE audit_events SET audit_id = audit_id - 1 WHERE audit_id > 3;
      UPDATE audit_events SET row_hash = NULL;
      UPDATE audit_chain_head SET audit_id = NULL, row_hash = NULL;
      DROP TRIGGER IF EXISTS audit_chain_start_kept;
      UPDATE audit_chain_start SET earlier_rows = (SELECT COUNT(*) FROM audit_events);
    `);
    const found = await restarted(till);
    expect(found.kinds).toEqual(['recorded-end-gone']);
    expect(found.sealed).toBe(false);
  });

  it('keeps finding it at every start, and writes it to the trail once', async () => {
    const till = await tillClosedWithRows();
    editByHand(`DELETE FROM audit_events WHERE audit_id = ${lastIdInFile()}`);
    editByHand(`
      UPDATE audit_chain_head SET audit_id = ${lastIdInFile()},
        row_hash = (SELECT row_hash FROM audit_events WHERE audit_id = ${lastIdInFile()});
    `);
    const first = await restarted(till);
    await harness!.close();
    harness = undefined;
    const again = await restarted(till);
    expect(again.status.problems).toEqual(first.status.problems);
    expect(again.recorded).toHaveLength(1);
  });

  it('finds nothing on a till closed and started again, nor after a crash left the recorded end behind', async () => {
    const till = await tillClosedWithRows();
    const recordedEnd = join(dataDir, 'audit-chain-head.json');
    const before = readFileSync(recordedEnd, 'utf8');
    expect(JSON.parse(before)).toEqual({
      auditId: lastIdInFile(),
      rowHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const first = await restarted(till);
    expect(first.status).toMatchObject({ intact: true, problems: [] });
    await harness!.close();
    harness = undefined;
    // A crash right after a row was written: the record outside the journal is one row behind.
    writeFileSync(recordedEnd, before);
    expect((await restarted(till)).status).toMatchObject({ intact: true, problems: [] });
    await harness!.close();
    harness = undefined;
    // The record removed (or spoiled) while the journal says one is kept: a finding, at every
    // start, since nothing may replace the record it would hide.
    rmSync(recordedEnd);
    for (const _start of [1, 2]) {
      expect((await restarted(till)).status).toMatchObject({
        intact: false,
        problems: [{ kind: 'record-gone', auditId: null }],
      });
      await harness!.close();
      harness = undefined;
      expect(existsSync(recordedEnd)).toBe(false);
    }
    // Spoiled: a folder where the file was.
    mkdirSync(recordedEnd);
    expect((await restarted(till)).status).toMatchObject({
      intact: false,
      problems: [{ kind: 'record-gone', auditId: null }],
    });
    await harness!.close();
    harness = undefined;
  });
});
