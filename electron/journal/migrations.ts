import type { DatabaseSync } from 'node:sqlite';
import { ordersAndHistory } from './migrations/001-orders-and-history';
import { pricesInMoney } from './migrations/002-prices-in-money';
import { staffAndAudit } from './migrations/003-staff-and-audit';
import { shiftsAndZReports } from './migrations/004-shifts-and-z-reports';
import { reopenedShifts } from './migrations/005-reopened-shifts';
import { catalogueLists } from './migrations/006-catalogue-lists';
import { fixedPointColumns } from './migrations/007-fixed-point-columns';
import { auditWhatAndWhy } from './migrations/008-audit-what-and-why';
import { staffRolesAndApprovalPins } from './migrations/009-staff-roles-and-approval-pins';
import { zReportsHandedOut } from './migrations/010-z-reports-handed-out';
import { auditChainStart } from './migrations/011-audit-chain-start';
import type { Migration } from './migrations/migration';
import { transactionRunner } from './sqlite-transaction';

/** Returns `list` if its versions are 1, 2, 3 ... in order; throws otherwise. */
export function inOrder(list: readonly Migration[]): readonly Migration[] {
  list.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `journal migration "${migration.description}" is version ${migration.version}, at place ${index + 1} of the list`,
      );
    }
  });
  return list;
}

/**
 * Schema changes, in order, one per file in migrations/. A migration is never edited once
 * shipped: add the next one. Each runs in its own transaction together with its schema_version
 * row, so a crash leaves the file either before or after it.
 */
export const migrations: readonly Migration[] = inOrder([
  ordersAndHistory,
  pricesInMoney,
  staffAndAudit,
  shiftsAndZReports,
  reopenedShifts,
  catalogueLists,
  fixedPointColumns,
  auditWhatAndWhy,
  staffRolesAndApprovalPins,
  zReportsHandedOut,
  auditChainStart,
]);

/** Brings the file up to the newest schema; returns the version it is at. */
export function migrate(
  db: DatabaseSync,
  nowMs: number,
  list: readonly Migration[] = migrations,
): number {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at_ms INTEGER NOT NULL, description TEXT NOT NULL)',
  );
  const current = (
    db.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM schema_version').get() as { v: number }
  ).v;
  const newest = list.reduce((max, m) => Math.max(max, m.version), 0);
  if (current > newest) {
    // A newer app wrote this file; writing with an older schema would corrupt it.
    throw new Error(`journal schema version ${current} is newer than this app knows (${newest})`);
  }
  const inTransaction = transactionRunner(db);
  const record = db.prepare(
    'INSERT INTO schema_version (version, applied_at_ms, description) VALUES (?, ?, ?)',
  );
  for (const migration of [...list].sort((a, b) => a.version - b.version)) {
    if (migration.version <= current) continue;
    inTransaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, nowMs, migration.description);
    });
  }
  return Math.max(current, newest);
}
