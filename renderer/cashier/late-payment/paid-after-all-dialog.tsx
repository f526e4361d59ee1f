import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { SaleSnapshot } from '../../../shared/sale/sale-snapshot';
import { ReasonChoice } from '../common-dialogs/reason-choice';
import { FailureAlert } from '../errors/failure-alert';
import { HoldToConfirm } from '../sale/active/hold-to-confirm';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';
import { reasonTextOf } from '../common-dialogs/reason-text';
import { lateReasons, type LateReasonChoice } from './late-reasons';

/** The order as the dialog names it. */
export interface LateOrder {
  orderId: string;
  reference: string;
  /** "12.75 USDT on ETHEREUM" */
  what: string;
  /** "expired" or "was cancelled" */
  ended: string;
}

/**
 * "Paid after all": an expired or cancelled link the customer paid anyway is recorded on the
 * same order, with how the cashier knows, confirmed by holding the control. Never a new order.
 */
export function PaidAfterAllDialog({
  order,
  onClose,
  onRecorded,
}: {
  order: LateOrder | null;
  onClose: () => void;
  onRecorded: (sale: SaleSnapshot) => void;
}) {
  const [choice, setChoice] = useState<LateReasonChoice | null>(null);
  const [other, setOther] = useState('');
  // Each opening asks anew: a reason picked for a dialog closed unconfirmed is not kept.
  const [askedFor, setAskedFor] = useState(order);
  if (order !== askedFor) {
    setAskedFor(order);
    setChoice(null);
    setOther('');
  }
  const { pending, failure, run } = useTillAction();
  const reason = reasonTextOf(lateReasons, choice, other);

  const record = async () => {
    if (!order || reason === null) return;
    const result = await run('late', () =>
      callPos('markPaidAfterAll', { orderId: order.orderId, reason }),
    );
    if (result?.ok) onRecorded(result.value);
  };

  return (
    <Modal opened={order !== null} onClose={onClose} title="Paid after all" size="lg" centered>
      {order ? (
        <Stack gap="md" data-testid="paid-after-all-dialog">
          <Text>
            Order <b>{order.reference}</b> for {order.what} {order.ended}. Record it as paid only
            when you see the payment itself. It stays the same order: nothing new is charged.
          </Text>
          <ReasonChoice
            label="How do you know it was paid?"
            options={lateReasons}
            choice={choice}
            onChoice={setChoice}
            other={other}
            onOther={setOther}
            missingWords={reason === null ? 'Say in a few words how you know it was paid.' : null}
            testIdPrefix="late-reason"
          />
          {failure ? <FailureAlert failure={failure} /> : null}
          <HoldToConfirm
            label="Record as paid"
            testId="confirm-paid-after-all"
            loading={pending !== null}
            disabled={reason === null}
            onConfirm={() => void record()}
          />
        </Stack>
      ) : null}
    </Modal>
  );
}
