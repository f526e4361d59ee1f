import type { OrderRecord } from '../journal/order-record';

/** What the shop prints at the top and foot of every receipt (the settings, read per print). */
interface ReceiptShop {
  name: string;
  /** Up to 4 lines separated by "\n". */
  address: string;
  taxId: string;
  footer: string;
  /** The shop's zone (the reportTimeZone setting): receipts show the shop's own clock. */
  timeZone: string;
}

/** Everything one receipt or void slip is built from. */
export interface ReceiptFacts {
  order: OrderRecord;
  shop: ReceiptShop;
  /** The staff member who took the order, by name; null with PINs off. */
  cashierName: string | null;
  /** A reprint: marked "COPY" so it is never taken for a second sale. */
  copy: boolean;
  /**
   * For a voided order whose events show it paid before the void: who voided the payment (the
   * manager, by name), when, and the reason noted. Absent: the order was voided before any
   * payment.
   */
  voidedPayment?: { atMs: number; byName: string | null; reason: string | null };
}
