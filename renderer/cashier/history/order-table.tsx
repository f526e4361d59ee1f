import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { OrderSummary } from '../../../shared/ipc/views';
import { displayAmount } from '../../common/amount-format';
import { saleStateWords, stateShortLabel, toneColor } from '../sale/sale-state-words';
import { LatePaymentButton } from '../late-payment/late-payment-button';
import { ReceiptButton } from '../printing/receipt-button';
import { MoneyCell } from './money-cell';
import { orderTime } from './order-time';

/** The orders, one row each: time, reference, kind, amount, chain and state (with the service's word). */
export function OrderTable({
  orders,
  timeZone,
  onOrderChanged,
  onOpen,
  withDay = false,
}: {
  orders: OrderSummary[];
  /** The list covers several days: each time says its day. */
  withDay?: boolean;
  timeZone: string | undefined;
  /** An order was recorded as paid after all from its row. */
  onOrderChanged: () => void;
  /** The cashier clicked a row (or its "Details"): show that order in detail. */
  onOpen: (orderId: string) => void;
}) {
  if (orders.length === 0) return <Text c="dimmed">No orders.</Text>;
  // With staff PINs off nobody is named: no column of "Unknown".
  const namesCashiers = orders.some((order) => order.cashierId !== null);
  return (
    <Table striped highlightOnHover verticalSpacing="sm" data-testid="order-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Time</Table.Th>
          <Table.Th>Reference</Table.Th>
          <Table.Th>Kind</Table.Th>
          <Table.Th ta="right">Price</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th>Chain</Table.Th>
          {namesCashiers ? <Table.Th>Cashier</Table.Th> : null}
          <Table.Th>State</Table.Th>
          <Table.Th>
            <VisuallyHidden>Details</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {orders.map((order) => (
          <Table.Tr
            key={order.orderId}
            data-testid="order-row"
            data-reference={order.reference}
            data-state={order.state}
            style={{ cursor: 'pointer' }}
            onClick={(event) => {
              const target = event.target as HTMLElement;
              // A button in the row (paid after all, Details) does its own thing, and a click
              // in the row's dialog (a portal: React bubbles it here) is not on the row.
              if (!event.currentTarget.contains(target) || target.closest('button')) return;
              onOpen(order.orderId);
            }}
          >
            <Table.Td>{orderTime(order.createdAtMs, timeZone, withDay)}</Table.Td>
            <Table.Td ff="monospace">{order.reference}</Table.Td>
            <Table.Td>{order.kind.toUpperCase()}</Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              <MoneyCell order={order} />
            </Table.Td>
            <Table.Td
              ta="right"
              style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            >
              {displayAmount(order.amount)} {order.asset ?? ''}
            </Table.Td>
            <Table.Td>{order.chainName ?? '—'}</Table.Td>
            {namesCashiers ? (
              <Table.Td data-testid="order-cashier">{order.cashierName ?? 'Unknown'}</Table.Td>
            ) : null}
            <Table.Td>
              <Badge variant="light" color={toneColor[saleStateWords[order.state].tone]}>
                {stateShortLabel[order.state]}
              </Badge>
              <LatePaymentButton order={order} onRecorded={onOrderChanged} />
              <ReceiptButton order={order} />
              {order.lastFailure?.serviceMessage ? (
                <Text size="xs" c="dimmed">
                  {order.lastFailure.serviceMessage}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <Button
                variant="subtle"
                size="sm"
                h={44}
                onClick={() => onOpen(order.orderId)}
                aria-label={`Details of order ${order.reference}`}
                data-testid="order-details"
              >
                Details
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
