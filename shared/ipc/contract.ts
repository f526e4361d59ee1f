import { z } from 'zod';
import type { TokenStatus } from '../api-token';
import type { NfcStatus } from '../nfc/nfc-status';
import type { TapAnswer } from '../nfc/tap-answer';
import type { PriceQuote } from '../pricing/price-quote';
import type { ManualPrice } from '../pricing/pricing-types';
import type { PrintDocument } from '../printing/print-document';
import type {
  DocumentPrintResult,
  PrinterView,
  ReceiptPdfResult,
  ReceiptPrintStatus,
} from '../printing/receipt-views';
import type { PeriodReport } from '../reports/report-types';
import type { SaleSnapshot } from '../sale/sale-snapshot';
import type { ServiceHealth } from '../service-health';
import type { UpdateStatus } from '../update-status';
import { parseLocalDate } from '../calendar-date';
import { isOrderId } from '../order-id';
import type { ShiftReport } from '../shifts/shift-report-types';
import type { OrderDetail } from '../history/order-detail';
import { orderOutcomes } from '../history/order-filter';
import type { OrderList } from '../history/order-list';
import type { ShiftView, ZReportSummary, ZReportView } from '../shifts/shift-views';
import { PIN_PATTERN, type StaffSession } from '../staff';
import { auditKinds } from '../audit/audit-kinds';
import type { AuditChainStatus, AuditList } from '../audit/audit-views';
import { settingKeys, type PageSettings } from '../settings';
import { call, event, type CallMethods, type Subscriptions } from './contract-kit';
import type {
  AppInfo,
  AssetView,
  ChainView,
  ClockTick,
  ConnectionTest,
  CsvExportResult,
  CustomerView,
  DisplaysView,
  LogoView,
  OrderSummary,
  ServiceConnectionChange,
} from './views';
import { MAX_LOGOS_PER_CALL } from './views';

/**
 * Every call the cashier page may make and every event either page may receive
 * (docs/architecture.md: One typed contract). Arguments are schemas: main parses them before a
 * handler sees them. Results are types only: they come from our own code.
 */

const none = z.object({}).strict();
const digits = z.string().regex(/^\d{1,15}$/, 'a chain id is digits');
const amountText = z.string().max(80);
/** A price in the shop's currency, as typed (checked in main against the currency's minor units). */
const moneyText = z.string().min(1).max(24);
const assetSymbol = z.string().min(1).max(32);
const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is YYYY-MM-DD')
  .refine(isCalendarDate, 'no such date');
/** The largest settings patch a page may send: one value per setting, each of bounded size. */
const MAX_SETTING_VALUE_CHARS = 4_096;
// At least one key: an empty change would be an act that does nothing, yet asks for (and would
// spend) a manager's approval and write an audit row. Every key with a value (JSON has no
// undefined; Electron's IPC keeps it): a key counts for the guard and for an approval alike.
const settingsPatch = z
  .record(z.string().max(64), z.unknown())
  .refine(
    (patch) => Object.values(patch).every((value) => value !== undefined),
    'a setting without a value',
  )
  .refine((patch) => Object.keys(patch).length >= 1, 'no setting to change')
  .refine((patch) => Object.keys(patch).length <= settingKeys.length, 'too many settings')
  .refine(
    (patch) => Object.values(patch).every((value) => jsonLength(value) <= MAX_SETTING_VALUE_CHARS),
    'a setting value is too large',
  );
/** Why an expired or cancelled order counts as paid after all: plain words the history keeps. */
const lateReason = z
  .string()
  .trim()
  .min(3, 'say in a few words how you know it was paid')
  .max(200)
  .regex(/^[^\p{Cc}]+$/u, 'no control characters');
const pin = z.string().regex(PIN_PATTERN, 'a PIN is 4 to 8 digits');
/** A built-in role or one IT defined (main checks which exist). */
const roleName = z.string().min(1).max(32);
/** The arguments of the act a manager approves: main parses them with that call's own schema. */
const actArgs = z
  .unknown()
  .refine(
    (args) => jsonLength(args) <= (settingKeys.length + 1) * MAX_SETTING_VALUE_CHARS,
    'the act to approve is too large',
  );
const staffId = z.string().min(1).max(64);
const staffName = z
  .string()
  .trim()
  .min(1, 'a name')
  .max(40)
  .regex(/^[^\p{Cc}]+$/u, 'no control characters');
/** An order id as the journal keeps it (shared/order-id.ts). */
const orderIdText = z.string().max(64).refine(isOrderId, 'not an order id');
const zNumber = z.number().int().min(1).max(1_000_000_000);
/** Which shift report to print: a kept Z report by number, or the X report of the open shift. */
const shiftReportChoice = z.union([
  z.object({ zNumber }).strict(),
  z.object({ x: z.literal(true) }).strict(),
]);
const shiftNumber = z.number().int().min(1).max(1_000_000_000);
const period = z.object({ fromDate: localDate, toDate: localDate }).strict();
const orderId = z.string().refine(isOrderId, 'an order id');
/** The history's filter (shared/history/order-filter.ts); each part optional. */
const orderFilter = z
  .object({
    cashierId: staffId.nullable().optional(),
    outcome: z.enum(orderOutcomes).optional(),
    asset: z
      .object({ chainId: digits.nullable(), asset: assetSymbol.nullable() })
      .strict()
      .optional(),
    way: z.enum(['qr', 'nfc']).optional(),
  })
  .strict();
/** Why a manager voids a payment: plain words the order's history keeps. */
const voidReason = z
  .string()
  .trim()
  .min(3, 'say in a few words why the payment is voided')
  .max(200)
  .regex(/^[^\p{Cc}]+$/u, 'no control characters');
/** Which audit rows the audit view lists or exports: days, a kind of act, a person. */
const auditQuery = z
  .object({
    fromDate: localDate,
    toDate: localDate,
    kind: z.enum(auditKinds).optional(),
    staffId: staffId.optional(),
  })
  .strict();
/** An uncaught error on the cashier page: short texts only, the log line stays small. */
const pageError = z
  .object({
    kind: z.enum(['error', 'unhandled-rejection']),
    message: z.string().max(1_000),
    source: z.string().max(300).optional(),
    line: z.number().int().nonnegative().max(10_000_000).optional(),
  })
  .strict();

/** What "Export diagnostics" answers; `saved` is false when the save dialog was closed. */
export interface DiagnosticsExportResult {
  saved: boolean;
  fileName?: string;
}

export const calls = {
  // The app and its service
  appInfo: call(none).returns<AppInfo>(),
  listChains: call(none).returns<ChainView[]>(),
  listAssets: call(z.object({ chainId: digits }).strict()).returns<AssetView[]>(),
  /** The last good lists of this service (kept across restarts), at once; null: none yet. */
  savedChains: call(none).returns<ChainView[] | null>(),
  savedAssets: call(z.object({ chainId: digits }).strict()).returns<AssetView[] | null>(),
  /** Logos of the rows a picker shows, fetched by main (a few at a time, bounded). */
  chainLogos: call(
    z.object({ chainIds: z.array(digits).max(MAX_LOGOS_PER_CALL) }).strict(),
  ).returns<LogoView[]>(),
  assetLogos: call(
    z.object({ chainId: digits, assets: z.array(assetSymbol).max(MAX_LOGOS_PER_CALL) }).strict(),
  ).returns<LogoView[]>(),
  /**
   * The cashier started typing an amount: main opens the connection "Show QR" will use
   * (TCP and TLS, nothing sent on it) unless one is open already. Answers at once.
   */
  warmUpService: call(none).returns<null>(),

  // The sale (one active sale per till)
  currentSale: call(none).returns<SaleSnapshot | null>(),
  /** A price in asset units (`amount`) or in the shop's currency (`money`, converted in main). */
  startQrSale: call(
    z.union([
      z.object({ amount: amountText, chainId: digits, asset: assetSymbol }).strict(),
      z.object({ money: moneyText, chainId: digits, asset: assetSymbol }).strict(),
    ]),
  ).returns<SaleSnapshot>(),
  startNfcSale: call(
    z.union([
      z
        .object({ amount: amountText, chainId: digits.optional(), asset: assetSymbol.optional() })
        .strict(),
      // A price in money needs the asset it is converted to.
      z.object({ money: moneyText, chainId: digits, asset: assetSymbol }).strict(),
    ]),
  ).returns<SaleSnapshot>(),
  /** Prices per asset unit typed at the till for this session (a rate source). */
  manualPrices: call(none).returns<ManualPrice[]>(),
  /** Sets (or with `price` null clears) a price typed at the till for this session. */
  setManualPrice: call(
    z
      .object({ asset: assetSymbol, chainId: digits.nullable(), price: moneyText.nullable() })
      .strict(),
  ).returns<ManualPrice[]>(),
  /** What a price in the shop's currency comes to in this asset now (rate, source, age). */
  quotePrice: call(
    z.object({ money: moneyText, chainId: digits, asset: assetSymbol }).strict(),
  ).returns<PriceQuote>(),
  acceptLinkAmount: call(none).returns<SaleSnapshot>(),
  confirmPaidByCashier: call(none).returns<SaleSnapshot>(),
  cancelSale: call(none).returns<SaleSnapshot>(),
  retrySameOrder: call(none).returns<SaleSnapshot>(),
  voidOrder: call(none).returns<SaleSnapshot>(),
  newLinkForExpired: call(none).returns<SaleSnapshot>(),
  /** An expired or cancelled order (on screen or in the history) the customer paid after all. */
  markPaidAfterAll: call(
    z
      .object({
        orderId: z.string().refine(isOrderId, 'an order id'),
        reason: lateReason,
      })
      .strict(),
  ).returns<SaleSnapshot>(),
  /** Back to the amount screen once the sale has ended. */
  finishSale: call(none).returns<null>(),

  // History and reports
  /** The newest orders of the range that pass the filter, at most HISTORY_ROW_LIMIT. */
  listOrders: call(
    z.object({ fromDate: localDate, toDate: localDate, filter: orderFilter.optional() }).strict(),
  ).returns<OrderList>(),
  /** One order with every event, its pricing and link, and whether its payment may be voided. */
  orderDetail: call(z.object({ orderId }).strict()).returns<OrderDetail>(),
  /** A manager voids a paid order (never deleted: a new state, with the reason). */
  voidPaidOrder: call(z.object({ orderId, reason: voidReason }).strict()).returns<OrderDetail>(),
  searchOrders: call(z.object({ query: z.string().min(1).max(64) }).strict()).returns<
    OrderSummary[]
  >(),
  report: call(period).returns<PeriodReport>(),
  todayDate: call(none).returns<string>(),
  exportCsv: call(period).returns<CsvExportResult>(),

  // Settings and the API token (the token goes in, never comes back out). Settings reach a page
  // only in their page-safe view: no PIN hash, no key or password of an address.
  getSettings: call(none).returns<PageSettings>(),
  updateSettings: call(z.object({ patch: settingsPatch }).strict()).returns<PageSettings>(),
  resetSettings: call(
    z.object({ keys: z.array(z.string().max(64)).min(1).max(settingKeys.length) }).strict(),
  ).returns<PageSettings>(),
  tokenStatus: call(none).returns<TokenStatus>(),
  /**
   * The one way to change the service address: with its token, tested against it, both saved
   * only when the test passes (the token is then sent to that origin only). The address as the
   * page was shown it (a gateway's path hidden) stands for the address in effect.
   */
  connectService: call(
    z.object({ baseUrl: z.string().max(2000), token: z.string().max(512) }).strict(),
  ).returns<ServiceConnectionChange>(),
  /** Back to no service (demo mode): the address and the token go together. */
  disconnectService: call(none).returns<ServiceConnectionChange>(),
  /** Tests a candidate address with the token given for it, or, with no arguments, the one in use. */
  testConnection: call(
    z
      .object({ baseUrl: z.string().max(2000).optional(), token: z.string().max(512).optional() })
      .strict(),
  ).returns<ConnectionTest>(),

  // NFC and displays
  nfcStatus: call(none).returns<NfcStatus>(),
  listDisplays: call(none).returns<DisplaysView>(),
  identifyDisplays: call(none).returns<null>(),

  /** Where the till's update stands (off, downloading, ready to install at close...). */
  updateStatus: call(none).returns<UpdateStatus>(),

  // Staff: sign-in with a PIN, and what only a manager may do (enforced in main)
  staffSession: call(none).returns<StaffSession>(),
  /** PINs required and no manager yet: the first one, signed in at once. */
  createFirstManager: call(z.object({ name: staffName, pin }).strict()).returns<StaffSession>(),
  signIn: call(z.object({ staffId, pin }).strict()).returns<StaffSession>(),
  signOut: call(none).returns<StaffSession>(),
  addStaff: call(
    z.object({ name: staffName, role: roleName, pin }).strict(),
  ).returns<StaffSession>(),
  resetStaffPin: call(z.object({ staffId, pin }).strict()).returns<StaffSession>(),
  removeStaff: call(z.object({ staffId }).strict()).returns<StaffSession>(),
  /**
   * A manager's PIN, typed on the cashier's screen, approves one act once: `call` with exactly
   * `args` (as the page is about to send them), for the person signed in now.
   */
  approveAction: call(
    z.object({ managerId: staffId, pin, call: z.string().min(1).max(64), args: actArgs }).strict(),
  ).returns<null>(),

  // Shifts: open, the X report so far, the close with its numbered Z report
  currentShift: call(none).returns<ShiftView | null>(),
  openShift: call(none).returns<ShiftView>(),
  xReport: call(none).returns<ShiftReport>(),
  /** Unresolved orders block the close unless the closer acknowledges them. */
  closeShift: call(
    z.object({ acknowledgeUnresolved: z.boolean() }).strict(),
  ).returns<ZReportView>(),
  listZReports: call(none).returns<ZReportSummary[]>(),
  zReport: call(z.object({ zNumber: zNumber }).strict()).returns<ZReportView | null>(),
  exportZReportCsv: call(z.object({ zNumber: zNumber }).strict()).returns<CsvExportResult>(),
  /** A manager's act: a new shift that continues the latest closed one (its Z report stays). */
  reopenShift: call(z.object({ shiftId: shiftNumber }).strict()).returns<ShiftView>(),

  // Receipts: the preview drawn from the document's blocks, printing (a reprint is marked
  // COPY), "Save as PDF", and the printers the OS knows for the settings
  receiptPreview: call(
    z.object({ orderId: orderIdText, copy: z.boolean().optional() }).strict(),
  ).returns<PrintDocument>(),
  printReceipt: call(
    z.object({ orderId: orderIdText, copy: z.boolean() }).strict(),
  ).returns<ReceiptPrintStatus>(),
  saveReceiptPdf: call(z.object({ orderId: orderIdText }).strict()).returns<ReceiptPdfResult>(),
  listPrinters: call(none).returns<PrinterView[]>(),
  /** An X or Z report as it would print now (REPRINT included), for the paper's preview. */
  shiftReportPreview: call(shiftReportChoice).returns<PrintDocument>(),
  /** An X or Z report on the receipt printer (a Z report printed again says REPRINT). */
  printShiftReport: call(shiftReportChoice).returns<DocumentPrintResult>(),
  /** An X or Z report as PDF: what the Shift screen shows, so 'signed-in' like printing it. */
  saveShiftReportPdf: call(shiftReportChoice).returns<ReceiptPdfResult>(),

  // The audit trail: who did what, on what, before and after, for a manager
  /** The newest audit rows of the range that pass the filter, and the chain's state. */
  auditEvents: call(auditQuery).returns<AuditList>(),
  /** The same rows, oldest first, as CSV where the manager chooses. */
  exportAuditCsv: call(auditQuery).returns<CsvExportResult>(),
  /** Whether the audit trail is as the till wrote it (checked at start). */
  auditChain: call(none).returns<AuditChainStatus>(),

  // Diagnostics for IT
  /** One zip (logs, settings without secrets, versions, displays, reader, journal check). */
  exportDiagnostics: call(none).returns<DiagnosticsExportResult>(),
  /** The page's uncaught errors, into the till's log file; main paces them. */
  reportPageError: call(pageError).returns<null>(),
} as const;

const events = {
  'sale-changed': event<SaleSnapshot | null>(),
  'clock-tick': event<ClockTick>(),
  'nfc-status': event<NfcStatus>(),
  /** What became of one tap on the reader, for both screens: no tap goes unanswered. */
  'nfc-tap': event<TapAnswer>(),
  'displays-changed': event<DisplaysView>(),
  'settings-changed': event<PageSettings>(),
  'customer-view': event<CustomerView>(),
  /** Shown big on each display for a few seconds by "identify displays". */
  'identify-display': event<{ label: string }>(),
  'update-status': event<UpdateStatus>(),
  /** The shift open now, or null. */
  'shift-changed': event<ShiftView | null>(),
  /** Who is signed in, and who may sign in. */
  'staff-session': event<StaffSession>(),
  /** A receipt being printed, sent to the printer, or failed (with what to do), per order. */
  'receipt-status': event<ReceiptPrintStatus>(),
  /** How the payment service answers, for the status bar. */
  'service-health': event<ServiceHealth>(),
} as const;

export type Calls = typeof calls;
export type Events = typeof events;
export type CallName = keyof Calls & string;
export type EventName = keyof Events & string;

/** The calls that move the active sale on, one per button the cashier may be offered. */
export type SaleStepCall = Extract<
  CallName,
  | 'acceptLinkAmount'
  | 'confirmPaidByCashier'
  | 'cancelSale'
  | 'retrySameOrder'
  | 'voidOrder'
  | 'newLinkForExpired'
  | 'finishSale'
>;

/** What the customer display may subscribe to: what the customer sees, nothing else. */
export const displayEventNames = [
  'customer-view',
  'clock-tick',
  'nfc-tap',
  'identify-display',
] as const satisfies readonly EventName[];
export type DisplayEventName = (typeof displayEventNames)[number];

export const callNames = Object.keys(calls) as CallName[];
export const eventNames = Object.keys(events) as EventName[];

/** `window.pos` on the cashier page. */
export type CashierApi = CallMethods<Calls> & Subscriptions<Events>;
/** `window.display` on the customer display: subscriptions only. */
export type DisplayApi = Subscriptions<Events, DisplayEventName>;

function isCalendarDate(date: string): boolean {
  try {
    parseLocalDate(date);
    return true;
  } catch {
    return false;
  }
}

/** Characters of a value as JSON; Infinity for what JSON cannot hold (cycles, BigInt). */
function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return Infinity;
  }
}
