import type { OrderKind, SaleState } from '../sale/sale-states';

/**
 * What a shift took, as plain JSON data: an X report (the open shift so far) and a Z report
 * (stored at the close, never changed) are both a ShiftReport. Money is exact decimal text.
 */

/**
 * How an order ended, for the shift's counts (the rules are in shift-outcomes.ts): every
 * order of the shift is in exactly one bucket.
 */
export type Outcome = 'paid' | 'cancelled' | 'expired' | 'unknown';

/** Who did something: `staffId` null when nobody was signed in (staff PINs off). */
export interface StaffRef {
  staffId: string | null;
  name: string;
}

/** Orders of one chain and asset (asset null: an NFC order taken without one). */
export interface AssetTotal {
  chainId: string | null;
  chainName: string | null;
  asset: string | null;
  count: number;
  /** Sum of the asset amounts asked. */
  amount: string;
  fee: string;
}

/** Orders priced in one shop currency, each at its own recorded price. */
export interface CurrencyTotal {
  currency: string;
  count: number;
  /** Sum of the prices typed. */
  amount: string;
  fee: string;
  /** amount + fee. */
  total: string;
}

/** Counts and exact sums of a set of orders, by asset and by shop currency. */
export interface Totals {
  count: number;
  /** Sorted by chain name, asset, chain id; orders without a chain or asset last. */
  byAsset: AssetTotal[];
  /** Sorted by currency. Orders typed in asset units are not converted: they are only counted below. */
  byCurrency: CurrencyTotal[];
  /** Orders with no price in the shop's currency (typed in asset units, or older). */
  withoutCurrency: number;
}

/** One slice of the shift (a payment way, a cashier): every order counted, the paid ones summed. */
export interface Slice {
  count: number;
  outcomes: Record<Outcome, number>;
  paid: Totals;
}

export interface CashierSlice extends Slice {
  cashier: StaffRef;
}

/** One order named in a list of the report. */
export interface OrderLine {
  orderId: string;
  reference: string;
  kind: OrderKind;
  /** As at the report's cut-off. */
  state: SaleState;
  createdAtMs: number;
  amount: string;
  fee: string;
  asset: string | null;
  chainId: string | null;
  chainName: string | null;
  /** The price in the shop's currency, when the order was priced in money. */
  money: { currency: string; amount: string; fee: string } | null;
  cashier: StaffRef;
}

/** An order of an earlier shift (or of no shift) marked paid while this shift was open. */
export interface EarlierOrderPaidLine extends OrderLine {
  /** The shift the order was started in; null when no shift was open. */
  shiftId: number | null;
  paidAtMs: number;
}

/** A payment of an earlier shift (or of no shift) voided while this shift was open. */
export interface EarlierPaymentVoidedLine extends OrderLine {
  /** The shift the order was started in; null when no shift was open. */
  shiftId: number | null;
  voidedAtMs: number;
}

/** A shift a manager reopened: the new shift continues the closed one, whose Z report stays. */
export interface ShiftContinuation {
  /** The closed shift this one continues. */
  shiftId: number;
  reopenedBy: StaffRef;
}

export interface ShiftReport {
  shiftId: number;
  /**
   * Present only on a shift that continues a reopened one (reports made before reopening
   * existed have no such key, so a recomputed old report still equals the stored one).
   */
  continues?: ShiftContinuation;
  /** The till's serial number when the shift was opened. */
  serialNumber: string;
  openedAtMs: number;
  openedBy: StaffRef;
  /** Null in an X report: the shift is still open. */
  closedAtMs: number | null;
  closedBy: StaffRef | null;
  /**
   * The last journal event the report takes in. A change made to one of the shift's orders
   * after it (a late payment recorded the next morning) belongs to the next report, so a Z
   * report recomputed from the journal later is still the same report.
   */
  throughEventId: number;
  /** Every order the shift started, whatever became of it. */
  orders: Totals;
  /** paid + cancelled + expired + unknown = orders. Fees taken are the `fee` sums of `paid`. */
  byOutcome: Record<Outcome, Totals>;
  /** Counts by exact state, in the order of the state table; only states that occur. */
  byState: { state: SaleState; count: number }[];
  byWay: Record<OrderKind, Slice>;
  /** Sorted by name; "Unknown" for orders taken with nobody signed in. */
  byCashier: CashierSlice[];
  /** Oldest first, as every list below. */
  voided: OrderLine[];
  /** Orders paid after their link expired or the sale was cancelled ('paid-after-all'). */
  latePayments: OrderLine[];
  /** Orders still open at the cut-off; a Z report has them only when the closer acknowledged them. */
  unresolved: OrderLine[];
  /**
   * Sales made while no shift was open (where the till allowed it), which this shift took in
   * when it opened: counted in its figures, listed here. Absent when none.
   */
  takenBeforeOpening?: OrderLine[];
  /**
   * Listed, not summed: each sale belongs to the shift it was started in, whose report (made
   * before this payment was recorded) shows it unpaid; this list is where the payment shows.
   */
  earlierOrdersPaid: EarlierOrderPaidLine[];
  /**
   * Listed, not summed, like earlierOrdersPaid: a payment taken in an earlier shift and voided
   * in this one (its own shift's Z report, made before, shows it paid). Absent when none.
   */
  earlierPaymentsVoided?: EarlierPaymentVoidedLine[];
  /**
   * The money that came in and went out while this report's window was open, whichever shift
   * the sale was started in: the shift's own payments, earlier sales paid late, payments
   * voided. Z windows follow one another without gap or overlap, so the Z reports' takings add
   * up to every payment the journal holds minus every void. Absent only in Z reports stored
   * before takings were reported.
   */
  takings?: Takings;
}

/** Signed sums of one chain and asset (negative when more was voided than received). */
export interface NetAssetTotal {
  chainId: string | null;
  chainName: string | null;
  asset: string | null;
  amount: string;
  fee: string;
}

/** Signed sums in one shop currency. */
export interface NetCurrencyTotal {
  currency: string;
  amount: string;
  fee: string;
  /** amount + fee. */
  total: string;
}

/** Money by when it came in: payments recorded and voided in the report's window. */
export interface Takings {
  /** Orders that reached a paid state in the window, each at its own amounts. */
  received: Totals;
  /** Payments voided in the window. */
  voided: Totals;
  /** received − voided. */
  net: { byAsset: NetAssetTotal[]; byCurrency: NetCurrencyTotal[] };
  /**
   * Received, by who vouched for the payment: the payment service accepted it (tap to pay),
   * or the cashier confirmed it by eye (QR code, and payments recorded as paid after all).
   */
  byConfirmation: { service: Totals; cashier: Totals };
}
