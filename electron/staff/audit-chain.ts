import { createHash } from 'node:crypto';
import type { AuditChainProblem } from '../../shared/audit/audit-views';

/** An audit row's fields as the file stores them (texts exactly as written): what its hash covers. */
export interface ChainedFields {
  auditId: number;
  atMs: number;
  action: string;
  actorId: string | null;
  approverId: string | null;
  target: string | null;
  objectKind: string | null;
  before: string | null;
  after: string | null;
  reason: string | null;
  outcome: string | null;
  detail: string;
}

export interface StoredAuditRow extends ChainedFields {
  /** Null on rows written before migration 8: the first row after them chains over them. */
  rowHash: string | null;
}

/** The end of the chain as the file's `audit_chain_head` row names it (undefined: the row is gone). */
export type ChainHead = { auditId: number | null; rowHash: string | null } | undefined;

/** What the first row chains from. */
export const CHAIN_START = '0'.repeat(64);
/** Problems kept by name; more are only counted. */
const PROBLEMS_KEPT = 20;

/**
 * A row's fields in the chain's fixed order: the order its hash covers them in, and the order
 * the trail's INSERT writes them in (audit-trail.ts).
 */
export function chainedValues(row: ChainedFields) {
  return [
    row.auditId,
    row.atMs,
    row.action,
    row.actorId,
    row.approverId,
    row.target,
    row.objectKind,
    row.before,
    row.after,
    row.reason,
    row.outcome,
    row.detail,
  ] as const;
}

/**
 * SHA-256 (hex) over the previous row's hash and this row's fields in a fixed order. The row's
 * id is among them, so a row moved to another place or numbered again breaks the chain too.
 */
export function rowHash(previous: string, row: ChainedFields): string {
  return createHash('sha256')
    .update(`${previous}\n${JSON.stringify(chainedValues(row))}`)
    .digest('hex');
}

/** An entry of the chain and its hash: its end as the till last recorded it outside the file. */
export interface ChainEnd {
  auditId: number;
  rowHash: string;
}

/** What the check holds the rows to besides the rows themselves. */
export interface ChainExpectations {
  /**
   * How many rows were written before the chain began (`audit_chain_start`, migration 11):
   * only the first that many may lack a hash, and all of them must be there.
   */
  earlierRows: number;
  /** The end the till recorded outside the journal file: the chain must reach it, unchanged. */
  recordedEnd?: ChainEnd | null;
  /**
   * The journal says the till keeps that record (`audit_chain_record`, migration 11): then a
   * record missing or unreadable is a finding, not a till that never had one.
   */
  recordExpected?: boolean;
}

export interface ChainCheck {
  rows: number;
  /** Whether any row holds its hash (false: only rows from before migration 8, or none). */
  chained: boolean;
  problems: AuditChainProblem[];
  problemCount: number;
  /** The id after the last row (or after the chain's end, when that is later). */
  nextId: number;
  /** The hash the next row chains from. */
  end: string;
  /**
   * Whether the chain reached the recorded end with its hash (true when none was given); false
   * too when a record was expected and none was given: then nothing may replace the record.
   */
  reachedRecordedEnd: boolean;
}

/**
 * Walks the rows oldest first. Each stored hash must be the hash of its row over the hash
 * stored before it, so one row changed shows at that row alone; ids must follow each other,
 * so rows removed show at the row after them. Only the rows from before the chain began
 * (`earlierRows`, counted once by migration 11) have no hash of their own, the first hashed row
 * covering them all: a row without a hash past them was put in by hand or had its hash
 * removed, and fewer of them means some were removed. The chain's end (`audit_chain_head`,
 * kept by a trigger on every insert) must name the last row, so the newest rows removed show
 * too; it is empty only before any row was chained. Last, the end the till recorded outside
 * the file must still be there with its hash: rows removed from the end, with the end marker
 * moved back, or the whole trail emptied, show there.
 */
export function checkChain(
  rows: Iterable<StoredAuditRow>,
  head: ChainHead,
  { earlierRows, recordedEnd = null, recordExpected = false }: ChainExpectations,
): ChainCheck {
  const problems: AuditChainProblem[] = [];
  let problemCount = 0;
  let lastFound: AuditChainProblem | null = null;
  const found = (kind: AuditChainProblem['kind'], auditId: number | null) => {
    // One row may show one problem for two reasons (rows before the chain removed, and so the
    // first hashed row's hash wrong): it is counted once.
    if (lastFound?.kind === kind && lastFound.auditId === auditId) return;
    lastFound = { kind, auditId };
    problemCount += 1;
    if (problems.length < PROBLEMS_KEPT) problems.push(lastFound);
  };
  let previous = CHAIN_START;
  let lastId = 0;
  let lastHash: string | null = null;
  let count = 0;
  let chained = false;
  let reachedRecordedEnd = false;
  for (const row of rows) {
    count += 1;
    const computed = rowHash(previous, row);
    const gap = row.auditId !== lastId + 1;
    if (gap) found('missing', row.auditId);
    if (row.rowHash === null) {
      if (chained || count > earlierRows) found('added', row.auditId);
      previous = computed;
    } else {
      // Fewer rows from before the chain than were counted: some were removed.
      if (!chained && count <= earlierRows) found('earlier-rows-changed', row.auditId);
      if (row.rowHash !== computed && !gap) {
        // The first hashed row also covers every row before the chain began.
        found(!chained && count > 1 ? 'earlier-rows-changed' : 'changed', row.auditId);
      }
      chained = true;
      previous = row.rowHash;
    }
    if (recordedEnd && row.auditId === recordedEnd.auditId) {
      reachedRecordedEnd = row.rowHash === recordedEnd.rowHash;
    }
    lastId = row.auditId;
    lastHash = row.rowHash;
  }
  if (!chained && count < earlierRows) found('earlier-rows-changed', null);
  const headId = head?.auditId ?? null;
  if (head === undefined) {
    // Migration 8 writes the row and a trigger refuses its removal: only a hand edit removes it.
    found('end-marker-gone', null);
  } else if (headId !== null) {
    if (headId > lastId) found('missing-at-end', headId);
    else if (headId < lastId) found('added', lastId);
    else if (head.rowHash !== lastHash) found('changed', lastId);
  } else if (chained || count > earlierRows) {
    // Empty only while no row has been chained: rows from before the chain, not sealed yet.
    found('end-marker-gone', null);
  }
  if (recordedEnd && !reachedRecordedEnd) found('recorded-end-gone', recordedEnd.auditId);
  if (recordExpected && recordedEnd === null) found('record-gone', null);
  return {
    rows: count,
    chained,
    problems,
    problemCount,
    nextId: Math.max(lastId, headId ?? 0) + 1,
    end: previous,
    reachedRecordedEnd: recordedEnd === null ? !recordExpected : reachedRecordedEnd,
  };
}
