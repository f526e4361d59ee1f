import type { TokenStatus } from '../api-token';
import type { CustomerDisplaySnapshot } from '../customer-display';
import type { OrderKind, SaleState } from '../sale/sale-states';
import type { OrderFailure } from '../sale/order-failure';

/**
 * Plain data the pages receive besides the sale snapshot and the settings: each shaped for
 * what a page shows, with nothing it must not see (no token, no internal ids it can't use).
 */

/** A chain as the pickers show it; its logo comes afterwards (`chainLogos`), for the rows on screen. */
export interface ChainView {
  chainId: string;
  name: string;
}

export interface AssetView {
  asset: string;
  chainId: string;
  chainName: string;
  decimals: number;
}

/**
 * The logo of one picker row (a chain id or an asset symbol): a data: URL fetched by main
 * (pages never reach the network), or null when there is none or it did not load.
 */
/** Logos one call (`chainLogos`, `assetLogos`) may ask for: a screenful of picker rows. */
export const MAX_LOGOS_PER_CALL = 48;

export interface LogoView {
  id: string;
  logo: string | null;
}

/** The app itself: what runs and where its service is. */
export interface AppInfo {
  version: string;
  /** True while the built-in sandbox is the service (no service configured). */
  demoMode: boolean;
  /** Set when demo mode is needed but IT disallowed it: the cashier must configure a service. */
  needsSetup: boolean;
  serviceOrigin: string | null;
  token: TokenStatus;
}

/** One order in the history list. */
export interface OrderSummary {
  orderId: string;
  reference: string;
  kind: OrderKind;
  state: SaleState;
  amount: string;
  fee: string;
  asset: string | null;
  chainName: string | null;
  currency: string;
  /** The price in the shop's currency and the rate used; null for an order typed in asset units. */
  money: { currency: string; amount: string; fee: string; price: string; source: string } | null;
  createdAtMs: number;
  updatedAtMs: number;
  lastFailure: OrderFailure | null;
  /** An expired or cancelled QR link: the customer may still have paid it ("paid after all"). */
  mayBePaidLate: boolean;
  /** Who started it; null before staff profiles or with PINs off ("unknown" in the history). */
  cashierId: string | null;
  cashierName: string | null;
}

export interface ConnectionTest {
  ok: boolean;
  /** How many chains the service listed, when it answered. */
  chainCount?: number;
  message: string;
}

/** What connecting to a service, or disconnecting from it, left in place. */
export interface ServiceConnectionChange {
  /** The origin the till now talks to, the one its token is bound to; null without a service. */
  serviceOrigin: string | null;
  token: TokenStatus;
  message: string;
}

export interface CsvExportResult {
  /** False when the cashier closed the save dialog. */
  saved: boolean;
  fileName?: string;
  rows?: number;
}

/** The monitors, which one the cashier is on, and where the customer display went. */
export type DisplaysView = CustomerDisplaySnapshot;

/**
 * What the customer display shows: derived from the sale in main (customer-view.ts), so the
 * display page never sees cashier-only data (failures, internal notes, order ids).
 */
export type CustomerPhase =
  | 'idle'
  | 'preparing'
  | 'scan'
  | 'tap'
  | 'processing'
  | 'paid'
  | 'expired'
  | 'cancelled'
  | 'declined'
  | 'problem';

export interface CustomerView extends ShopFace {
  phase: CustomerPhase;
  /** The amount the wallet asks for (the link's own amount once there is a link). */
  amount: string | null;
  asset: string | null;
  chainName: string | null;
  chainLogo: string | null;
  assetLogo: string | null;
  /** The value in USD from rate_usd, two decimals (shown when the sale has no money price). */
  usdValue: string | null;
  currency: string | null;
  /**
   * The price in the shop's currency for a sale priced in money: the total (price plus fee)
   * shown large, the fee on its own line; null for a sale typed in asset units.
   */
  money: { total: string; fee: string; currency: string } | null;
  /** The checked link, drawn by the display as a QR code; null while none may be shown. */
  qrUrl: string | null;
  expiresAtMs: number | null;
  expiryUnknown: boolean;
  reference: string | null;
}

/** What the customer display shows of the shop on every screen, from settings and policy. */
export interface ShopFace {
  shopName: string;
  /** The shop's logo as a data: URL (main downloads an https logo), or null. */
  shopLogo: string | null;
  /** Demo mode: the display says no real payment is taken. */
  demoMode: boolean;
  /** Volume of the display's own sounds, 0-100; 0 when the display plays none. */
  soundVolume: number;
}

/** Main's clock, sent every second while something counts down, so both screens count in step. */
export interface ClockTick {
  nowMs: number;
}
