import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { OrderDetail } from '../../../shared/history/order-detail';
import { displayAmount } from '../../common/amount-format';
import { ReasonChoice } from '../common-dialogs/reason-choice';
import { FailureAlert } from '../errors/failure-alert';
import { HoldToConfirm } from '../sale/active/hold-to-confirm';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';
import { reasonTextOf } from '../common-dialogs/reason-text';
import { voidReasons, type VoidReasonChoice } from './void-reasons';

/**
 * "Void this payment": a manager's act (main asks for a manager's PIN when a cashier is signed
 * in). The order stays in the history as voided, with the reason; the reports stop counting its
 * money. Confirmed by holding the control, as "paid after all" is.
 */
export function VoidPaymentDialog({
  order,
  onClose,
  onVoided,
}: {
  order: OrderDetail | null;
  onClose: () => void;
  onVoided: (detail: OrderDetail) => void;
}) {
  const [choice, setChoice] = useState<VoidReasonChoice | null>(null);
  const [other, setOther] = useState('');
  // Each opening asks anew: a reason picked for a dialog closed unconfirmed is not kept.
  const [askedFor, setAskedFor] = useState(order);
  if (order !== askedFor) {
    setAskedFor(order);
    setChoice(null);
    setOther('');
  }
  const { pending, failure, run } = useTillAction();
  const reason = reasonTextOf(voidReasons, choice, other);

  const confirm = async () => {
    if (!order || reason === null) return;
    const result = await run('void', () =>
      callPos('voidPaidOrder', { orderId: order.summary.orderId, reason }),
    );
    if (result?.ok) onVoided(result.value);
  };

  return (
    <Modal opened={order !== null} onClose={onClose} title="Void this payment" size="lg" centered>
      {order ? (
        <Stack gap="md" data-testid="void-payment-dialog">
          <Text>
            Order <b>{order.summary.reference}</b> for {displayAmount(order.summary.amount)}{' '}
            {order.summary.asset ?? ''} was paid. Voiding it takes it out of what was taken; it
            stays in the history as voided, with your reason. It sends nothing back to the customer:
            give the money back yourself.
          </Text>
          <ReasonChoice
            label="Why is it voided?"
            options={voidReasons}
            choice={choice}
            onChoice={setChoice}
            other={other}
            onOther={setOther}
            missingWords={reason === null ? 'Say in a few words why it is voided.' : null}
            testIdPrefix="void-reason"
          />
          {failure ? <FailureAlert failure={failure} /> : null}
          <HoldToConfirm
            label="Void payment"
            color="red"
            testId="confirm-void-payment"
            loading={pending !== null}
            disabled={reason === null}
            onConfirm={() => void confirm()}
          />
        </Stack>
      ) : null}
    </Modal>
  );
}
