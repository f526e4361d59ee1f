import type { AuditChainProblem, AuditChainStatus } from '../../shared/audit/audit-views';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../logging/logger';
import type { ChainEnd } from './audit-chain';
import type { AuditChainEndFile } from './audit-chain-end-file';
import type { AuditTrail } from './audit-trail';

/**
 * Where the chain's end is recorded outside the journal file, and how the journal makes what
 * it wrote durable before it is recorded there.
 */
export interface ChainEndRecord {
  file: AuditChainEndFile;
  /**
   * Makes every row written so far durable (the journal's checkpoint: the WAL synced and copied
   * into the database file); false when it could not all be (a reader held part of it back).
   */
  durable: () => boolean;
}

/**
 * The audit chain checked at start: the database refuses to change or remove a row, so a break
 * means someone edited the file itself. A break is logged, written to the trail once per new
 * finding, and kept for the page, which shows it to a manager. A trail with only rows from
 * before the chain (migration 8), and nothing else wrong, is sealed: one row whose hash covers
 * them all. With a `record`, the chain's end is also kept outside the journal file: checked at
 * start (the chain must still reach it with the same hash), then moved on after each row the
 * trail appends, once the journal has made that row durable, so a crash or a power cut never
 * leaves the record ahead of the journal. A record the journal no longer reaches is kept as it
 * is, so every later start finds the same.
 */
export class AuditChainWatch {
  private latest: AuditChainStatus | null = null;
  /** The end last recorded (undefined: not read yet). */
  private recorded: ChainEnd | null | undefined;
  /** The journal no longer reaches the record: it stays as it is. */
  private kept = false;
  private sealPending = false;

  constructor(
    private readonly trail: AuditTrail,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly record?: ChainEndRecord,
  ) {
    // After the row's own act has answered (and its transaction, if any, has ended).
    if (record) trail.onAppended(() => this.sealSoon());
  }

  check(): AuditChainStatus {
    const recordedEnd = this.record ? this.record.file.read() : null;
    this.recorded = recordedEnd;
    const found = this.trail.check(recordedEnd);
    if (found.problemCount === 0 && !found.chained && found.rows > 0) {
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
    if (!found.reachedRecordedEnd) this.kept = true;
    if (!status.intact) this.broken(status);
    this.latest = status;
    this.seal();
    return status;
  }

  /** The last check's answer (checked now if never yet). */
  status(): AuditChainStatus {
    return this.latest ?? this.check();
  }

  /**
   * Records the chain's end outside the journal file, once the journal made it durable: at
   * start after the check, after rows are appended, and at quit before the journal closes.
   * Never throws: a record that cannot be written is logged, and tried again at the next row.
   */
  seal(): void {
    const record = this.record;
    if (!record || this.kept || this.recorded === undefined) return;
    try {
      // A transaction still open may roll back what it wrote: its end is recorded later.
      if (!this.trail.isOpen() || this.trail.inTransaction()) return;
      const end = this.trail.chainEnd();
      if (!end || (end.auditId === this.recorded?.auditId && end.rowHash === this.recorded.rowHash))
        return;
      if (!record.durable()) return;
      record.file.write(end);
      this.recorded = end;
      // From now on a missing record is a finding (the journal says one is kept).
      this.trail.markRecordKept(this.clock.now());
    } catch (error) {
      this.logger.error('the audit chain end could not be recorded', { error: String(error) });
    }
  }

  private sealSoon(): void {
    if (this.sealPending) return;
    this.sealPending = true;
    setImmediate(() => {
      this.sealPending = false;
      this.seal();
    });
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
      return auditId === null
        ? 'entries from before the chain began were removed'
        : `an entry from before entry${at} was changed or removed`;
    case 'added':
      return `entry${at} was added or altered by hand`;
    case 'missing-at-end':
      return `the newest entries (up to entry${at}) were removed`;
    case 'end-marker-gone':
      return "the trail's end marker was removed";
    case 'recorded-end-gone':
      return `entries up to entry${at}, as the till last recorded them, were removed or replaced`;
    case 'record-gone':
      return "the till's own record of the trail's end was removed or spoiled: entries may have been removed";
  }
}

/** "entry 3 was changed; entries just before entry 7 were removed; and 2 more". */
function summaryOf(problems: readonly AuditChainProblem[], count: number): string {
  const named = problems.slice(0, NAMED).map(problemText);
  const more = count - named.length;
  return `${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}
