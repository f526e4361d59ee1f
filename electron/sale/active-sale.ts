import type { Clock } from '../../shared/clock';
import { isTerminal, linkShownStates, type SaleState } from '../../shared/sale/sale-states';
import { OUTCOME_HOLD_MS } from '../../shared/sale/wait-screen';
import type { OrderRecord } from '../journal/order-record';
import type { Logger } from '../logging/logger';
import { notAllowed } from './sale-refusals';
import { snapshotOf, type SaleAction, type SaleSnapshot } from './sale-snapshot';

export type SaleListener = (snapshot: SaleSnapshot | null) => void;

/**
 * Outcomes that need nothing more from the cashier: after OUTCOME_HOLD_MS the till is ready
 * for the next sale by itself. An expired link or a refused request stays until the cashier
 * decides (a new link, paid after all, or just typing the next amount).
 */
const returnsToIdle: ReadonlySet<SaleState> = new Set<SaleState>([
  'paid-confirmed-by-cashier',
  'accepted-by-service',
  'paid-after-all',
  'cancelled',
  'voided',
]);

/** Writes the expiry of the shown link to the journal; returns the expired order. */
export type ExpireLink = (record: OrderRecord) => OrderRecord;

/**
 * The till's one active sale in memory: the order as last journaled, a passing notice, the
 * request on the wire, the listeners, the timer that expires a shown link by the clock, and
 * the one that clears a finished sale (returnsToIdle).
 * Every change goes through `show()`, after the journal has it, so listeners never see a
 * state the journal does not hold.
 */
export class ActiveSale {
  private shown: OrderRecord | null = null;
  private notice: string | null = null;
  private pending: Promise<SaleSnapshot> | null = null;
  private cancelExpiry: (() => void) | null = null;
  private cancelReturn: (() => void) | null = null;
  private readonly listeners = new Set<SaleListener>();

  constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly expireLink: ExpireLink,
    /** An order from the journal: the one a new link replaces. */
    private readonly orderById: (orderId: string) => OrderRecord | null = () => null,
  ) {}

  get record(): OrderRecord | null {
    return this.shown;
  }

  /** The request on the wire, so a second press gets the same promise. */
  get inFlight(): Promise<SaleSnapshot> | null {
    return this.pending;
  }

  current(): SaleSnapshot | null {
    return this.shown ? this.snapshot(this.shown, this.notice) : null;
  }

  /** The sale while it has not ended; null when there is none or it has ended. */
  open(): OrderRecord | null {
    return this.shown && !isTerminal(this.shown.state) ? this.shown : null;
  }

  /** The sale, when `action` is among its allowed actions; the refusal otherwise. */
  allowing(action: SaleAction): OrderRecord {
    const record = this.shown;
    if (!record || !snapshotOf(record).allowedActions.includes(action)) {
      throw notAllowed(action, record);
    }
    return record;
  }

  onChange(listener: SaleListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Makes `record` (already journaled) the sale, re-arms its link expiry and tells listeners. */
  show(record: OrderRecord, notice: string | null = null): SaleSnapshot {
    this.shown = record;
    this.notice = notice;
    this.stopTimers();
    const expiresAtMs = record.link?.expiryKnown ? record.link.expiresAtMs : null;
    if (linkShownStates.has(record.state) && expiresAtMs !== null) {
      const orderId = record.orderId;
      this.cancelExpiry = this.clock.at(expiresAtMs, () => this.expire(orderId));
    }
    if (returnsToIdle.has(record.state)) {
      const { orderId, state } = record;
      this.cancelReturn = this.clock.at(this.clock.now() + OUTCOME_HOLD_MS, () => {
        if (this.shown?.orderId === orderId && this.shown.state === state) this.clear();
      });
    }
    this.emit();
    return this.snapshot(record, notice);
  }

  /** Back to no sale. */
  clear(): void {
    this.stopTimers();
    this.shown = null;
    this.notice = null;
    this.emit();
  }

  /** Remembers the request on the wire until it settles. */
  track(promise: Promise<SaleSnapshot>): Promise<SaleSnapshot> {
    this.pending = promise;
    const settled = () => {
      if (this.pending === promise) this.pending = null;
    };
    promise.then(settled, settled);
    return promise;
  }

  /** The app is quitting: no timer may write after the journal closes. The sale stays as
   *  journaled, so the next start resumes it. */
  stop(): void {
    this.stopTimers();
    this.listeners.clear();
  }

  private snapshot(record: OrderRecord, notice: string | null): SaleSnapshot {
    const replaced = record.replacesOrderId ? this.orderById(record.replacesOrderId) : null;
    return snapshotOf(record, notice, replaced);
  }

  private stopTimers(): void {
    this.cancelExpiry?.();
    this.cancelExpiry = null;
    this.cancelReturn?.();
    this.cancelReturn = null;
  }

  private expire(orderId: string): void {
    const record = this.shown;
    if (!record || record.orderId !== orderId || !linkShownStates.has(record.state)) return;
    try {
      this.show(this.expireLink(record));
    } catch (error) {
      this.logger.error('sale: could not record expiry', { orderId, error: String(error) });
    }
  }

  private emit(): void {
    const snapshot = this.current();
    for (const listener of this.listeners) {
      try {
        listener(snapshot);
      } catch (error) {
        this.logger.warn('sale: a change listener threw', { error: String(error) });
      }
    }
  }
}
