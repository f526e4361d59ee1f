import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { SaleSnapshot } from '../../../../shared/sale/sale-snapshot';
import { FailureAlert } from '../../errors/failure-alert';
import { callPos } from '../../shell/pos';
import { useTillAction } from '../../shell/use-pos';
import { saleStateWords, toneColor } from '../sale-state-words';
import { SaleActionButtons } from './sale-action-buttons';
import { saleButtons, type SaleButton } from './sale-actions';
import { SaleBody } from './sale-body';

/**
 * The sale in progress or just ended: its state in words, the link (small QR for the
 * cashier, amount and asset the link asks for, USD value, countdown in step with the
 * customer's), failures with their next step, and the buttons `allowedActions` permits.
 */
export function ActiveSale({ sale }: { sale: SaleSnapshot }) {
  const { pending, failure, run } = useTillAction();
  const heading = useRef<HTMLHeadingElement>(null);
  const words = saleStateWords[sale.state];

  // Each new state takes the focus to the heading, so Tab goes to this state's buttons and a
  // screen reader reads the new state. Never to a button: a second Enter must not confirm payment.
  useEffect(() => {
    heading.current?.focus();
  }, [sale.state, sale.orderId]);

  const press = (button: SaleButton) => void run(button.action, () => callPos(button.call, {}));

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
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title
              order={2}
              ref={heading}
              tabIndex={-1}
              data-testid="sale-state"
              data-state={sale.state}
              style={{ outline: 'none' }}
            >
              {words.label}
            </Title>
            <Text c="dimmed" size="md">
              Order <b data-testid="order-reference">{sale.reference}</b> ·{' '}
              {sale.kind === 'qr' ? 'QR code' : 'NFC tap'}
              {sale.chainName ? ` · ${sale.chainName}` : ''}
            </Text>
          </Stack>
          <Badge size="xl" color={toneColor[words.tone]} variant="light">
            {sale.state}
          </Badge>
        </Group>

        <SaleBody sale={sale} />

        {sale.notice ? (
          <Alert color="amber" variant="light" data-testid="sale-notice">
            {sale.notice}
          </Alert>
        ) : null}
        {failure ? <FailureAlert failure={failure} /> : null}

        <SaleActionButtons buttons={saleButtons(sale)} pending={pending} onPress={press} />
      </Stack>
    </Paper>
  );
}
