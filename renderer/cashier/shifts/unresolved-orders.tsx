import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { OrderLine } from '../../../shared/shifts/shift-report-types';
import { reportTime } from '../../../shared/shifts/shift-report-sections';
import { amountWithAsset } from '../../common/amount-format';
import { stateShortLabel } from '../sale/sale-state-words';

interface UnresolvedOrdersProps {
  orders: OrderLine[];
  timeZone: string;
  busy: boolean;
  onCloseAnyway: () => void;
  onKeepOpen: () => void;
}

/**
 * Why the close was refused: the shift's sales not finished yet, one per line. The cashier
 * finishes them first (from the sale screen or the history), or closes with them listed on
 * the Z report.
 */
export function UnresolvedOrders({ orders, timeZone, busy, ...act }: UnresolvedOrdersProps) {
  return (
    <Alert
      color="orange"
      variant="light"
      title={`${orders.length === 1 ? '1 sale is' : `${orders.length} sales are`} not finished`}
      data-testid="shift-unresolved"
    >
      <Stack gap="sm">
        <Text>
          Finish them first if you can. If you close now, the Z report lists them as not finished.
        </Text>
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Sale</Table.Th>
              <Table.Th>Started</Table.Th>
              <Table.Th>Cashier</Table.Th>
              <Table.Th>Where it stands</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <Table.Tr key={order.orderId} data-testid="shift-unresolved-row">
                <Table.Td fw={700}>{order.reference}</Table.Td>
                <Table.Td>{reportTime(order.createdAtMs, { timeZone })}</Table.Td>
                <Table.Td>{order.cashier.name}</Table.Td>
                <Table.Td>{stateShortLabel[order.state]}</Table.Td>
                <Table.Td ta="right">{amountWithAsset(order.amount, order.asset)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group gap="sm">
          <Button size="md" h={48} variant="default" onClick={act.onKeepOpen}>
            Keep the shift open
          </Button>
          <Button
            size="md"
            h={48}
            color="red"
            loading={busy}
            onClick={act.onCloseAnyway}
            data-testid="shift-close-anyway"
          >
            Close with these unfinished
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
