import type { Clock } from '../../shared/clock';
import type { OrderIdentity } from '../../shared/order-id';
import type { OrderJournal } from '../journal/order-journal';
import type { ActiveSale } from './active-sale';
import type { SalePaymentClient } from './sale-client-port';
import type { SaleTerms } from './sale-requests';

/** What the QR and NFC steps work with: the facade builds it once and hands it to each. */
export interface SaleParts {
  journal: OrderJournal;
  client: SalePaymentClient;
  clock: Clock;
  terms: () => SaleTerms;
  newOrderId: (nowMs: number) => OrderIdentity;
  active: ActiveSale;
  /** The staff member at the till (orders and the cashier's events carry it); null if none. */
  actor: () => string | null;
  /** The shift open now: each new order belongs to it; null when none is open. */
  shiftId: () => number | null;
}
