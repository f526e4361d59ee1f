import type { AuditChainProblem, AuditChainStatus } from '../../shared/audit/audit-views';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../logging/logger';
import type { AuditTrail } from './audit-trail';

/**
 * The audit chain checked at start: the database refuses to change or remove a row, so a break
 * means someone edited the file itself. A break is logged, written to the trail once per new
 * finding, and kept for the page, which shows it to a manager. A trail with only rows from
 * before the chain (migration 8) is sealed: one row whose hash covers them all.
 */
export class AuditChainWatch {
  private latest: AuditChainStatus | null = null;

  constructor(
    private readonly trail: AuditTrail,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  check(): AuditChainStatus {
    const found = this.trail.check();
    if (!found.chained && found.rows > 0) {
      this.trail.append('audit-chain-started', {
        detail: { earlierRows: found.rows },
        outcome: 'done',
      });
    }
    const status: AuditChainStatus = {
      intact: found.problemCount === 0,
      rows: found.rows,
      problems: found.problems,
      problemCount: found.problemCount,
      summary: summaryOf(found.problems, found.problemCount),
      checkedAtMs: this.clock.now(),
    };
    if (!status.intact) this.broken(status);
    this.latest = status;
    return status;
  }

  /** The last check's answer (checked now if never yet). */
  status(): AuditChainStatus {
    return this.latest ?? this.check();
  }

  private broken(status: AuditChainStatus): void {
    const finding = { problems: status.problems, problemCount: status.problemCount };
    const seen = this.latest
      ? { problems: this.latest.problems, problemCount: this.latest.problemCount }
      : null;
    // Logged at start, and again only when a later check finds something else.
    if (JSON.stringify(seen) !== JSON.stringify(finding)) {
      this.logger.error('the audit trail was changed outside the app', {
        problemCount: status.problemCount,
        first: status.problems[0] ?? null,
      });
    }
    const recorded = this.trail.latest('audit-chain-broken')?.detail;
    if (JSON.stringify(recorded ?? null) !== JSON.stringify(finding)) {
      this.trail.append('audit-chain-broken', { detail: finding, outcome: 'detected' });
    }
  }
}

/** Problems the summary names; the rest are counted. */
const NAMED = 3;

function problemText({ kind, auditId }: AuditChainProblem): string {
  const at = auditId === null ? '' : ` ${auditId}`;
  switch (kind) {
    case 'changed':
      return `entry${at} was changed`;
    case 'missing':
      return `entries just before entry${at} were removed`;
    case 'earlier-rows-changed':
      return `an entry from before entry${at} was changed or removed`;
    case 'added':
      return `entry${at} was added by hand`;
    case 'missing-at-end':
      return `the newest entries (up to entry${at}) were removed`;
    case 'end-marker-gone':
      return "the trail's end marker was removed";
  }
}

/** "entry 3 was changed; entries just before entry 7 were removed; and 2 more". */
function summaryOf(problems: readonly AuditChainProblem[], count: number): string {
  const named = problems.slice(0, NAMED).map(problemText);
  const more = count - named.length;
  return `${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}
