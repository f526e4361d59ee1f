import type { OrderSummary } from '../ipc/views';
import type { OrderPricing } from '../pricing/pricing-types';
import type { ReasonKind, SaleState } from '../sale/sale-states';

/**
 * One order as the history's detail view shows it: everything the journal holds about it that
 * a manager may read (no token, none is kept), every event with who acted, and whether its
 * payment may be voided. Built in main (electron/history/order-detail.ts).
 */
export interface OrderDetail {
  summary: OrderSummary;
  /** The zone the till's reports and history show times in. */
  timeZone: string;
  serialNumber: string;
  /** The shift it was started in; null before shifts or with none open. */
  shiftId: number | null;
  /** How many times its request was sent (retries keep the order id). */
  attempts: number;
  /** The expired order this one gave a new link for, by its reference when still kept. */
  replaces: { orderId: string; reference: string | null } | null;
  /** How a price in money became the asset amount: rate, its source and moment. */
  pricing: OrderPricing | null;
  /** How far the link's own USD rate was from the till's price, in percent. */
  rateDifferencePercent: string | null;
  link: OrderDetailLink | null;
  /** Oldest first. */
  events: OrderDetailEvent[];
  voiding: VoidOffer;
}

interface OrderDetailLink {
  /** The payment link as text (what the QR code held). */
  qrUrl: string;
  /** What the wallet asks for, and whether it is what the till asked. */
  linkAmount: string;
  amountMatches: boolean;
  rateUsd: string;
  /** Null when the service gave no usable expiry (then `expiryNote` says why). */
  expiresAtMs: number | null;
  expiryNote: string | null;
}

/** Who moved an order: a person by name, or the till or the service by itself. */
export type EventActor =
  | { kind: 'staff'; staffId: string; name: string | null }
  /** A person's act with nobody signed in (staff PINs off, or before staff profiles). */
  | { kind: 'nobody-signed-in' }
  /** The till on its own: the link ran out, a restart, a request that got no answer. */
  | { kind: 'till' }
  | { kind: 'service' };

export interface OrderDetailEvent {
  atMs: number;
  fromState: SaleState | null;
  toState: SaleState;
  reasonKind: ReasonKind;
  actor: EventActor;
  /** A manager's approval a cashier asked for (the cashier who asked). */
  requestedBy: { staffId: string; name: string | null } | null;
  /** What the cashier wrote, the service said, or the till noted. */
  action: string | null;
  note: string | null;
  message: string | null;
  serviceMessage: string | null;
  serviceCode: string | null;
  httpStatus: number | null;
}

/**
 * Whether "Void this payment…" is offered: 'not-paid' (nothing to void), 'allowed', or
 * 'on-screen' (the sale is still on the sale screen: finish it there first).
 */
export type VoidOffer = 'not-paid' | 'allowed' | 'on-screen';
