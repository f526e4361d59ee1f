import { Alert, Badge, Button, Code, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { CallFailure } from '../../../shared/ipc/contract-kit';
import type { OrderDetail } from '../../../shared/history/order-detail';
import { addAmounts } from '../../../shared/money';
import { formatMoney } from '../../../shared/pricing/shop-currency';
import { displayAmount } from '../../common/amount-format';
import { FailureAlert } from '../errors/failure-alert';
import { sourceWords } from '../sale/start/money-summary';
import { saleStateWords, toneColor } from '../sale/sale-state-words';
import { OrderPrintStatus } from '../printing/order-print-status';
import { ReceiptButton } from '../printing/receipt-button';
import { callPos } from '../shell/pos';
import { actorWords, changeWords, eventNotes } from './event-words';
import { orderDateTime } from './order-time';
import { VoidPaymentDialog } from './void-payment-dialog';

/**
 * One order of the history, everything the till knows about it: its state, price and rate,
 * the link and its expiry, who started it in which shift, and every event with its time, who
 * acted and why. A manager voids its payment from here ("Void this payment…").
 */
export function OrderDetailView({
  orderId,
  onClose,
  onChanged,
}: {
  /** The order shown; null: closed. */
  orderId: string | null;
  onClose: () => void;
  /** The order changed here (voided): the list and report behind are out of date. */
  onChanged: () => void;
}) {
  const [detail, setDetail] = useState<OrderDetail | null>(null);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const [voiding, setVoiding] = useState(false);

  useEffect(() => {
    if (orderId === null) return;
    let live = true;
    void callPos('orderDetail', { orderId }).then((result) => {
      if (!live) return;
      if (result.ok) {
        setDetail(result.value);
        setFailure(null);
      } else setFailure(result.error);
    });
    return () => {
      live = false;
      setDetail(null);
      setFailure(null);
    };
  }, [orderId]);

  const shown = detail && detail.summary.orderId === orderId ? detail : null;
  return (
    <Modal
      opened={orderId !== null}
      onClose={onClose}
      size="xl"
      centered
      title={shown ? `Order ${shown.summary.reference}` : 'Order'}
      closeButtonProps={{ 'aria-label': 'Close the order', size: 'lg' }}
    >
      {failure ? <FailureAlert failure={failure} /> : null}
      {shown ? (
        <Stack gap="md" data-testid="order-detail" data-state={shown.summary.state}>
          <OrderFacts detail={shown} />
          <OrderEvents detail={shown} />
          {/* What can be done with this order: its paper (a receipt copy, the void slip), its void. */}
          <Group gap="sm" data-testid="order-actions">
            <ReceiptButton order={shown.summary} detailed />
            {shown.voiding === 'allowed' ? (
              <Button
                color="red"
                variant="light"
                size="md"
                onClick={() => setVoiding(true)}
                data-testid="void-payment"
              >
                Void this payment…
              </Button>
            ) : null}
            {shown.voiding === 'on-screen' ? (
              <Alert color="gray" variant="light" data-testid="void-on-screen">
                This sale is still on the sale screen. Press “New sale” there first to void its
                payment here.
              </Alert>
            ) : null}
            <OrderPrintStatus orderId={shown.summary.orderId} />
          </Group>
          <VoidPaymentDialog
            order={voiding ? shown : null}
            onClose={() => setVoiding(false)}
            onVoided={(next) => {
              setVoiding(false);
              setDetail(next);
              onChanged();
            }}
          />
        </Stack>
      ) : failure ? null : (
        <Text c="dimmed">Loading…</Text>
      )}
    </Modal>
  );
}

function Fact({
  label,
  children,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Table.Tr data-testid={testId}>
      <Table.Th w={190} fw={600}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

function OrderFacts({ detail }: { detail: OrderDetail }) {
  const { summary, pricing, link, timeZone } = detail;
  const words = saleStateWords[summary.state];
  const asset = summary.asset ?? '';
  return (
    <Table verticalSpacing={6} data-testid="order-facts">
      <Table.Tbody>
        <Fact label="State">
          <Badge size="lg" variant="light" color={toneColor[words.tone]}>
            {words.label}
          </Badge>
        </Fact>
        <Fact label="Started">
          {orderDateTime(summary.createdAtMs, timeZone)} ({timeZone})
        </Fact>
        <Fact label="Cashier" testId="detail-cashier">
          {summary.cashierId === null ? 'Unknown' : (summary.cashierName ?? 'Removed staff member')}
          {detail.shiftId !== null ? ` · shift ${detail.shiftId}` : ' · no shift open'}
        </Fact>
        <Fact label="Payment way">
          {summary.kind === 'qr' ? 'QR code' : 'Tap to pay (NFC)'}
          {summary.chainName ? ` · ${summary.chainName}` : ''}
        </Fact>
        <Fact label="Amount" testId="detail-amount">
          {displayAmount(summary.amount)} {asset}
          {summary.fee !== '0' ? ` (fee included: ${displayAmount(summary.fee)} ${asset})` : ''}
        </Fact>
        {pricing ? (
          <Fact label="Price in money" testId="detail-pricing">
            {formatMoney(addAmounts(pricing.moneyAmount, pricing.feeMoney), pricing.currency)}
            {pricing.feeMoney !== '0'
              ? ` (fee ${formatMoney(pricing.feeMoney, pricing.currency)})`
              : ''}
            <Text size="sm" c="dimmed">
              at {formatMoney(pricing.price, pricing.currency)} per {asset || 'unit'}, from the{' '}
              {sourceWords[pricing.source]}, as of {orderDateTime(pricing.asOfMs, timeZone)}
              {detail.rateDifferencePercent !== null
                ? `; the link's own rate differed by ${detail.rateDifferencePercent} %`
                : ''}
            </Text>
          </Fact>
        ) : (
          <Fact label="Price in money">
            <Text c="dimmed">Typed in asset units: no price in money.</Text>
          </Fact>
        )}
        {link ? (
          <Fact label="Payment link" testId="detail-link">
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {link.qrUrl}
            </Code>
            <Text size="sm" mt={4}>
              {link.expiresAtMs !== null
                ? `Expires ${orderDateTime(link.expiresAtMs, timeZone)}`
                : `Expiry unknown: ${link.expiryNote ?? ''}`}
              {' · '}
              {link.amountMatches
                ? `asks for ${displayAmount(link.linkAmount)} ${asset}`
                : `asks for ${displayAmount(link.linkAmount)} ${asset}, not the amount the till asked`}
              {link.rateUsd ? ` · service rate ${link.rateUsd} USD` : ''}
            </Text>
          </Fact>
        ) : null}
        {detail.replaces ? (
          <Fact label="New link for">{detail.replaces.reference ?? detail.replaces.orderId}</Fact>
        ) : null}
        <Fact label="Order id">
          <Text ff="monospace" size="sm">
            {summary.orderId}
          </Text>
          <Text size="sm" c="dimmed">
            Sent {detail.attempts} time{detail.attempts === 1 ? '' : 's'} · till{' '}
            {detail.serialNumber}
          </Text>
        </Fact>
      </Table.Tbody>
    </Table>
  );
}

function OrderEvents({ detail }: { detail: OrderDetail }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h4">
        What happened
      </Title>
      <Table striped verticalSpacing={6} data-testid="order-events">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Change</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.events.map((event, index) => (
            <Table.Tr key={index} data-testid="order-event" data-to-state={event.toState}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {orderDateTime(event.atMs, detail.timeZone)}
              </Table.Td>
              <Table.Td>{changeWords(event)}</Table.Td>
              <Table.Td data-testid="event-actor">{actorWords(event.actor)}</Table.Td>
              <Table.Td>
                {eventNotes(event).map((note, line) => (
                  <Text key={line} size="sm">
                    {note}
                  </Text>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
