import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Clock } from '../../shared/clock';
import {
  CHAIN_START,
  checkChain,
  chainedValues,
  rowHash,
  type ChainCheck,
  type ChainEnd,
  type StoredAuditRow,
} from './audit-chain';

export interface AuditFields {
  /** Who acted (null: the till itself, IT's policy, or a till without PINs). */
  actorId?: string | null;
  /** The manager whose PIN approved the act on a cashier's screen. */
  approverId?: string | null;
  /** The id of what the act was on (`object.id` when `object` is given). */
  target?: string;
  /** What the act was on: a kind ('settings', 'order', 'staff' ...) and its id. */
  object?: { kind: string; id: string };
  /** The values before and after the act; a side left undefined is not recorded. */
  before?: unknown;
  after?: unknown;
  /** Why, in the words given (a void's reason, IT's policy ...). */
  reason?: string | null;
  /** How it ended: 'done', 'refused', 'failed', 'cancelled' ... */
  outcome?: string;
  detail?: Record<string, unknown>;
}

export interface AuditEvent {
  auditId: number;
  atMs: number;
  action: string;
  actorId: string | null;
  approverId: string | null;
  target: string | null;
  detail: Record<string, unknown>;
  /** Present only when the row keeps it (rows from before migration 8 keep none). */
  object?: { kind: string; id: string | null };
  before?: unknown;
  after?: unknown;
  reason?: string;
  outcome?: string;
}

/** Which rows a list or an export takes: a time range, actions in or out, a person. */
export interface AuditSelection {
  fromMs: number;
  /** Exclusive. */
  toMs: number;
  /** Only these actions (an empty list: none). */
  actions?: readonly string[];
  /** None of these actions. */
  notActions?: readonly string[];
  /** Rows this person did or approved. */
  staffId?: string;
}

interface RawAuditRow {
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
  row_hash: string | null;
}

const COLUMNS = `audit_id, at_ms, action, actor_id, approver_id, target, object_kind, before_value,
  after_value, reason, outcome, detail, row_hash`;

/** Keys under which a caller might hand over a PIN or its hash by mistake. */
const SECRET_KEY = /^(pin|pins|newpin|pinhash|hash)$/i;
const REMOVED = '[removed]';
/** A value longer than this (a logo as a data: URL) is kept as its length only. */
const LONGEST_KEPT_TEXT = 1_000;

/**
 * The trail is kept for years and exported for IT: a PIN or a hash in it would outlive any
 * PIN change. Whatever a caller passes, such values are taken out before the row is written.
 */
function withoutSecrets(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith('scrypt$') ? REMOVED : value;
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        SECRET_KEY.test(key) ? REMOVED : withoutSecrets(item),
      ]),
    );
  }
  return value;
}

/** Long texts (a logo) kept as their length: a before/after row stays small. */
function bounded(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > LONGEST_KEPT_TEXT ? `[${value.length} characters]` : value;
  if (Array.isArray(value)) return value.map(bounded);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, bounded(item)]));
  }
  return value;
}

/** A before or after value as stored: JSON text, or null when the caller recorded none. */
function valueText(value: unknown): string | null {
  return value === undefined ? null : (JSON.stringify(bounded(withoutSecrets(value))) ?? null);
}

function storedRow(raw: RawAuditRow): StoredAuditRow {
  return {
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
    rowHash: raw.row_hash,
  };
}

function eventOf(raw: RawAuditRow): AuditEvent {
  return {
    auditId: raw.audit_id,
    atMs: raw.at_ms,
    action: raw.action,
    actorId: raw.actor_id,
    approverId: raw.approver_id,
    target: raw.target,
    detail: JSON.parse(raw.detail) as Record<string, unknown>,
    ...(raw.object_kind !== null ? { object: { kind: raw.object_kind, id: raw.target } } : {}),
    ...(raw.before_value !== null ? { before: JSON.parse(raw.before_value) as unknown } : {}),
    ...(raw.after_value !== null ? { after: JSON.parse(raw.after_value) as unknown } : {}),
    ...(raw.reason !== null ? { reason: raw.reason } : {}),
    ...(raw.outcome !== null ? { outcome: raw.outcome } : {}),
  };
}

/**
 * The append-only audit_events table (the database refuses UPDATE and DELETE on it), each row
 * chained to the one before by its SHA-256 (audit-chain.ts), so a row changed or removed by
 * hand in the file is found by `check`. Several trails may write to one connection: each
 * append reads the chain's end from the file.
 */
export class AuditTrail {
  private readonly db: DatabaseSync;
  private readonly insert: StatementSync;
  private readonly all: StatementSync;
  private readonly last: StatementSync;
  private readonly head: StatementSync;
  private readonly start: StatementSync;
  private readonly recordKept: StatementSync;
  private readonly keepRecord: StatementSync;
  private readonly latestOf: StatementSync;
  private readonly appended = new Set<() => void>();

  constructor(
    db: DatabaseSync,
    private readonly clock: Clock,
  ) {
    this.db = db;
    this.insert = db.prepare(
      `INSERT INTO audit_events (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.all = db.prepare(`SELECT ${COLUMNS} FROM audit_events ORDER BY audit_id`);
    this.last = db.prepare(
      'SELECT audit_id, row_hash FROM audit_events ORDER BY audit_id DESC LIMIT 1',
    );
    this.head = db.prepare('SELECT audit_id, row_hash FROM audit_chain_head');
    this.start = db.prepare('SELECT earlier_rows FROM audit_chain_start');
    this.recordKept = db.prepare('SELECT since_ms FROM audit_chain_record');
    this.keepRecord = db.prepare(
      'INSERT INTO audit_chain_record (only_row, since_ms) VALUES (1, ?) ON CONFLICT DO NOTHING',
    );
    this.latestOf = db.prepare(
      `SELECT ${COLUMNS} FROM audit_events WHERE action = ? ORDER BY audit_id DESC LIMIT 1`,
    );
  }

  append(action: string, fields: AuditFields = {}): void {
    const { auditId, previous } = this.nextLink();
    const row = {
      auditId,
      atMs: this.clock.now(),
      action,
      actorId: fields.actorId ?? null,
      approverId: fields.approverId ?? null,
      target: fields.object?.id ?? fields.target ?? null,
      objectKind: fields.object?.kind ?? null,
      before: valueText(fields.before),
      after: valueText(fields.after),
      reason: fields.reason == null ? null : (withoutSecrets(fields.reason) as string),
      outcome: fields.outcome ?? null,
      detail: JSON.stringify(withoutSecrets(fields.detail ?? {})),
    };
    this.insert.run(...chainedValues(row), rowHash(previous, row));
    for (const listener of [...this.appended]) listener();
  }

  /** Told after each row this trail appends (inside the caller's transaction, if any). */
  onAppended(listener: () => void): () => void {
    this.appended.add(listener);
    return () => this.appended.delete(listener);
  }

  /** The newest row's id and hash, when it has one: the chain's end as this file has it. */
  chainEnd(): ChainEnd | null {
    const last = this.last.get() as { audit_id: number; row_hash: string | null } | undefined;
    return last?.row_hash ? { auditId: last.audit_id, rowHash: last.row_hash } : null;
  }

  /** Whether a transaction is open on the trail's connection (what it wrote may yet roll back). */
  inTransaction(): boolean {
    return this.db.isTransaction;
  }

  /** Whether the trail's connection is still open (the journal closes it at quit). */
  isOpen(): boolean {
    return this.db.isOpen;
  }

  /** Oldest first. */
  events(): AuditEvent[] {
    return (this.all.all() as unknown as RawAuditRow[]).map(eventOf);
  }

  /** The newest `limit` rows of the selection, newest first. */
  list(selection: AuditSelection, limit: number): AuditEvent[] {
    const { sql, params } = selectionSql(selection);
    const statement = this.db.prepare(
      `SELECT ${COLUMNS} FROM audit_events WHERE ${sql} ORDER BY audit_id DESC LIMIT ?`,
    );
    return (statement.all(...params, limit) as unknown as RawAuditRow[]).map(eventOf);
  }

  /** Every row of the selection, oldest first, read as it is consumed (an export). */
  *each(selection: AuditSelection): Generator<AuditEvent> {
    const { sql, params } = selectionSql(selection);
    // A statement of its own: iterating a statement again would end an export under way.
    const statement = this.db.prepare(
      `SELECT ${COLUMNS} FROM audit_events WHERE ${sql} ORDER BY audit_id`,
    );
    for (const raw of statement.iterate(...params)) yield eventOf(raw as unknown as RawAuditRow);
  }

  /** Everyone any row names as actor or approver. */
  staffIds(): string[] {
    const rows = this.db
      .prepare(
        `SELECT actor_id AS id FROM audit_events WHERE actor_id IS NOT NULL
         UNION SELECT approver_id FROM audit_events WHERE approver_id IS NOT NULL`,
      )
      .all() as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** The newest row of this action, or null. */
  latest(action: string): AuditEvent | null {
    const raw = this.latestOf.get(action) as unknown as RawAuditRow | undefined;
    return raw ? eventOf(raw) : null;
  }

  /**
   * The whole chain checked, from the first row to the chain's end, and to `recordedEnd`, the
   * end the till recorded outside the file, when there is one.
   */
  check(recordedEnd: ChainEnd | null = null): ChainCheck {
    const rows = (function* (all: StatementSync) {
      for (const raw of all.iterate()) yield storedRow(raw as unknown as RawAuditRow);
    })(this.all);
    const head = this.head.get() as
      { audit_id: number | null; row_hash: string | null } | undefined;
    // The count's row removed by hand: then no row may lack a hash.
    const start = this.start.get() as { earlier_rows: number } | undefined;
    return checkChain(rows, head ? { auditId: head.audit_id, rowHash: head.row_hash } : undefined, {
      earlierRows: start?.earlier_rows ?? 0,
      recordedEnd,
      recordExpected: this.recordKept.get() !== undefined,
    });
  }

  /** The till keeps the chain's end outside the journal from now on (said once, kept). */
  markRecordKept(atMs: number): void {
    this.keepRecord.run(atMs);
  }

  /**
   * The next row's id and the hash it chains from: the last row's. Rows from before the chain
   * (migration 8) have no hash: the first row after them chains over all of them.
   */
  private nextLink(): { auditId: number; previous: string } {
    const last = this.last.get() as { audit_id: number; row_hash: string | null } | undefined;
    const head = this.head.get() as { audit_id: number | null } | undefined;
    const auditId = Math.max(last?.audit_id ?? 0, head?.audit_id ?? 0) + 1;
    if (!last) return { auditId, previous: CHAIN_START };
    return { auditId, previous: last.row_hash ?? this.check().end };
  }
}

function selectionSql(selection: AuditSelection): { sql: string; params: (string | number)[] } {
  const where = ['at_ms >= ?', 'at_ms < ?'];
  const params: (string | number)[] = [selection.fromMs, selection.toMs];
  if (selection.staffId !== undefined) {
    where.push('(actor_id = ? OR approver_id = ?)');
    params.push(selection.staffId, selection.staffId);
  }
  if (selection.actions !== undefined) {
    where.push(`action IN (${selection.actions.map(() => '?').join(', ')})`);
    params.push(...selection.actions);
  }
  if (selection.notActions !== undefined && selection.notActions.length > 0) {
    where.push(`action NOT IN (${selection.notActions.map(() => '?').join(', ')})`);
    params.push(...selection.notActions);
  }
  return { sql: where.join(' AND '), params };
}
