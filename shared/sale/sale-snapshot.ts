import type { OrderPricing } from '../pricing/pricing-types';
import type { OrderFailure } from './order-failure';
import type { OrderKind, SaleState } from './sale-states';

/** What the cashier may do next; the pages enable buttons from this list only. */
export type SaleAction =
  | 'acceptLinkAmount'
  | 'confirmPaidByCashier'
  | 'cancel'
  | 'retrySameOrder'
  | 'voidOrder'
  | 'newLinkForExpired'
  /** An expired or cancelled QR link the customer paid anyway: recorded on the same order. */
  | 'markPaidAfterAll'
  | 'newSale';

type SnapshotExpiry =
  | { kind: 'known'; atMs: number }
  /** The link never expires by itself; the cashier is told so and no countdown is shown. */
  | { kind: 'unknown'; note: string; raw: string };

/** The active sale as plain data: safe to send over IPC and to compare in tests. */
export interface SaleSnapshot {
  orderId: string;
  reference: string;
  kind: OrderKind;
  state: SaleState;
  terminal: boolean;
  amount: string;
  fee: string;
  asset: string | null;
  assetDecimals: number | null;
  chainId: string | null;
  chainName: string | null;
  currency: string;
  /** How a price typed in the shop's currency became `amount` and `fee`; null for asset units. */
  pricing: OrderPricing | null;
  /** The service's rate against the app's, in percent, when the link came back priced in money. */
  rateDifferencePercent: string | null;
  /** The checked link, once generate_qr answered. */
  link: {
    /** The checked link: both screens draw it as a QR code (qrcode.react, level M). */
    qrUrl: string;
    linkAmount: string;
    rateUsd: string;
    amountMatches: boolean;
  } | null;
  /** True only while the customer may be shown the QR code. */
  showQr: boolean;
  expiry: SnapshotExpiry | null;
  lastFailure: OrderFailure | null;
  allowedActions: SaleAction[];
  attempts: number;
  replacesOrderId: string | null;
  /** The replaced order had a link that was never withdrawn: the customer may still pay it. */
  replacedLinkMayBePaid: boolean;
  createdAtMs: number;
  updatedAtMs: number;
  /** A passing remark that is not journaled, e.g. why a tap was ignored. */
  notice: string | null;
}
