import type { OrderSummary } from '../../shared/ipc/views';
import type { OrderRecord } from '../journal/order-record';
import { allowedActions } from '../sale/sale-snapshot';

/**
 * An order as the history list shows it: no link, no serial, nothing the page can't use.
 * `nameOf` names the cashier who started it.
 */
export function orderSummaryOf(
  record: OrderRecord,
  nameOf: (staffId: string | null) => string | null = () => null,
): OrderSummary {
  return {
    orderId: record.orderId,
    reference: record.reference,
    kind: record.kind,
    state: record.state,
    amount: record.amount,
    fee: record.fee,
    asset: record.asset,
    chainName: record.chainName,
    currency: record.currency,
    money: record.pricing
      ? {
          currency: record.pricing.currency,
          amount: record.pricing.moneyAmount,
          fee: record.pricing.feeMoney,
          price: record.pricing.price,
          source: record.pricing.source,
        }
      : null,
    createdAtMs: record.createdAtMs,
    updatedAtMs: record.updatedAtMs,
    lastFailure: record.lastFailure,
    mayBePaidLate: allowedActions(record).includes('markPaidAfterAll'),
    cashierId: record.cashierId,
    cashierName: nameOf(record.cashierId),
  };
}
