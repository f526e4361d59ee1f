import { Stack, Table, Text, Title } from '@mantine/core';
import type { VoidedPayment } from '../../../shared/reports/report-types';
import { addAmounts } from '../../../shared/money';
import { formatMoney } from '../../../shared/pricing/shop-currency';
import { displayAmount } from '../../common/amount-format';
import { orderDateTime } from './order-time';

/** The report's voided payments: not in what was taken, each with who voided it and why. */
export function VoidedPayments({ voids, timeZone }: { voids: VoidedPayment[]; timeZone: string }) {
  return (
    <Stack gap={4} data-testid="report-voids">
      <Title order={3} size="h4">
        Voided payments ({voids.length}, not counted as taken)
      </Title>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reference</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th>Voided</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Why</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {voids.map((line) => (
            <Table.Tr key={line.orderId} data-testid="report-void" data-reference={line.reference}>
              <Table.Td ff="monospace">{line.reference}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {displayAmount(line.amount)} {line.asset ?? ''}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {line.money ? (
                  formatMoney(addAmounts(line.money.amount, line.money.fee), line.money.currency)
                ) : (
                  <Text span size="sm" c="dimmed">
                    none
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{orderDateTime(line.voidedAtMs, timeZone)}</Table.Td>
              <Table.Td>
                {line.voidedBy.staffId === null
                  ? 'Unknown'
                  : (line.voidedBy.name ?? 'Removed staff member')}
              </Table.Td>
              <Table.Td>{line.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
