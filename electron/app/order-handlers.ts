import type { Calls } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import type { OrderReportSource } from '../journal/report-source';
import type { SaleService } from '../sale/sale-service';
import { SaleRuleError } from '../sale/sale-errors';
import type { AuditFields } from '../staff/audit-trail';
import type { CallAuthorization } from './staff-guard';
import { orderDetailOf } from '../history/order-detail';

export interface OrderHandlerParts {
  reports: OrderReportSource;
  sale: Pick<SaleService, 'voidPaidOrder' | 'onScreenOrderId'>;
  reportTimeZone: () => string;
  staffName: (staffId: string | null) => string | null;
  /** The audit trail (audit_events). */
  audit: (action: string, fields: AuditFields) => void;
}

/** One order of the history in detail, and a manager's void of its payment. */
export function orderHandlers(
  parts: OrderHandlerParts,
): Pick<CallHandlers<Calls>, 'orderDetail' | 'voidPaidOrder'> {
  const { reports, sale } = parts;
  const detailOf = (orderId: string) => {
    const record = reports.findByOrderId(orderId);
    if (!record) throw new SaleRuleError('no-order', 'There is no such order in this till.');
    return orderDetailOf(record, {
      events: (id) => reports.eventsOf(id),
      find: (id) => reports.findByOrderId(id),
      staffName: parts.staffName,
      onScreenOrderId: () => sale.onScreenOrderId(),
      timeZone: parts.reportTimeZone(),
    });
  };

  return {
    orderDetail: async ({ orderId }) => detailOf(orderId.toLowerCase()),
    voidPaidOrder: async ({ orderId, reason }, authorization?: CallAuthorization) => {
      // The guard allowed this call for a manager, or for a cashier with a manager's approval:
      // the manager is the one who voids; the cashier who asked is kept beside.
      const who = authorization ?? { actorId: null, approverId: null };
      const manager = who.approverId ?? who.actorId;
      const requestedBy = who.approverId !== null ? who.actorId : null;
      const before = reports.findByOrderId(orderId.toLowerCase())?.state ?? null;
      const voided = await sale.voidPaidOrder(orderId.toLowerCase(), reason, {
        actorId: manager,
        requestedBy,
      });
      parts.audit('void-paid', {
        actorId: who.actorId,
        approverId: who.approverId,
        object: { kind: 'order', id: voided.orderId },
        before: { state: before },
        after: { state: voided.state },
        reason,
        outcome: 'done',
        detail: { reference: voided.reference, reason },
      });
      return detailOf(voided.orderId);
    },
  };
}
