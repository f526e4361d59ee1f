import { Alert, Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { referenceOf } from '../../../../shared/order-id';
import type { SaleSnapshot } from '../../../../shared/sale/sale-snapshot';
import { amountWithAsset } from '../../../common/amount-format';
import { FailureAlert } from '../../errors/failure-alert';
import { PaidAfterAllDialog, type LateOrder } from '../../late-payment/paid-after-all-dialog';
import { callPos } from '../../shell/pos';
import { useTillAction } from '../../shell/use-pos';
import { saleStateWords } from '../sale-state-words';
import { ConfirmPanel } from './confirm-panel';
import { SaleActionButtons } from './sale-action-buttons';
import { saleButtons, type SaleButton } from './sale-actions';
import { SaleBody } from './sale-body';
import { SaleReceipt } from '../../printing/sale-receipt';

/**
 * The sale in progress or just ended: its state in words, the link (small QR for the
 * cashier, amount and asset the link asks for, USD value, countdown in step with the
 * customer's), the facts to check before confirming, failures with their next step, and the
 * buttons `allowedActions` permits.
 */
export function ActiveSale({ sale }: { sale: SaleSnapshot }) {
  const { pending, failure, run } = useTillAction();
  const heading = useRef<HTMLHeadingElement>(null);
  const [late, setLate] = useState<LateOrder | null>(null);
  const words = saleStateWords[sale.state];

  // Each new state takes the focus to the heading, so Tab goes to this state's buttons and a
  // screen reader reads the new state. Never to a button: a second Enter must not act.
  useEffect(() => {
    heading.current?.focus();
  }, [sale.state, sale.orderId]);

  const press = (button: SaleButton) => void run(button.action, () => callPos(button.call, {}));
  const confirming = sale.allowedActions.includes('confirmPaidByCashier');
  const what = `${amountWithAsset(sale.link?.linkAmount ?? sale.amount, sale.asset, sale.assetDecimals ?? 2)}${sale.chainName ? ` on ${sale.chainName}` : ''}`;

  return (
    <Paper
      p="lg"
      radius="lg"
      withBorder
      shadow="xs"
      maw={1100}
      mx="auto"
      data-testid="active-sale"
      data-order={sale.reference}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title
            order={1}
            size="h2"
            ref={heading}
            tabIndex={-1}
            data-testid="sale-state"
            data-state={sale.state}
            style={{ outline: 'none' }}
          >
            {words.label}
          </Title>
          <Text size="md">
            Order <b data-testid="order-reference">{sale.reference}</b> ·{' '}
            {sale.kind === 'qr' ? 'QR code' : 'NFC tap'}
            {sale.chainName ? ` · ${sale.chainName}` : ''}
          </Text>
        </Stack>

        {sale.replacesOrderId && sale.replacedLinkMayBePaid && !sale.terminal ? (
          <Alert color="amber" variant="light" data-testid="old-link-warning">
            The code for order {referenceOf(sale.replacesOrderId)} was never withdrawn and may still
            be paid. If the customer’s wallet shows that one paid, cancel this sale and record order{' '}
            {referenceOf(sale.replacesOrderId)} as “paid after all” in History.
          </Alert>
        ) : null}

        <Grid gap="md" align="flex-start">
          <Grid.Col span={confirming ? { base: 12, sm: 7 } : 12}>
            <SaleBody sale={sale} />
          </Grid.Col>
          {confirming ? (
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <ConfirmPanel
                sale={sale}
                pending={pending === 'confirmPaidByCashier'}
                blocked={pending !== null && pending !== 'confirmPaidByCashier'}
                onConfirm={() =>
                  void run('confirmPaidByCashier', () => callPos('confirmPaidByCashier', {}))
                }
              />
            </Grid.Col>
          ) : null}
        </Grid>

        {sale.notice ? (
          <Alert color="amber" variant="light" data-testid="sale-notice">
            {sale.notice}
          </Alert>
        ) : null}
        {failure ? <FailureAlert failure={failure} /> : null}
        <SaleReceipt sale={sale} />

        <SaleActionButtons buttons={saleButtons(sale)} pending={pending} onPress={press} />
        {sale.allowedActions.includes('markPaidAfterAll') ? (
          <Button
            variant="default"
            size="md"
            h={48}
            style={{ alignSelf: 'flex-start' }}
            data-testid="paid-after-all"
            onClick={() =>
              setLate({
                orderId: sale.orderId,
                reference: sale.reference,
                what,
                ended: sale.state === 'expired' ? 'expired' : 'was cancelled',
              })
            }
          >
            The customer paid after all…
          </Button>
        ) : null}
      </Stack>
      <PaidAfterAllDialog
        order={late}
        onClose={() => setLate(null)}
        onRecorded={() => setLate(null)}
      />
    </Paper>
  );
}
