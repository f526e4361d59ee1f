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

/** "Receipt…" on a paid or voided order in the history: its preview, marked COPY, to reprint or save. */
export function ReceiptButton({
  order,
}: {
  order: Pick<OrderSummary, 'orderId' | 'reference' | 'state'>;
}) {
  const [open, setOpen] = useState<ReceiptOrder | null>(null);
  if (!withPaper.has(order.state)) return null;
  return (
    <>
      <Button
        variant="default"
        size="sm"
        h={44}
        mt={4}
        ml={4}
        data-testid="history-receipt"
        onClick={() => setOpen({ orderId: order.orderId, reference: order.reference })}
      >
        Receipt…
      </Button>
      <ReceiptDialog order={open} onClose={() => setOpen(null)} />
    </>
  );
}
