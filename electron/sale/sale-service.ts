import type { Clock } from '../../shared/clock';
import { newOrderId as defaultNewOrderId, type OrderIdentity } from '../../shared/order-id';
import { paidStates, type SaleState } from '../../shared/sale/sale-states';
import type { OrderJournal } from '../journal/order-journal';
import type { EventDetail, OrderRecord } from '../journal/order-record';
import { silentLogger, type Logger } from '../logging/logger';
import { ActiveSale, type SaleListener } from './active-sale';
import { createNfcOrder, submitTap, type NfcTapVerdict } from './nfc-sale-steps';
import { recoverOpenOrders } from './outcome-unknown-recovery';
import { beginQrOrder, expireLink, newOrderForExpiredLink, retryQrOrder } from './qr-sale-steps';
import type { SalePaymentClient } from './sale-client-port';
import { SaleRuleError } from './sale-errors';
import { checkNfcAmount, checkQrSale, isSameNfcSale, isSameQrSale } from './sale-input-checks';
import type { SaleParts } from './sale-parts';
import { notAllowed, refusalsAsRejections, saleInProgress } from './sale-refusals';
import type { NfcSaleRequest, QrSaleRequest, SaleTerms } from './sale-requests';
import { allowedActions, snapshotOf, type SaleAction, type SaleSnapshot } from './sale-snapshot';
import { UsedTokens } from './used-tokens';

export type { SaleListener } from './active-sale';
export type { NfcTapRefusal, NfcTapVerdict } from './nfc-sale-steps';
export type { NfcSaleRequest, QrSaleRequest, SaleTerms } from './sale-requests';

export interface SaleServiceOptions {
  journal: OrderJournal;
  client: SalePaymentClient;
  clock: Clock;
  terms: () => SaleTerms;
  newOrderId?: (nowMs: number) => OrderIdentity;
  logger?: Logger;
  /** The staff member at the till, for the journal; none when absent (PINs off). */
  actor?: () => string | null;
  /** The shift open now, for each new order; none when absent. */
  shiftId?: () => number | null;
}

/**
 * The single active sale of the till: what the cashier's page and the NFC bridge call. Every
 * state change is written to the journal first, synchronously, then published; a request
 * leaves only after its order is journaled. Plain TypeScript: no Electron, time from the
 * Clock, the service through its client. The steps live beside it: input checks
 * (sale-input-checks.ts), the QR and NFC orders (qr-sale-steps.ts, nfc-sale-steps.ts),
 * recovery at start (outcome-unknown-recovery.ts), refusals (sale-refusals.ts).
 */
export class SaleService {
  private readonly active: ActiveSale;
  private readonly parts: SaleParts;
  private readonly usedTokens = new UsedTokens();
  private readonly offScreenListeners = new Set<(record: OrderRecord) => void>();
  private readonly logger: Logger;

  constructor(options: SaleServiceOptions) {
    const { journal, clock } = options;
    this.logger = options.logger ?? silentLogger;
    this.active = new ActiveSale(
      clock,
      this.logger,
      (record) => expireLink(journal, clock, record),
      (orderId) => journal.get(orderId),
    );
    this.parts = {
      journal,
      client: options.client,
      clock,
      terms: options.terms,
      newOrderId: options.newOrderId ?? ((nowMs) => defaultNewOrderId(nowMs)),
      active: this.active,
      actor: options.actor ?? (() => null),
      shiftId: options.shiftId ?? (() => null),
    };
  }

  current(): SaleSnapshot | null {
    return this.active.current();
  }

  /** Called with every change (null when the till goes back to no sale). Returns unsubscribe. */
  onChange(listener: SaleListener): () => void {
    return this.active.onChange(listener);
  }

  /**
   * Called with each order changed from the history, not on the sale screen (paid after all,
   * a payment voided), after the journal has it; the sale on screen goes to `onChange`.
   */
  onOffScreenChange(listener: (record: OrderRecord) => void): () => void {
    this.offScreenListeners.add(listener);
    return () => this.offScreenListeners.delete(listener);
  }

  private changedOffScreen(record: OrderRecord): OrderRecord {
    for (const listener of this.offScreenListeners) listener(record);
    return record;
  }

  /**
   * Creates a QR order and asks for its link. A second press while the first is on the wire
   * gets the same promise (one order); a press after the link came, with the same amount,
   * asset and chain, gets the open sale back.
   */
  startQrSale(request: QrSaleRequest): Promise<SaleSnapshot> {
    const inFlight = this.active.inFlight;
    if (inFlight && this.active.record?.kind === 'qr') return inFlight;
    return refusalsAsRejections(() => {
      const open = this.active.open();
      if (open) {
        if (isSameQrSale(open, request)) return this.active.current() ?? snapshotOf(open);
        throw saleInProgress(open);
      }
      const terms = this.parts.terms();
      const { amount, fee } = checkQrSale(request, terms);
      return beginQrOrder(this.parts, {
        amount,
        fee,
        asset: request.asset,
        chainName: request.chain.name,
        terms,
        replacesOrderId: null,
        pricing: request.priced?.pricing ?? null,
      });
    });
  }

  /** Creates an NFC order waiting for the customer's tap. */
  startNfcSale(request: NfcSaleRequest): Promise<SaleSnapshot> {
    return refusalsAsRejections(() => {
      const open = this.active.open();
      if (open) {
        if (isSameNfcSale(open, request)) return this.active.current() ?? snapshotOf(open);
        throw saleInProgress(open);
      }
      const amount = checkNfcAmount(request);
      return createNfcOrder(this.parts, {
        amount,
        asset: request.asset,
        pricing: request.priced?.pricing ?? null,
      });
    });
  }

  /**
   * A token read from the customer's phone, for the order that waited for a tap when the card
   * arrived (the NFC bridge calls this). Sent only if that very order still waits: one that
   * was cancelled, finished or replaced in the meantime refuses it ('sale-changed'), so a slow
   * read never pays another sale than the one it was read for. Decided in this call, with no
   * await between the check and the order leaving waiting-for-tap; see nfc-sale-steps.ts for
   * what a tap does. Never throws: a journal that refuses the tap is a 'not-sent' verdict.
   */
  submitNfcToken(orderId: string, token: string): NfcTapVerdict {
    const waiting = this.active.record;
    if (waiting?.orderId !== orderId || waiting.state !== 'waiting-for-tap')
      return { kind: 'refused', refusal: 'sale-changed' };
    try {
      return submitTap(this.parts, this.usedTokens, waiting, token);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.error('sale: an NFC tap could not be recorded; nothing was sent', {
        orderId,
        message,
      });
      return { kind: 'not-sent', message };
    }
  }

  /** The cashier saw "paid" in the customer's wallet. Journaled as the cashier's word, not the service's. */
  confirmPaidByCashier(): Promise<SaleSnapshot> {
    return this.act('confirmPaidByCashier', 'paid-confirmed-by-cashier', {
      action: 'confirm-paid',
      note: "confirmed by the cashier holding the confirm control after checking amount, network and reference in the customer's wallet; the service reports no payment status",
    });
  }

  /** The link asks for another amount than requested; the cashier saw it and lets the customer see it. */
  acceptLinkAmount(): Promise<SaleSnapshot> {
    return this.act('acceptLinkAmount', 'awaiting-payment', { action: 'accept-link-amount' });
  }

  cancel(): Promise<SaleSnapshot> {
    return this.act('cancel', 'cancelled', { action: 'cancel' });
  }

  /** Gives up an order in doubt; it stays in the journal as voided. */
  voidOrder(): Promise<SaleSnapshot> {
    return this.act('voidOrder', 'voided', { action: 'void' });
  }

  /**
   * Sends the order in doubt again under the same order_id. A QR order is re-sent at once;
   * an NFC order waits for a new tap (a token is used once). The service's answer, a duplicate
   * complaint included, is shown as it comes.
   */
  retrySameOrder(): Promise<SaleSnapshot> {
    const inFlight = this.active.inFlight;
    if (inFlight) return inFlight;
    return refusalsAsRejections(() => {
      const record = this.active.allowing('retrySameOrder');
      if (record.kind === 'nfc') {
        return this.act('retrySameOrder', 'waiting-for-tap', { action: 'retry-same-order' });
      }
      return retryQrOrder(this.parts, record);
    });
  }

  /** A new order (new order_id) for the same amount, fee, asset and chain as the expired one. */
  newLinkForExpired(): Promise<SaleSnapshot> {
    const inFlight = this.active.inFlight;
    if (inFlight) return inFlight;
    return refusalsAsRejections(() =>
      newOrderForExpiredLink(this.parts, this.active.allowing('newLinkForExpired')),
    );
  }

  /**
   * The customer paid an expired or cancelled link after all (the cashier saw it paid in the
   * wallet): recorded on that same order with the cashier's reason, never as a new order. The
   * order may be the sale on screen or one from the history.
   */
  markPaidAfterAll(orderId: string, reason: string): Promise<SaleSnapshot> {
    return refusalsAsRejections(() => {
      const onScreen = this.active.record?.orderId === orderId ? this.active.record : null;
      const record = onScreen ?? this.parts.journal.get(orderId);
      if (!record) throw new SaleRuleError('not-allowed', 'There is no such order in this till.');
      if (!allowedActions(record).includes('markPaidAfterAll'))
        throw notAllowed('markPaidAfterAll', record);
      const updated = this.parts.journal.transition({
        orderId,
        from: record.state,
        to: 'paid-after-all',
        atMs: this.parts.clock.now(),
        reasonKind: 'cashier',
        detail: { action: 'paid-after-all', note: reason },
        actorId: this.parts.actor(),
      });
      return onScreen ? this.active.show(updated) : snapshotOf(this.changedOffScreen(updated));
    });
  }

  /**
   * A manager voids a payment already taken, from the history: one more event on the same
   * order (paid -> 'voided', with the reason and who asked), never a deletion. The sale still on
   * the sale screen is refused: the cashier finishes it there first, so the screen and the
   * journal never disagree about it.
   */
  voidPaidOrder(
    orderId: string,
    reason: string,
    by: { actorId: string | null; requestedBy: string | null },
  ): Promise<OrderRecord> {
    return refusalsAsRejections(() => {
      if (this.active.record?.orderId === orderId)
        throw new SaleRuleError(
          'sale-on-screen',
          'This sale is still on the sale screen. Press "New sale" there first, then void it here.',
        );
      const record = this.parts.journal.get(orderId);
      if (!record) throw new SaleRuleError('no-order', 'There is no such order in this till.');
      if (!paidStates.has(record.state))
        throw new SaleRuleError(
          'not-allowed',
          `Order ${record.reference} was not paid, so there is no payment to void.`,
        );
      const voided = this.parts.journal.transition({
        orderId,
        from: record.state,
        to: 'voided',
        atMs: this.parts.clock.now(),
        reasonKind: 'cashier',
        detail: {
          action: 'void-paid',
          note: reason,
          ...(by.requestedBy !== null && by.requestedBy !== by.actorId
            ? { requestedBy: by.requestedBy }
            : {}),
        },
        actorId: by.actorId,
      });
      return this.changedOffScreen(voided);
    });
  }

  /** The order id of the sale on the sale screen, paid or not; null with none. */
  onScreenOrderId(): string | null {
    return this.active.record?.orderId ?? null;
  }

  /** Back to "no sale" once the current one has ended. */
  clear(): void {
    const open = this.active.open();
    if (open) throw saleInProgress(open);
    this.active.clear();
  }

  /**
   * At start: brings back what the journal says was open (outcome-unknown-recovery.ts).
   * Nothing is re-sent.
   */
  /** Quitting: stop the sale's timers before the journal closes; the journal keeps the sale. */
  stop(): void {
    this.active.stop();
  }

  recover(): Promise<SaleSnapshot | null> {
    return refusalsAsRejections(() => {
      if (this.active.inFlight || this.active.open()) {
        throw new SaleRuleError('not-allowed', 'Recovery runs once, before any sale starts.');
      }
      const newest = recoverOpenOrders(this.parts.journal, this.parts.clock.now());
      if (newest) this.active.show(newest);
      return this.current();
    });
  }

  /** A cashier action that only moves the sale to another state, journaled as the cashier's. */
  private act(action: SaleAction, to: SaleState, detail: EventDetail): Promise<SaleSnapshot> {
    return refusalsAsRejections(() => {
      const record = this.active.allowing(action);
      const updated = this.parts.journal.transition({
        orderId: record.orderId,
        from: record.state,
        to,
        atMs: this.parts.clock.now(),
        reasonKind: 'cashier',
        detail,
        actorId: this.parts.actor(),
      });
      return this.active.show(updated);
    });
  }
}
