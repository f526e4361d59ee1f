import type { Writable } from 'node:stream';
import type { AuditRowView } from '../../shared/audit/audit-views';
import { writeCsvRows, type CsvColumn } from './csv-stream';
import { csvTimestamps } from './csv-timestamps';
import { formulaSafe } from './formula-guard';

const json = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

/**
 * The audit export's columns, in their fixed order (new ones go at the end). Before and after
 * are the values as recorded, JSON; every text cell goes through the formula guard, since a
 * name, a reason or a setting's value was typed by someone.
 */
function columnsIn(timeZone: string): CsvColumn<AuditRowView>[] {
  const times = csvTimestamps(timeZone);
  const text = (value: string | null | undefined) => formulaSafe(value ?? '', false);
  const number = (value: number) => formulaSafe(String(value), true);
  return [
    { name: 'audit_id', value: (row) => number(row.auditId) },
    { name: 'at_utc', value: (row) => times.utc(row.atMs) },
    { name: 'at_local', value: (row) => times.local(row.atMs) },
    { name: 'at_ms', value: (row) => number(row.atMs) },
    { name: 'action', value: (row) => text(row.action) },
    { name: 'kind', value: (row) => text(row.kind) },
    { name: 'actor_id', value: (row) => text(row.actor?.staffId) },
    { name: 'actor_name', value: (row) => text(row.actor?.name) },
    { name: 'approver_id', value: (row) => text(row.approver?.staffId) },
    { name: 'approver_name', value: (row) => text(row.approver?.name) },
    { name: 'object_kind', value: (row) => text(row.object?.kind) },
    { name: 'object_id', value: (row) => text(row.object?.id) },
    { name: 'before', value: (row) => text(row.change ? json(row.change.before) : '') },
    { name: 'after', value: (row) => text(row.change ? json(row.change.after) : '') },
    { name: 'reason', value: (row) => text(row.reason) },
    { name: 'outcome', value: (row) => text(row.outcome) },
    { name: 'detail', value: (row) => text(json(row.detail)) },
    { name: 'object_name', value: (row) => text(row.object?.name) },
    { name: 'what', value: (row) => text(row.what) },
  ];
}

/**
 * Writes a header and one record per audit row to `out` (RFC 4180, csv-format.ts), ends it,
 * and resolves with the number of rows once it took every byte. On a failure `out` is
 * destroyed and the promise rejects once it has closed, as the orders' export does.
 */
export function writeAuditCsv(
  rows: Iterable<AuditRowView>,
  out: Writable,
  timeZone: string,
): Promise<number> {
  return writeCsvRows(rows, columnsIn(timeZone), out);
}
