import type { SqliteOrderJournal } from '../../../electron/journal/sqlite-order-journal';
import type { OrderRecord } from '../../../electron/journal/order-record';
import type { OrderPricing } from '../../../shared/pricing/pricing-types';
import type { OrderKind, ReasonKind, SaleState } from '../../../shared/sale/sale-states';
import type { ManualClock } from '../../support/manual-clock';
import { newQrOrder } from '../../support/order-fixtures';

/** The steps from an order's first state to `to`, as the sale takes them. */
const paths: Record<OrderKind, Partial<Record<SaleState, [SaleState, ReasonKind][]>>> = {
  qr: {
    requesting: [],
    'awaiting-payment': [['awaiting-payment', 'service']],
    'paid-confirmed-by-cashier': [
      ['awaiting-payment', 'service'],
      ['paid-confirmed-by-cashier', 'cashier'],
    ],
    cancelled: [
      ['awaiting-payment', 'service'],
      ['cancelled', 'cashier'],
    ],
    expired: [
      ['awaiting-payment', 'service'],
      ['expired', 'expiry'],
    ],
    'paid-after-all': [
      ['awaiting-payment', 'service'],
      ['expired', 'expiry'],
      ['paid-after-all', 'cashier'],
    ],
    refused: [['refused', 'service']],
    'outcome-unknown': [['outcome-unknown', 'client']],
    voided: [
      ['failed', 'client'],
      ['voided', 'cashier'],
    ],
  },
  nfc: {
    'waiting-for-tap': [],
    'accepted-by-service': [
      ['submitting', 'client'],
      ['accepted-by-service', 'service'],
    ],
    cancelled: [['cancelled', 'cashier']],
  },
};

export interface Sale {
  kind?: OrderKind;
  to: SaleState;
  amount?: string;
  fee?: string;
  /** The asset symbol (the fixture's when left out). */
  asset?: string;
  cashierId?: string | null;
  shiftId: number | null;
  pricing?: OrderPricing | null;
}

let made = 0;

/** One order taken through the real journal to `sale.to`, a second of the clock per step. */
export function sell(journal: SqliteOrderJournal, clock: ManualClock, sale: Sale): OrderRecord {
  const kind = sale.kind ?? 'qr';
  const steps = paths[kind][sale.to];
  if (!steps) throw new Error(`no path to ${sale.to} for ${kind}`);
  made++;
  clock.advance(1000);
  let record = journal.createOrder(
    {
      ...newQrOrder({
        orderId: `0190b7a4-8c1d-7f00-9a3e-${String(made).padStart(12, '0')}`,
        reference: `R${String(made).padStart(6, '0')}`,
        createdAtMs: clock.now(),
      }),
      kind,
      state: kind === 'qr' ? 'requesting' : 'waiting-for-tap',
      amount: sale.amount ?? '12.5',
      fee: sale.fee ?? '0.25',
      ...(sale.asset ? { asset: sale.asset } : {}),
      pricing: sale.pricing ?? null,
      cashierId: sale.cashierId ?? null,
      shiftId: sale.shiftId,
    },
    { atMs: clock.now(), reasonKind: 'cashier' },
  );
  for (const [to, reasonKind] of steps) record = move(journal, clock, record, to, reasonKind);
  return record;
}

export function move(
  journal: SqliteOrderJournal,
  clock: ManualClock,
  record: OrderRecord,
  to: SaleState,
  reasonKind: ReasonKind,
): OrderRecord {
  clock.advance(1000);
  return journal.transition({
    orderId: record.orderId,
    from: record.state,
    to,
    atMs: clock.now(),
    reasonKind,
  });
}
