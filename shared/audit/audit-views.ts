import type { AuditKind } from './audit-kinds';

/** The most rows one audit list holds (the newest of the range); a longer list says it was cut. */
export const AUDIT_ROW_LIMIT = 500;

/** Someone an audit row names; `name` null when the staff table no longer knows the id. */
export interface AuditPerson {
  staffId: string;
  name: string | null;
}

/** One audit row as the audit view shows it: who, what, on which object, before/after, why, outcome. */
export interface AuditRowView {
  auditId: number;
  atMs: number;
  action: string;
  kind: AuditKind;
  /** Who acted; null for the till itself, IT's policy, or a till without PINs. */
  actor: AuditPerson | null;
  /** The manager whose PIN approved the act on a cashier's screen; null when none was needed. */
  approver: AuditPerson | null;
  /** In words: who ("Cas, approved by Mia", "IT's policy"), what, and on what. */
  who: string;
  what: string;
  on: string;
  /**
   * What the act was on: its kind (null on rows from before that was kept), its id, and the
   * name a person reads for it when the till knows one (a staff member's name).
   */
  object: { kind: string | null; id: string; name: string | null } | null;
  /** The values before and after, when the row keeps them (a side not kept is null). */
  change: { before: unknown; after: unknown } | null;
  reason: string | null;
  /** How the act ended ('done', 'refused', 'failed', 'cancelled' ...); null on older rows. */
  outcome: string | null;
  detail: Record<string, unknown>;
}

/**
 * What went wrong with the audit trail's hash chain, each at a row:
 *   changed         the row is not as it was written (or a row was put in its place);
 *   missing         rows were removed just before this one;
 *   earlier-rows-changed  a row from before the chain began (they have no hash of their
 *                   own: this first hashed row covers them) was changed or removed;
 *   added           a row without its place in the chain was put in by hand;
 *   missing-at-end  the newest rows were removed (the chain's end named a later row);
 *   end-marker-gone the record of the chain's end was removed or emptied;
 *   recorded-end-gone  the chain's end the till last recorded outside the journal file (an
 *                   entry and its hash) is not in the file as it was: the newest rows were
 *                   removed, or the trail replaced.
 */
type AuditChainProblemKind =
  | 'changed'
  | 'missing'
  | 'earlier-rows-changed'
  | 'added'
  | 'missing-at-end'
  | 'end-marker-gone'
  | 'recorded-end-gone'
  | 'record-gone';

export interface AuditChainProblem {
  kind: AuditChainProblemKind;
  /**
   * The row where it shows (for 'missing-at-end': the last row the chain's end named; for
   * 'recorded-end-gone': the row the till recorded as the end).
   */
  auditId: number | null;
}

/** The chain checked from the first row to the last, at `checkedAtMs`. */
export interface AuditChainStatus {
  intact: boolean;
  /** Rows checked. */
  rows: number;
  /** The first problems found, in row order (at most a few dozen); `problemCount` counts all. */
  problems: AuditChainProblem[];
  problemCount: number;
  /** The first problems in a manager's words ("entry 3 was changed; …"); '' when intact. */
  summary: string;
  checkedAtMs: number;
}

/** What the audit view asks for: local days of the shop's zone, a kind of act, a person. */
export interface AuditQuery {
  fromDate: string;
  toDate: string;
  kind?: AuditKind;
  /** Rows this person did or approved. */
  staffId?: string;
}

export interface AuditList {
  /** Newest first. */
  rows: AuditRowView[];
  /** The range holds more rows than `limit`: only the newest are here. */
  truncated: boolean;
  limit: number;
  /** Everyone any row names (the person filter's choices), by name. */
  people: AuditPerson[];
  /** The kinds of act (the kind filter's choices), each with its words. */
  kinds: { kind: AuditKind; label: string }[];
  /** The zone the days are cut in, to show times as the shop reads them. */
  timeZone: string;
  chain: AuditChainStatus;
}
