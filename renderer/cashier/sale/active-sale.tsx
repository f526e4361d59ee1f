import { Alert, Badge, Box, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { SaleSnapshot } from '../../../shared/sale/sale-snapshot';
import { isUsableRate, usdValue } from '../../../shared/money';
import { amountWithAsset } from '../../common/amount-format';
import { Countdown } from '../../common/countdown';
import { PaymentQr } from '../../common/payment-qr';
import { StatusIcon } from '../../common/status-icon';
import { FailureAlert } from '../errors/failure-alert';
import { OrderFailureBox } from '../errors/order-failure-box';
import { nfcStatusWords } from '../nfc/nfc-status-words';
import { callPos } from '../shell/pos';
import { usePosEvent, useTillAction } from '../shell/use-pos';
import { saleButtons, type SaleButton } from './sale-actions';
import { saleStateWords, toneColor } from './sale-state-words';
import { useAfterIdle } from './use-after-idle';

/**
 * The sale in progress or just ended: its state in words, the link (small QR for the
 * cashier, amount and asset the link asks for, USD value, countdown in step with the
 * customer's), failures with their next step, and the buttons `allowedActions` permits.
 */
export function ActiveSale({ sale }: { sale: SaleSnapshot }) {
  const { pending, failure, run } = useTillAction();
  const heading = useRef<HTMLHeadingElement>(null);
  const words = saleStateWords[sale.state];
  const decimals = sale.assetDecimals ?? 2;

  // Each new state takes the focus to the heading, so Tab goes to this state's buttons and a
  // screen reader reads the new state. Never to a button: a second Enter must not confirm payment.
  useEffect(() => {
    heading.current?.focus();
  }, [sale.state, sale.orderId]);

  const press = (button: SaleButton) => void run(button.action, () => callPos(button.call, {}));
  const buttons = saleButtons(sale);

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

        <SaleBody sale={sale} decimals={decimals} />

        {sale.notice ? (
          <Alert color="amber" variant="light" data-testid="sale-notice">
            {sale.notice}
          </Alert>
        ) : null}
        {failure ? <FailureAlert failure={failure} /> : null}

        <Group gap="sm" style={{ alignItems: 'flex-start' }} data-testid="sale-actions">
          {buttons.map((button) => (
            <Stack key={button.action} gap={2} align="stretch" style={{ minWidth: 200 }}>
              <Button
                size="xl"
                h={64}
                data-testid={button.testId}
                variant={
                  button.variant === 'primary'
                    ? 'filled'
                    : button.variant === 'danger'
                      ? 'outline'
                      : 'default'
                }
                color={
                  button.variant === 'danger'
                    ? 'red'
                    : button.action === 'confirmPaidByCashier'
                      ? 'green'
                      : undefined
                }
                loading={pending === button.action}
                disabled={pending !== null && pending !== button.action}
                onClick={() => press(button)}
              >
                {button.label}
              </Button>
              {button.hint ? (
                <Text size="xs" c="dimmed" maw={260}>
                  {button.hint}
                </Text>
              ) : null}
            </Stack>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

function SaleBody({ sale, decimals }: { sale: SaleSnapshot; decimals: number }) {
  const nfc = usePosEvent('nfc-status');
  const tick = usePosEvent('clock-tick');
  const requested = amountWithAsset(sale.amount, sale.asset, decimals);
  // Hooks before any early return: their number must not change with the state.
  const drawCashierQr = useAfterIdle(sale.showQr && sale.link ? sale.link.qrUrl : null);

  if (sale.state === 'requesting' || sale.state === 'submitting') {
    return (
      <Group gap="md" py="lg">
        <Loader size="lg" />
        <Text size="lg">
          {sale.state === 'requesting'
            ? `Asking the payment service for a link for ${requested}…`
            : `Sending ${requested} to the payment service…`}
        </Text>
      </Group>
    );
  }

  if (sale.state === 'waiting-for-tap') {
    const words = nfc ? nfcStatusWords(nfc) : null;
    return (
      <Group gap="lg" py="md" wrap="nowrap" data-testid="tap-prompt">
        <Box c="blue.8">
          <StatusIcon kind="tap" size={88} />
        </Box>
        <Stack gap={4}>
          <Text size="xl" fw={800}>
            Tap your phone on the reader
          </Text>
          <Text size="lg">Ask the customer to hold their phone on the reader for {requested}.</Text>
          {words ? (
            <Text size="md" c={words.usable ? 'dimmed' : 'orange.8'}>
              {words.text}
              {words.action && !nfc?.lastError ? ` — ${words.action}` : ''}
            </Text>
          ) : null}
          {nfc?.lastError ? (
            <Alert
              color="orange"
              variant="light"
              title="The last tap did not work"
              data-testid="nfc-last-error"
              p="xs"
            >
              {nfc.lastError}
            </Alert>
          ) : null}
        </Stack>
      </Group>
    );
  }

  const link = sale.link;
  const linkShown = sale.state === 'awaiting-payment' || sale.state === 'amount-differs';
  const usd = link && isUsableRate(link.rateUsd) ? safeUsd(link.linkAmount, link.rateUsd) : null;

  return (
    <Stack gap="md">
      {link && linkShown ? (
        <Group align="flex-start" gap="xl" wrap="nowrap">
          {sale.showQr ? (
            <Box
              className="cashier-qr"
              title="The customer scans the large code on their display"
              w={186}
              h={186}
            >
              {drawCashierQr ? (
                <PaymentQr
                  qr={link.qr}
                  size={168}
                  testId="cashier-qr"
                  label="Cashier copy of the payment QR code"
                />
              ) : null}
            </Box>
          ) : null}
          <Stack gap={6}>
            <Text c="dimmed">The link asks for</Text>
            <Text
              size="2.4rem"
              fw={800}
              lh={1.1}
              data-testid="link-amount"
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {amountWithAsset(link.linkAmount, sale.asset, decimals)}
            </Text>
            {usd ? (
              <Text size="lg" data-testid="usd-value">
                ≈ {usd} USD
              </Text>
            ) : null}
            {sale.expiry?.kind === 'known' ? (
              <Countdown
                expiresAtMs={sale.expiry.atMs}
                nowMs={tick?.nowMs ?? null}
                size="xl"
                label="Link expires in"
              />
            ) : sale.expiry?.kind === 'unknown' ? (
              <Alert
                color="gray"
                variant="light"
                title="Expiry unknown"
                data-testid="expiry-unknown"
                p="xs"
              >
                {sale.expiry.note} No countdown is shown.
              </Alert>
            ) : null}
            {sale.showQr ? (
              <Text size="sm" c="dimmed">
                The customer scans the large code on their display. When their wallet shows the
                payment done, press “Customer paid”.
              </Text>
            ) : null}
          </Stack>
        </Group>
      ) : null}

      {sale.state === 'amount-differs' && link ? (
        <Alert
          color="amber"
          variant="filled"
          title="The link asks for a different amount"
          data-testid="amount-differs"
        >
          You asked for {requested}
          {sale.fee !== '0'
            ? ` plus a fee of ${amountWithAsset(sale.fee, sale.asset, decimals)}`
            : ''}
          ; the payment service's link asks for{' '}
          {amountWithAsset(link.linkAmount, sale.asset, decimals)}. The customer sees nothing yet:
          accept this amount, or cancel.
        </Alert>
      ) : null}

      {sale.state === 'expired' ? (
        <Text size="lg">
          The link for {requested} expired before it was paid. “New link” makes a fresh code for the
          same amount.
        </Text>
      ) : null}

      {sale.state === 'paid-confirmed-by-cashier' || sale.state === 'accepted-by-service' ? (
        <Group gap="md" c="green.8" data-testid="sale-paid">
          <StatusIcon kind="check" size={64} />
          <Text size="xl" fw={800} c="green.8">
            {requested}{' '}
            {sale.state === 'accepted-by-service'
              ? 'accepted by the payment service'
              : 'paid — confirmed by you'}
          </Text>
        </Group>
      ) : null}

      {sale.state === 'cancelled' || sale.state === 'voided' ? (
        <Text size="lg">
          {sale.state === 'cancelled'
            ? 'The sale was cancelled.'
            : 'The order was voided; it stays in the history as voided.'}
        </Text>
      ) : null}

      {sale.lastFailure && !sale.terminal ? <OrderFailureBox sale={sale} /> : null}
      {sale.state === 'refused' && sale.lastFailure ? <OrderFailureBox sale={sale} /> : null}
    </Stack>
  );
}

function safeUsd(amount: string, rate: string): string | null {
  try {
    return usdValue(amount, rate);
  } catch {
    return null;
  }
}
