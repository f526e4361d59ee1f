import { pricingParams } from './pricing-columns';
import { fixedPointParams } from './fixed-point-columns';
import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../../shared/clock';
import { findTransition, type ReasonKind } from '../../shared/sale/sale-states';
import { openJournalConnection, type Durability } from './journal-connection';
import {
  prepareJournalStatements,
  type InsertOrderParams,
  type JournalStatements,
  type UpdateFailureParams,
  type UpdateLinkParams,
} from './journal-statements';
import { migrate } from './migrations';
import { JournalConflictError, type OrderJournal } from './order-journal';
import type { EventDetail, NewOrder, OrderEvent, OrderRecord, StateChange } from './order-record';
import { eventFromRow, recordFromRow, type EventRow, type OrderRow } from './order-rows';
import { transactionRunner, type InTransaction } from './sqlite-transaction';

export type { Durability } from './journal-connection';

const DEFAULT_IDLE_CHECKPOINT_MS = 30_000;
/**
 * A busy till's WAL: after this many writes since the last checkpoint, one runs at the till's
 * next second without a write (BUSY_QUIET_MS), not after the idle wait. A checkpoint syncs the
 * WAL to disk (tens of ms on a loaded disk): in that second it falls between a sale's steps
 * (while the customer scans, or after the sale ended), not inside the cashier's click.
 */
export const BUSY_WRITES_BEFORE_CHECKPOINT = 500;
export const BUSY_QUIET_MS = 1_000;
/**
 * A till without a second's quiet in this many writes checkpoints inside the write that
 * reaches it: about 40 MB of WAL at the journal's ~10 pages per write.
 */
export const MAX_WRITES_BETWEEN_CHECKPOINTS = 1000;

export interface SqliteJournalOptions {
  /** File path; ':memory:' for throwaway journals. */
  path: string;
  clock: Clock;
  /**
   * 'normal' (default): WAL with synchronous=NORMAL. A commit is in the OS before the call
   * returns, so a killed or crashed app loses nothing; a power cut or OS crash can lose the
   * commits since the last checkpoint (the file itself stays consistent). A checkpoint syncs
   * the WAL, and one runs once the till has been idle for `idleCheckpointMs`, so sales that
   * ended before a quiet moment survive a power cut too. 'full' also fsyncs the WAL on every
   * commit: power-cut safe for every step, at the price of a disk flush per write (measured in
   * tests/bench/journal.bench.ts: p99 several ms here, over the 1 ms goal).
   */
  durability?: Durability;
  /**
   * Checkpoint the WAL after this long without a write (default 30 s; by the Clock). SQLite's
   * own automatic checkpoint runs inside whichever commit crosses 1000 WAL pages and made one
   * insert in a hundred take milliseconds (measured p99 5.9 ms on a million orders); a
   * checkpoint right before an insert slows it too (the fsync's file-system journal commit).
   * So checkpoints wait for a quiet till: a busy one's for a second's quiet once
   * BUSY_WRITES_BEFORE_CHECKPOINT writes wait, and one that never rests still checkpoints
   * every MAX_WRITES_BETWEEN_CHECKPOINTS writes, keeping the WAL bounded.
   */
  idleCheckpointMs?: number;
}

/** The OrderJournal over one SQLite file: the till's only writer of it. Reports read through SqliteReportReader. */
export class SqliteOrderJournal implements OrderJournal {
  readonly db: DatabaseSync;
  readonly schemaVersion: number;
  /** How many checkpoints this connection ran (diagnostics and tests). */
  checkpoints = 0;
  private readonly idleCheckpointMs: number;
  private lastWriteMs = 0;
  private writesSinceCheckpoint = 0;
  private cancelIdleTimer: (() => void) | null = null;
  private readonly clock: Clock;
  private readonly statements: JournalStatements;
  private readonly inTransaction: InTransaction;

  constructor(options: SqliteJournalOptions) {
    this.clock = options.clock;
    this.db = openJournalConnection(options.path, options.durability ?? 'normal');
    this.idleCheckpointMs = options.idleCheckpointMs ?? DEFAULT_IDLE_CHECKPOINT_MS;
    try {
      this.schemaVersion = migrate(this.db, this.clock.now());
      this.statements = prepareJournalStatements(this.db);
      this.inTransaction = transactionRunner(this.db);
    } catch (error) {
      this.db.close();
      throw error;
    }
  }

  createOrder(
    order: NewOrder,
    event: { atMs: number; reasonKind: ReasonKind; detail?: EventDetail },
  ): OrderRecord {
    if (!findTransition(order.kind, null, order.state, event.reasonKind)) {
      throw new JournalConflictError(
        `an order cannot start in ${order.state} by ${event.reasonKind}`,
      );
    }
    const record: OrderRecord = {
      ...order,
      cashierId: order.cashierId ?? null,
      shiftId: order.shiftId ?? null,
      attempts: order.attempts ?? 0,
      updatedAtMs: event.atMs,
      rateDifferencePercent: null,
      link: null,
      lastFailure: null,
    };
    this.inTransaction(() => {
      this.statements.insertOrder.run({
        order_id: record.orderId,
        reference: record.reference,
        kind: record.kind,
        state: record.state,
        amount: record.amount,
        fee: record.fee,
        asset: record.asset,
        asset_decimal: record.assetDecimals,
        chain_id: record.chainId,
        chain_name: record.chainName,
        currency: record.currency,
        serial_number: record.serialNumber,
        created_at_ms: record.createdAtMs,
        updated_at_ms: record.updatedAtMs,
        attempts: record.attempts,
        replaces_order_id: record.replacesOrderId,
        cashier_id: record.cashierId,
        shift_id: record.shiftId,
        ...pricingParams(record.pricing),
        ...fixedPointParams({
          amount: record.amount,
          fee: record.fee,
          moneyAmount: record.pricing?.moneyAmount ?? null,
          feeMoney: record.pricing?.feeMoney ?? null,
        }),
      } satisfies InsertOrderParams);
      this.statements.insertEvent.run(
        record.orderId,
        event.atMs,
        null,
        record.state,
        event.reasonKind,
        JSON.stringify(event.detail ?? {}),
        record.cashierId,
      );
    });
    this.wrote();
    return record;
  }

  transition(change: StateChange): OrderRecord {
    const record = this.applyTransition(change);
    this.wrote();
    return record;
  }

  /**
   * Copies the WAL into the database file without waiting for readers (PASSIVE), syncing it to
   * disk. A report reading at the same time only makes it copy less this time. Returns whether
   * every commit so far is now in the database file, synced: false when a reader held some back.
   */
  checkpoint(): boolean {
    this.writesSinceCheckpoint = 0;
    this.checkpoints++;
    const { log, checkpointed } = this.statements.checkpointPassive.get() as {
      log: number;
      checkpointed: number;
    };
    return checkpointed === log;
  }

  /** How long without a write the next checkpoint waits for: a second once the till is busy. */
  private quietMs(): number {
    return this.writesSinceCheckpoint >= BUSY_WRITES_BEFORE_CHECKPOINT
      ? BUSY_QUIET_MS
      : this.idleCheckpointMs;
  }

  /** After every write: count it, and (re)arm the quiet-time checkpoint. */
  private wrote(): void {
    this.lastWriteMs = this.clock.now();
    if (++this.writesSinceCheckpoint >= MAX_WRITES_BETWEEN_CHECKPOINTS) this.checkpoint();
    // The till just became busy: the timer armed for the idle wait would come too late.
    if (this.writesSinceCheckpoint === BUSY_WRITES_BEFORE_CHECKPOINT) {
      this.cancelIdleTimer?.();
      this.cancelIdleTimer = null;
    }
    if (!this.cancelIdleTimer) this.armIdleTimer(this.lastWriteMs + this.quietMs());
  }

  private armIdleTimer(atMs: number): void {
    this.cancelIdleTimer = this.clock.at(atMs, () => {
      this.cancelIdleTimer = null;
      if (!this.db.isOpen) return;
      const quietSince = this.lastWriteMs + this.quietMs();
      if (this.clock.now() >= quietSince) {
        if (this.writesSinceCheckpoint > 0) this.checkpoint();
      } else {
        this.armIdleTimer(quietSince);
      }
    });
  }

  private applyTransition(change: StateChange): OrderRecord {
    return this.inTransaction(() => {
      const row = this.statements.getOrder.get(change.orderId) as OrderRow | undefined;
      if (!row) throw new JournalConflictError(`no order ${change.orderId}`);
      const current = recordFromRow(row);
      if (current.state !== change.from) {
        throw new JournalConflictError(
          `order ${change.orderId} is ${current.state}, not ${change.from}`,
        );
      }
      if (!findTransition(current.kind, change.from, change.to, change.reasonKind)) {
        throw new JournalConflictError(
          `${current.kind} order cannot go ${change.from} -> ${change.to} by ${change.reasonKind}`,
        );
      }
      const patch = change.patch ?? {};
      this.statements.updateState.run(
        change.to,
        change.atMs,
        patch.countAttempt ? 1 : 0,
        change.orderId,
      );
      if (patch.link !== undefined) {
        const link = patch.link;
        this.statements.updateLink.run({
          order_id: change.orderId,
          qr_url: link?.qrUrl ?? null,
          rate_usd: link?.rateUsd ?? null,
          expire_at_raw: link?.expireAtRaw ?? null,
          expires_at_ms: link?.expiresAtMs ?? null,
          expiry_known: link ? (link.expiryKnown ? 1 : 0) : null,
          expiry_note: link?.expiryNote ?? null,
          link_amount: link?.linkAmount ?? null,
          amount_matches: link ? (link.amountMatches ? 1 : 0) : null,
        } satisfies UpdateLinkParams);
      }
      if (patch.rateDifferencePercent !== undefined)
        this.statements.updateRateDifference.run(patch.rateDifferencePercent, change.orderId);
      if (patch.lastFailure !== undefined) {
        const failure = patch.lastFailure;
        this.statements.updateFailure.run({
          order_id: change.orderId,
          failure_kind: failure?.kind ?? null,
          failure_message: failure?.message ?? null,
          failure_service_msg: failure?.serviceMessage ?? null,
          failure_service_code: failure?.serviceCode ?? null,
          failure_http_status: failure?.httpStatus ?? null,
        } satisfies UpdateFailureParams);
      }
      this.statements.insertEvent.run(
        change.orderId,
        change.atMs,
        change.from,
        change.to,
        change.reasonKind,
        JSON.stringify(change.detail ?? {}),
        change.actorId ?? null,
      );
      return recordFromRow(this.statements.getOrder.get(change.orderId) as OrderRow);
    });
  }

  get(orderId: string): OrderRecord | null {
    const row = this.statements.getOrder.get(orderId) as OrderRow | undefined;
    return row ? recordFromRow(row) : null;
  }

  events(orderId: string): OrderEvent[] {
    return (this.statements.events.all(orderId) as EventRow[]).map(eventFromRow);
  }

  openOrders(): OrderRecord[] {
    return (this.statements.openOrders.all() as OrderRow[]).map(recordFromRow);
  }

  /**
   * Checkpoints the WAL in full and empties it (TRUNCATE), then closes: after a clean quit the
   * journal is its database file alone, synced, and a power cut right after loses nothing.
   * SQLite deletes the emptied WAL when the last connection to the file closes; a report reader
   * still open keeps the -wal and -shm files, so close it first. A reader in the middle of a
   * read (an export at quit) would make the checkpoint wait the whole busy timeout for nothing:
   * it does not wait, the rest stays in the WAL and the next start finds it there.
   */
  close(): void {
    this.cancelIdleTimer?.();
    this.cancelIdleTimer = null;
    if (!this.db.isOpen) return;
    try {
      this.db.exec('PRAGMA busy_timeout = 0');
      this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      this.checkpoints++;
      this.writesSinceCheckpoint = 0;
    } finally {
      this.db.close();
    }
  }
}
