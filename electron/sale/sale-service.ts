import type { Clock } from '../../shared/clock';
import type { Expiry } from '../../shared/expire-at';
import { checkAmount, checkFee, MAX_DECIMALS } from '../../shared/money';
import { newOrderId as defaultNewOrderId, type OrderIdentity } from '../../shared/order-id';
import type { Asset } from '../../shared/wire/asset';
import type { Chain } from '../../shared/wire/chain';
import {
  generateNfcRequestSchema,
  generateQrRequestSchema,
  nfcTokenSchema,
  type GenerateQrRequest,
} from '../../shared/wire/requests';
import type { OrderJournal } from '../journal/order-journal';
import type { EventDetail, OrderLink, OrderRecord } from '../journal/order-record';
import { silentLogger, type Logger } from '../logging/logger';
import type { CheckedPaymentLink } from '../service-client/checked-payment-link';
import { failureOutcome } from './failure-outcome';
import type { SalePaymentClient } from './sale-client-port';
import { SaleRuleError } from './sale-errors';
import { snapshotOf, type SaleAction, type SaleSnapshot } from './sale-snapshot';
import {
  inFlightStates,
  isTerminal,
  linkShownStates,
  type SaleState,
} from '../../shared/sale/sale-states';
import { UsedTokens } from './used-tokens';

/** What every order carries from the till's settings, read when the order is made. */
export interface SaleTerms {
  serialNumber: string;
  /** Currency code the wallet shows the customer (NOTES: currency). */
  currency: string;
  /** Merchant fee added to QR orders, decimal text. */
  feeValue: string;
}

export interface SaleServiceOptions {
  journal: OrderJournal;
  client: SalePaymentClient;
  clock: Clock;
  terms: () => SaleTerms;
  newOrderId?: (nowMs: number) => OrderIdentity;
  logger?: Logger;
}

export interface QrSaleRequest {
  amount: string;
  asset: Asset;
  chain: Chain;
}

export interface NfcSaleRequest {
  amount: string;
  /** The NFC request names no asset; when the cashier picked one it is journaled for reports. */
  asset?: Asset;
}

export type SaleListener = (snapshot: SaleSnapshot | null) => void;

const NO_TOKEN_YET = '00000000-0000-0000-0000-000000000000';

/**
 * The single active sale of the till (issue 3). Every state change is written to the journal
 * first, synchronously, then published; a request leaves only after its order is journaled.
 * Plain TypeScript: no Electron, time from the Clock, the service through its client.
 */
export class SaleService {
  private record: OrderRecord | null = null;
  private notice: string | null = null;
  private inFlight: Promise<SaleSnapshot> | null = null;
  private cancelExpiry: (() => void) | null = null;
  private readonly listeners = new Set<SaleListener>();
  private readonly usedTokens = new UsedTokens();
  private readonly journal: OrderJournal;
  private readonly client: SalePaymentClient;
  private readonly clock: Clock;
  private readonly terms: () => SaleTerms;
  private readonly makeOrderId: (nowMs: number) => OrderIdentity;
  private readonly logger: Logger;

  constructor(options: SaleServiceOptions) {
    this.journal = options.journal;
    this.client = options.client;
    this.clock = options.clock;
    this.terms = options.terms;
    this.makeOrderId = options.newOrderId ?? ((nowMs) => defaultNewOrderId(nowMs));
    this.logger = options.logger ?? silentLogger;
  }

  current(): SaleSnapshot | null {
    return this.record ? snapshotOf(this.record, this.notice) : null;
  }

  /** Called with every change (null when the till goes back to no sale). Returns unsubscribe. */
  onChange(listener: SaleListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Creates a QR order and asks for its link. A second press while the first is on the wire
   * gets the same promise (one order); a press after the link came, with the same amount,
   * asset and chain, gets the open sale back.
   */
  startQrSale(request: QrSaleRequest): Promise<SaleSnapshot> {
    if (this.inFlight && this.record?.kind === 'qr') return this.inFlight;
    try {
      const open = this.openRecord();
      const amount = checkAmount(request.amount, request.asset.decimal);
      if (open) {
        const same =
          open.kind === 'qr' &&
          linkShownStates.has(open.state) &&
          amount.ok &&
          open.amount === amount.value &&
          open.asset === request.asset.asset &&
          open.chainId === String(request.chain.chain_id);
        if (same) return Promise.resolve(snapshotOf(open, this.notice));
        throw this.saleInProgress(open);
      }
      if (!amount.ok) throw new SaleRuleError('invalid-sale', amount.reason);
      if (request.asset.chain_id !== request.chain.chain_id) {
        throw new SaleRuleError('invalid-sale', 'The asset does not belong to the chosen chain.');
      }
      const terms = this.terms();
      const fee = checkFee(terms.feeValue, request.asset.decimal);
      if (!fee.ok) throw new SaleRuleError('invalid-sale', fee.reason);
      return this.beginQrOrder({
        amount: amount.value,
        fee: fee.value,
        asset: request.asset,
        chainName: request.chain.name,
        terms,
        replacesOrderId: null,
      });
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Creates an NFC order waiting for the customer's tap. */
  startNfcSale(request: NfcSaleRequest): Promise<SaleSnapshot> {
    try {
      const open = this.openRecord();
      const amount = checkAmount(request.amount, request.asset?.decimal ?? MAX_DECIMALS);
      if (open) {
        const same =
          open.kind === 'nfc' &&
          open.state === 'waiting-for-tap' &&
          amount.ok &&
          open.amount === amount.value &&
          open.asset === (request.asset?.asset ?? null);
        if (same) return Promise.resolve(snapshotOf(open, this.notice));
        throw this.saleInProgress(open);
      }
      if (!amount.ok) throw new SaleRuleError('invalid-sale', amount.reason);
      const terms = this.terms();
      const now = this.clock.now();
      const identity = this.makeOrderId(now);
      const check = generateNfcRequestSchema.safeParse({
        order_id: identity.orderId,
        amount: amount.value,
        token: NO_TOKEN_YET,
        serial_number: terms.serialNumber,
      });
      if (!check.success)
        throw new SaleRuleError(
          'invalid-sale',
          `The sale cannot be sent: ${check.error.issues[0]?.message ?? 'invalid'}`,
        );
      const record = this.journal.createOrder(
        {
          orderId: identity.orderId,
          reference: identity.reference,
          kind: 'nfc',
          state: 'waiting-for-tap',
          amount: amount.value,
          // generate_nfc carries no fee: the journal says what was sent.
          fee: '0',
          asset: request.asset?.asset ?? null,
          assetDecimals: request.asset?.decimal ?? null,
          chainId: request.asset ? String(request.asset.chain_id) : null,
          chainName: request.asset?.chain ?? null,
          currency: terms.currency,
          serialNumber: terms.serialNumber,
          createdAtMs: now,
          replacesOrderId: null,
        },
        { atMs: now, reasonKind: 'cashier', detail: { action: 'start-nfc-sale' } },
      );
      this.setRecord(record);
      return Promise.resolve(snapshotOf(record));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * A token read from the customer's phone (the NFC bridge calls this). Ignored unless the
   * sale waits for a tap. A malformed or already used token is refused with a notice and
   * nothing is sent. The order leaves waiting-for-tap before the request is awaited, so two
   * taps racing cannot both be sent.
   */
  submitNfcToken(token: string): Promise<SaleSnapshot | null> {
    const record = this.record;
    if (!record || record.state !== 'waiting-for-tap') return Promise.resolve(this.current());
    const parsed = nfcTokenSchema.safeParse(
      typeof token === 'string' ? token.trim().toLowerCase() : '',
    );
    if (!parsed.success) {
      this.setRecord(
        record,
        'The phone sent something that is not a payment token; nothing was sent. Ask the customer to tap again.',
      );
      return Promise.resolve(this.current());
    }
    const normalised = parsed.data;
    if (this.usedTokens.has(normalised)) {
      this.setRecord(
        record,
        'This payment token was already used; nothing was sent. Ask the customer to tap again for a new one.',
      );
      return Promise.resolve(this.current());
    }
    this.usedTokens.add(normalised);
    try {
      const submitting = this.journal.transition({
        orderId: record.orderId,
        from: 'waiting-for-tap',
        to: 'submitting',
        atMs: this.clock.now(),
        reasonKind: 'client',
        detail: { action: 'nfc-tap' },
        patch: { countAttempt: true, lastFailure: null },
      });
      this.setRecord(submitting);
      return this.track(this.sendNfc(submitting, normalised));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** The cashier saw "paid" in the customer's wallet. Journaled as the cashier's word, not the service's. */
  confirmPaidByCashier(): Promise<SaleSnapshot> {
    return this.act('confirmPaidByCashier', 'paid-confirmed-by-cashier', {
      action: 'confirm-paid',
      note: "confirmed by the cashier from the customer's wallet; the service reports no payment status",
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
    if (this.inFlight) return this.inFlight;
    try {
      const record = this.allowed('retrySameOrder');
      const detail = { action: 'retry-same-order' };
      if (record.kind === 'nfc') {
        return this.act('retrySameOrder', 'waiting-for-tap', detail);
      }
      const requesting = this.journal.transition({
        orderId: record.orderId,
        from: record.state,
        to: 'requesting',
        atMs: this.clock.now(),
        reasonKind: 'cashier',
        detail,
        patch: { countAttempt: true },
      });
      this.setRecord(requesting);
      return this.track(this.sendQr(requesting));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** A new order (new order_id) for the same amount, fee, asset and chain as the expired one. */
  newLinkForExpired(): Promise<SaleSnapshot> {
    if (this.inFlight) return this.inFlight;
    try {
      const expired = this.allowed('newLinkForExpired');
      return this.beginQrOrder({
        amount: expired.amount,
        fee: expired.fee,
        asset: assetOf(expired),
        chainName: expired.chainName ?? '',
        terms: this.terms(),
        replacesOrderId: expired.orderId,
      });
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Back to "no sale" once the current one has ended. */
  clear(): void {
    if (this.record && !isTerminal(this.record.state)) throw this.saleInProgress(this.record);
    this.stopExpiryTimer();
    this.record = null;
    this.notice = null;
    this.emit();
  }

  /**
   * At start: brings back what the journal says was open. A request that was on the wire when
   * the app stopped is now of unknown outcome; a shown link comes back as it was, with its
   * expiry timer, unless it expired meanwhile. Nothing is re-sent.
   */
  recover(): Promise<SaleSnapshot | null> {
    try {
      if (this.inFlight || (this.record && !isTerminal(this.record.state))) {
        throw new SaleRuleError('not-allowed', 'Recovery runs once, before any sale starts.');
      }
      const now = this.clock.now();
      const recovered = this.journal.openOrders().map((order) => this.recoverOne(order, now));
      const newest = recovered[0];
      if (newest) this.setRecord(newest);
      return Promise.resolve(this.current());
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private recoverOne(order: OrderRecord, now: number): OrderRecord {
    if (inFlightStates.has(order.state)) {
      return this.journal.transition({
        orderId: order.orderId,
        from: order.state,
        to: 'outcome-unknown',
        atMs: now,
        reasonKind: 'restart',
        detail: { note: 'the app stopped while this request was on the wire' },
        patch: {
          lastFailure: {
            kind: 'outcome-unknown',
            message:
              'The till stopped before the service answered. The request may have gone through: retry the same order or void it.',
            serviceMessage: null,
            serviceCode: null,
            httpStatus: null,
          },
        },
      });
    }
    const expiresAtMs = order.link?.expiryKnown ? order.link.expiresAtMs : null;
    if (linkShownStates.has(order.state) && expiresAtMs !== null && expiresAtMs <= now) {
      return this.journal.transition({
        orderId: order.orderId,
        from: order.state,
        to: 'expired',
        atMs: now,
        reasonKind: 'restart',
        detail: { note: 'the link expired while the app was not running' },
      });
    }
    return order;
  }

  private beginQrOrder(input: {
    amount: string;
    fee: string;
    asset: Asset;
    chainName: string;
    terms: SaleTerms;
    replacesOrderId: string | null;
  }): Promise<SaleSnapshot> {
    const now = this.clock.now();
    const identity = this.makeOrderId(now);
    const request: GenerateQrRequest = {
      order_id: identity.orderId,
      amount: input.amount,
      asset: input.asset.asset,
      chain_id: String(input.asset.chain_id),
      currency: input.terms.currency,
      fee_value: input.fee,
      serial_number: input.terms.serialNumber,
    };
    const check = generateQrRequestSchema.safeParse(request);
    if (!check.success)
      throw new SaleRuleError(
        'invalid-sale',
        `The sale cannot be sent: ${check.error.issues[0]?.message ?? 'invalid'}`,
      );
    // Journaled before the request exists on the wire: a crash from here on leaves a trace.
    const record = this.journal.createOrder(
      {
        orderId: identity.orderId,
        reference: identity.reference,
        kind: 'qr',
        state: 'requesting',
        amount: request.amount,
        fee: request.fee_value,
        asset: request.asset,
        assetDecimals: input.asset.decimal,
        chainId: request.chain_id,
        chainName: input.chainName,
        currency: request.currency,
        serialNumber: request.serial_number,
        createdAtMs: now,
        attempts: 1,
        replacesOrderId: input.replacesOrderId,
      },
      {
        atMs: now,
        reasonKind: 'cashier',
        detail: input.replacesOrderId
          ? { action: 'new-link-for-expired', note: `replaces ${input.replacesOrderId}` }
          : { action: 'start-qr-sale' },
      },
    );
    this.setRecord(record);
    return this.track(this.sendQr(record));
  }

  private async sendQr(record: OrderRecord): Promise<SaleSnapshot> {
    let link: CheckedPaymentLink;
    try {
      link = await this.client.createPaymentLink(qrRequestOf(record), assetOf(record));
    } catch (error) {
      return this.requestFailed(record, 'requesting', error);
    }
    const to: SaleState = link.amountMatches ? 'awaiting-payment' : 'amount-differs';
    const updated = this.journal.transition({
      orderId: record.orderId,
      from: 'requesting',
      to,
      atMs: this.clock.now(),
      reasonKind: 'service',
      detail: link.amountMatches
        ? {}
        : { note: `the link asks ${link.linkAmount}; requested ${link.requestedTotal}` },
      patch: { link: orderLinkOf(link), lastFailure: null },
    });
    this.setRecord(updated);
    return snapshotOf(updated);
  }

  private async sendNfc(record: OrderRecord, token: string): Promise<SaleSnapshot> {
    try {
      await this.client.submitNfcPayment({
        order_id: record.orderId,
        amount: record.amount,
        token,
        serial_number: record.serialNumber,
      });
    } catch (error) {
      return this.requestFailed(record, 'submitting', error);
    }
    const updated = this.journal.transition({
      orderId: record.orderId,
      from: 'submitting',
      to: 'accepted-by-service',
      atMs: this.clock.now(),
      reasonKind: 'service',
      detail: { note: 'the service answered "success"' },
    });
    this.setRecord(updated);
    return snapshotOf(updated);
  }

  private requestFailed(record: OrderRecord, from: SaleState, error: unknown): SaleSnapshot {
    const outcome = failureOutcome(error, record.attempts);
    const { failure } = outcome;
    const detail: EventDetail = { errorKind: failure.kind, message: failure.message };
    if (failure.serviceMessage !== null) detail.serviceMessage = failure.serviceMessage;
    if (failure.serviceCode !== null) detail.serviceCode = failure.serviceCode;
    if (failure.httpStatus !== null) detail.httpStatus = failure.httpStatus;
    const updated = this.journal.transition({
      orderId: record.orderId,
      from,
      to: outcome.to,
      atMs: this.clock.now(),
      reasonKind: outcome.reasonKind,
      detail,
      patch: { lastFailure: failure },
    });
    this.setRecord(updated);
    return snapshotOf(updated);
  }

  /** Remembers the request on the wire so a second press gets the same promise. */
  private track(promise: Promise<SaleSnapshot>): Promise<SaleSnapshot> {
    this.inFlight = promise;
    const clear = () => {
      if (this.inFlight === promise) this.inFlight = null;
    };
    promise.then(clear, clear);
    return promise;
  }

  private act(action: SaleAction, to: SaleState, detail: EventDetail): Promise<SaleSnapshot> {
    try {
      const record = this.allowed(action);
      const updated = this.journal.transition({
        orderId: record.orderId,
        from: record.state,
        to,
        atMs: this.clock.now(),
        reasonKind: 'cashier',
        detail,
      });
      this.setRecord(updated);
      return Promise.resolve(snapshotOf(updated));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private allowed(action: SaleAction): OrderRecord {
    const record = this.record;
    if (!record || !snapshotOf(record).allowedActions.includes(action)) {
      throw new SaleRuleError(
        'not-allowed',
        `${action} is not allowed ${record ? `while the sale is ${record.state}` : 'without a sale'}.`,
      );
    }
    return record;
  }

  private openRecord(): OrderRecord | null {
    return this.record && !isTerminal(this.record.state) ? this.record : null;
  }

  private saleInProgress(open: OrderRecord): SaleRuleError {
    return new SaleRuleError(
      'sale-in-progress',
      `Sale ${open.reference} is ${open.state}; finish, cancel or void it first.`,
    );
  }

  private setRecord(record: OrderRecord, notice: string | null = null): void {
    this.record = record;
    this.notice = notice;
    this.stopExpiryTimer();
    const expiresAtMs = record.link?.expiryKnown ? record.link.expiresAtMs : null;
    if (linkShownStates.has(record.state) && expiresAtMs !== null) {
      const orderId = record.orderId;
      this.cancelExpiry = this.clock.at(expiresAtMs, () => this.expire(orderId));
    }
    this.emit();
  }

  private stopExpiryTimer(): void {
    this.cancelExpiry?.();
    this.cancelExpiry = null;
  }

  private expire(orderId: string): void {
    const record = this.record;
    if (!record || record.orderId !== orderId || !linkShownStates.has(record.state)) return;
    try {
      const updated = this.journal.transition({
        orderId,
        from: record.state,
        to: 'expired',
        atMs: this.clock.now(),
        reasonKind: 'expiry',
        detail: { note: "the link's expire_at has passed" },
      });
      this.setRecord(updated);
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

function qrRequestOf(record: OrderRecord): GenerateQrRequest {
  return {
    order_id: record.orderId,
    amount: record.amount,
    asset: record.asset ?? '',
    chain_id: record.chainId ?? '',
    currency: record.currency,
    fee_value: record.fee,
    serial_number: record.serialNumber,
  };
}

/** The asset as the client needs it to check the link, rebuilt from the journal (also after a restart). */
function assetOf(record: OrderRecord): Asset {
  return {
    asset: record.asset ?? '',
    chain: record.chainName ?? '',
    chain_id: Number(record.chainId ?? '0'),
    decimal: record.assetDecimals ?? 0,
    logo: '',
  };
}

function orderLinkOf(link: CheckedPaymentLink): OrderLink {
  const expiry: Expiry = link.expiry;
  return {
    qrUrl: link.qrUrl,
    rateUsd: String(link.rateUsd),
    expireAtRaw: link.expireAtRaw,
    expiresAtMs: expiry.kind === 'known' ? expiry.atMs : null,
    expiryKnown: expiry.kind === 'known',
    expiryNote: expiry.kind === 'unknown' ? expiry.reason : null,
    linkAmount: link.linkAmount,
    amountMatches: link.amountMatches,
  };
}
