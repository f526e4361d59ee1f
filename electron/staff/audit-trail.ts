import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Clock } from '../../shared/clock';

export interface AuditFields {
  actorId?: string | null;
  approverId?: string | null;
  target?: string;
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
}

interface RawAuditRow {
  audit_id: number;
  at_ms: number;
  action: string;
  actor_id: string | null;
  approver_id: string | null;
  target: string | null;
  detail: string;
}

/** Keys under which a caller might hand over a PIN or its hash by mistake. */
const SECRET_KEY = /^(pin|pins|newpin|pinhash|hash)$/i;
const REMOVED = '[removed]';

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

/** The append-only audit_events table (the database refuses UPDATE and DELETE on it). */
export class AuditTrail {
  private readonly insert: StatementSync;
  private readonly all: StatementSync;

  constructor(
    db: DatabaseSync,
    private readonly clock: Clock,
  ) {
    this.insert = db.prepare(
      `INSERT INTO audit_events (at_ms, action, actor_id, approver_id, target, detail)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.all = db.prepare(
      `SELECT audit_id, at_ms, action, actor_id, approver_id, target, detail
       FROM audit_events ORDER BY audit_id`,
    );
  }

  append(action: string, fields: AuditFields = {}): void {
    this.insert.run(
      this.clock.now(),
      action,
      fields.actorId ?? null,
      fields.approverId ?? null,
      fields.target ?? null,
      JSON.stringify(withoutSecrets(fields.detail ?? {})),
    );
  }

  /** Oldest first. */
  events(): AuditEvent[] {
    return (this.all.all() as unknown as RawAuditRow[]).map((raw) => ({
      auditId: raw.audit_id,
      atMs: raw.at_ms,
      action: raw.action,
      actorId: raw.actor_id,
      approverId: raw.approver_id,
      target: raw.target,
      detail: JSON.parse(raw.detail) as Record<string, unknown>,
    }));
  }
}
