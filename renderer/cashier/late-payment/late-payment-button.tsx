import { Button } from '@mantine/core';
import { useState } from 'react';
import type { OrderSummary } from '../../../shared/ipc/views';
import { displayAmount } from '../../common/amount-format';
import { PaidAfterAllDialog, type LateOrder } from './paid-after-all-dialog';

/** "Paid after all…" on an expired or cancelled order in the history. */
export function LatePaymentButton({
  order,
  onRecorded,
}: {
  order: OrderSummary;
  onRecorded: () => void;
}) {
  const [late, setLate] = useState<LateOrder | null>(null);
  if (!order.mayBePaidLate) return null;
  return (
    <>
      <Button
        variant="default"
        size="sm"
        h={44}
        mt={4}
        data-testid="history-paid-after-all"
        onClick={() =>
          setLate({
            orderId: order.orderId,
            reference: order.reference,
            what: `${displayAmount(order.amount)} ${order.asset ?? ''}${order.chainName ? ` on ${order.chainName}` : ''}`,
            ended: order.state === 'expired' ? 'expired' : 'was cancelled',
          })
        }
      >
        Paid after all…
      </Button>
      <PaidAfterAllDialog
        order={late}
        onClose={() => setLate(null)}
        onRecorded={() => {
          setLate(null);
          onRecorded();
        }}
      />
    </>
  );
}
