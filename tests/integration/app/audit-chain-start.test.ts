import { mkdtempSync, rmSync } from 'node:fs';
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
