import { Button } from '@mantine/core';
import { useState } from 'react';
import type { OrderSummary } from '../../../shared/ipc/views';
import { ReceiptDialog, type ReceiptOrder } from './receipt-dialog';

/** States that have a paper: a receipt when paid, a void slip when voided. */
const withPaper = new Set<OrderSummary['state']>([
  'paid-confirmed-by-cashier',
  'accepted-by-service',
  'paid-after-all',
  'voided',
]);

/**
 * "Receipt…" on a paid or voided order in the history: its preview, marked COPY, to reprint
 * or save. `detailed`: the order detail's own button, named for its paper ("Reprint receipt…",
 * "Print void slip…").
 */
export function ReceiptButton({
  order,
  detailed = false,
}: {
  order: Pick<OrderSummary, 'orderId' | 'reference' | 'state'>;
  detailed?: boolean;
}) {
  const [open, setOpen] = useState<ReceiptOrder | null>(null);
  if (!withPaper.has(order.state)) return null;
  const label = !detailed
    ? 'Receipt…'
    : order.state === 'voided'
      ? 'Print void slip…'
      : 'Reprint receipt…';
  return (
    <>
      <Button
        variant="default"
        size={detailed ? 'md' : 'sm'}
        h={detailed ? 48 : 44}
        {...(detailed ? {} : { mt: 4, ml: 4 })}
        data-testid={detailed ? 'order-receipt' : 'history-receipt'}
        onClick={() => setOpen({ orderId: order.orderId, reference: order.reference })}
      >
        {label}
      </Button>
      <ReceiptDialog order={open} onClose={() => setOpen(null)} />
    </>
  );
}
