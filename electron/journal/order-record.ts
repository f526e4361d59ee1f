import type { OrderPricing } from '../../shared/pricing/pricing-types';
import type { OrderFailure } from '../../shared/sale/order-failure';
import type { ServiceErrorKind } from '../../shared/service-errors';
import type { OrderKind, ReasonKind, SaleState } from '../../shared/sale/sale-states';

/**
 * One order as the journal keeps it: what was sent, what came back, where it stands.
 * Money and rates are the exact decimal text that was sent or received. No token of any kind.
 */
export interface OrderRecord {
  orderId: string;
  reference: string;
  kind: OrderKind;
  state: SaleState;
  /** What was asked (decimal text, canonical). */
  amount: string;
  fee: string;
  /** Null for an NFC order taken without an asset (the NFC request names none). */
  asset: string | null;
  assetDecimals: number | null;
  chainId: string | null;
  chainName: string | null;
  currency: string;
  serialNumber: string;
  createdAtMs: number;
  updatedAtMs: number;
  /** How many times the request was sent with this order_id (retries keep the id). */
  attempts: number;
  /** The expired order this one replaced (a new link for the same sale). */
  replacesOrderId: string | null;
  /** The staff member who started it; null before staff profiles, or with PINs off. */
  cashierId: string | null;
  /** The shift it was started in; null before shifts, or with no shift open. */
  shiftId: number | null;
  /** How a price typed in the shop's currency became `amount` and `fee`; null for asset units. */
  pricing: OrderPricing | null;
  /** How far the link's rate_usd was from the till's own price, in percent (money sales). */
  rateDifferencePercent: string | null;
  link: OrderLink | null;
  lastFailure: OrderFailure | null;
}

/** What generate_qr gave back, as received and checked. */
export interface OrderLink {
  qrUrl: string;
  /** The service's rate_usd as text (it arrives as a JSON number; kept as its shortest text). */
  rateUsd: string;
  expireAtRaw: string;
  /** Null when the expiry is unknown: such a link never expires by itself. */
  expiresAtMs: number | null;
  expiryKnown: boolean;
  /** Why the expiry is unknown, when it is. */
  expiryNote: string | null;
  /** The link's own transaction_amount: what the wallet will ask for. */
  linkAmount: string;
  amountMatches: boolean;
}

/** One line of the append-only history. */
export interface OrderEvent {
  orderId: string;
  atMs: number;
  fromState: SaleState | null;
  toState: SaleState;
  reasonKind: ReasonKind;
  /** Service msg / error_code / error kind / cashier action, as a small object. */
  detail: EventDetail;
  /** The staff member who acted; null for the service, the clock, or before staff profiles. */
  actorId: string | null;
}

export interface EventDetail {
  action?: string;
  errorKind?: ServiceErrorKind;
  message?: string;
  serviceMessage?: string;
  serviceCode?: string;
  httpStatus?: number;
  note?: string;
  /** The cashier who asked a manager to approve this act (the event's actor is the manager). */
  requestedBy?: string;
}

export type NewOrder = Omit<
  OrderRecord,
  | 'state'
  | 'updatedAtMs'
  | 'attempts'
  | 'link'
  | 'lastFailure'
  | 'rateDifferencePercent'
  | 'cashierId'
  | 'shiftId'
> & {
  state: SaleState;
  attempts?: number;
  cashierId?: string | null;
  shiftId?: number | null;
};

/** Fields a transition may set at the same time as the state. */
interface OrderPatch {
  link?: OrderLink | null;
  rateDifferencePercent?: string | null;
  lastFailure?: OrderFailure | null;
  /** Adds one to attempts (the request is about to leave again). */
  countAttempt?: boolean;
}

export interface StateChange {
  orderId: string;
  /** The state the caller believes the order is in: the write fails if it is not (compare-and-set). */
  from: SaleState;
  to: SaleState;
  atMs: number;
  reasonKind: ReasonKind;
  detail?: EventDetail;
  patch?: OrderPatch;
  /** The staff member who acted, when a person did (null: the till, or PINs off). */
  actorId?: string | null;
}

export type { OrderFailure } from '../../shared/sale/order-failure';
