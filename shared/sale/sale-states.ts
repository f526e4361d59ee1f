/**
 * Every state an order can be in, and which changes between them are allowed, kept as data so
 * the table is the documentation: tests walk it, the journal stores the names, the UI words them.
 *
 * QR:  requesting -> awaiting-payment -> paid-confirmed-by-cashier | cancelled | expired
 *      (awaiting-payment is preceded by amount-differs when the link asks for another amount)
 * NFC: waiting-for-tap -> submitting -> accepted-by-service | refused
 * Both: a POST with no answer -> outcome-unknown -> (retry, same order_id) | voided;
 *       any other failure -> failed -> (retry, same order_id) | voided;
 *       a retry the service refuses -> retry-refused (its msg shown as is) -> voided | confirmed.
 * Late: an expired or cancelled QR link the customer paid anyway -> paid-after-all (the
 *       cashier's word, with a reason); the link was never withdrawn at the service.
 * Void: a paid order (any of paidStates) -> voided, a manager's act from the history with a
 *       reason; the order and its events stay, the reports stop counting its money.
 */
export const saleStates = [
  'requesting',
  'amount-differs',
  'awaiting-payment',
  'paid-confirmed-by-cashier',
  'cancelled',
  'expired',
  'waiting-for-tap',
  'submitting',
  'accepted-by-service',
  'refused',
  'outcome-unknown',
  'failed',
  'retry-refused',
  'voided',
  'paid-after-all',
] as const;
export type SaleState = (typeof saleStates)[number];

export type OrderKind = 'qr' | 'nfc';

/** Why a state changed; stored in every journal event. */
export type ReasonKind = 'service' | 'cashier' | 'expiry' | 'restart' | 'client';

/** States that end a sale: a new sale may start; nothing moves them again. */
export const terminalStates: ReadonlySet<SaleState> = new Set<SaleState>([
  'paid-confirmed-by-cashier',
  'cancelled',
  'expired',
  'accepted-by-service',
  'refused',
  'voided',
  'paid-after-all',
]);

/** Terminal states in which the customer paid: the reports count them as money taken. */
export const paidStates: ReadonlySet<SaleState> = new Set<SaleState>([
  'paid-confirmed-by-cashier',
  'accepted-by-service',
  'paid-after-all',
]);

/** States with a request on the wire: at a restart these become outcome-unknown. */
export const inFlightStates: ReadonlySet<SaleState> = new Set<SaleState>([
  'requesting',
  'submitting',
]);

/** States whose link can expire by the clock. */
export const linkShownStates: ReadonlySet<SaleState> = new Set<SaleState>([
  'amount-differs',
  'awaiting-payment',
]);

export function isTerminal(state: SaleState): boolean {
  return terminalStates.has(state);
}

export interface Transition {
  from: SaleState | null;
  to: SaleState;
  /** Who may cause it. */
  by: readonly ReasonKind[];
  /** Which order kinds it applies to. */
  kinds: readonly OrderKind[];
}

const both: readonly OrderKind[] = ['qr', 'nfc'];

/** `from: null` is the creation of the order. Anything not listed here is refused by the journal. */
export const transitions: readonly Transition[] = [
  // QR path
  { from: null, to: 'requesting', by: ['cashier'], kinds: ['qr'] },
  { from: 'requesting', to: 'awaiting-payment', by: ['service'], kinds: ['qr'] },
  { from: 'requesting', to: 'amount-differs', by: ['service'], kinds: ['qr'] },
  { from: 'amount-differs', to: 'awaiting-payment', by: ['cashier'], kinds: ['qr'] },
  { from: 'amount-differs', to: 'cancelled', by: ['cashier'], kinds: ['qr'] },
  { from: 'amount-differs', to: 'expired', by: ['expiry', 'restart'], kinds: ['qr'] },
  { from: 'awaiting-payment', to: 'paid-confirmed-by-cashier', by: ['cashier'], kinds: ['qr'] },
  { from: 'awaiting-payment', to: 'cancelled', by: ['cashier'], kinds: ['qr'] },
  { from: 'awaiting-payment', to: 'expired', by: ['expiry', 'restart'], kinds: ['qr'] },
  { from: 'requesting', to: 'refused', by: ['service'], kinds: ['qr'] },
  { from: 'requesting', to: 'outcome-unknown', by: ['client', 'restart'], kinds: ['qr'] },
  { from: 'requesting', to: 'failed', by: ['client', 'service'], kinds: ['qr'] },
  { from: 'requesting', to: 'retry-refused', by: ['service'], kinds: ['qr'] },
  // NFC path
  { from: null, to: 'waiting-for-tap', by: ['cashier'], kinds: ['nfc'] },
  { from: 'waiting-for-tap', to: 'submitting', by: ['client'], kinds: ['nfc'] },
  { from: 'waiting-for-tap', to: 'cancelled', by: ['cashier'], kinds: ['nfc'] },
  { from: 'submitting', to: 'accepted-by-service', by: ['service'], kinds: ['nfc'] },
  { from: 'submitting', to: 'refused', by: ['service'], kinds: ['nfc'] },
  { from: 'submitting', to: 'outcome-unknown', by: ['client', 'restart'], kinds: ['nfc'] },
  { from: 'submitting', to: 'failed', by: ['client', 'service'], kinds: ['nfc'] },
  { from: 'submitting', to: 'retry-refused', by: ['service'], kinds: ['nfc'] },
  // Resolving doubt: the same order_id again, or void. Never a silent new order.
  { from: 'outcome-unknown', to: 'requesting', by: ['cashier'], kinds: ['qr'] },
  { from: 'failed', to: 'requesting', by: ['cashier'], kinds: ['qr'] },
  // An NFC token is used once, so an NFC retry waits for a new tap under the same order_id.
  { from: 'outcome-unknown', to: 'waiting-for-tap', by: ['cashier'], kinds: ['nfc'] },
  { from: 'failed', to: 'waiting-for-tap', by: ['cashier'], kinds: ['nfc'] },
  { from: 'outcome-unknown', to: 'voided', by: ['cashier'], kinds: both },
  { from: 'failed', to: 'voided', by: ['cashier'], kinds: both },
  { from: 'retry-refused', to: 'voided', by: ['cashier'], kinds: both },
  // The customer's wallet shows the NFC payment went through although the answer was lost.
  { from: 'outcome-unknown', to: 'paid-confirmed-by-cashier', by: ['cashier'], kinds: ['nfc'] },
  { from: 'retry-refused', to: 'paid-confirmed-by-cashier', by: ['cashier'], kinds: ['nfc'] },
  // A link is never withdrawn at the service: the customer may pay it after it expired or
  // after the cashier cancelled the sale. It is recorded on the same order, never a new one.
  { from: 'expired', to: 'paid-after-all', by: ['cashier'], kinds: ['qr'] },
  { from: 'cancelled', to: 'paid-after-all', by: ['cashier'], kinds: ['qr'] },
  // A manager voids a payment taken (given back, keyed twice, the wrong asset...). The same
  // terminal 'voided' as a given-up order: every report already counts it as no money taken
  // and lists it under voids; its event keeps the paid state it came from and the reason.
  { from: 'paid-confirmed-by-cashier', to: 'voided', by: ['cashier'], kinds: both },
  { from: 'accepted-by-service', to: 'voided', by: ['cashier'], kinds: ['nfc'] },
  { from: 'paid-after-all', to: 'voided', by: ['cashier'], kinds: ['qr'] },
];

export function findTransition(
  kind: OrderKind,
  from: SaleState | null,
  to: SaleState,
  by: ReasonKind,
): Transition | undefined {
  return transitions.find(
    (t) => t.from === from && t.to === to && t.kinds.includes(kind) && t.by.includes(by),
  );
}
