import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { PeriodReport } from '../../../shared/reports/report-types';
import { displayAmount } from '../../common/amount-format';
import { formatMoney } from '../../../shared/pricing/shop-currency';
import { stateShortLabel } from '../sale/sale-state-words';
import { VoidedPayments } from './voided-payments';

/** The period's report: orders and what was taken per chain and asset, and a count per state. */
export function ReportTables({ report }: { report: PeriodReport }) {
  if (report.orderCount === 0) return <Text c="dimmed">No orders in this period.</Text>;
  return (
    <Stack gap="sm">
      <Text>
        {report.orderCount} order{report.orderCount === 1 ? '' : 's'} ({report.period.timeZone})
      </Text>
      {report.money.length > 0 || report.takenWithoutMoney > 0 ? (
        <Group gap="lg" data-testid="report-money">
          {report.money.map((row) => (
            <Text key={row.currency} size="xl" fw={800}>
              Taken: {formatMoney(row.takenTotal, row.currency)}{' '}
              <Text span size="sm" c="dimmed" fw={400}>
                ({row.takenCount} paid order{row.takenCount === 1 ? '' : 's'}, each at its own rate)
              </Text>
            </Text>
          ))}
          {report.takenWithoutMoney > 0 ? (
            <Text size="sm" c="dimmed">
              {report.takenWithoutMoney} paid order{report.takenWithoutMoney === 1 ? '' : 's'} typed
              in asset units: see the amounts below.
            </Text>
          ) : null}
        </Group>
      ) : null}
      <Table verticalSpacing="xs" data-testid="report-by-chain-asset">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Chain</Table.Th>
            <Table.Th>Asset</Table.Th>
            <Table.Th ta="right">Orders</Table.Th>
            <Table.Th ta="right">Taken</Table.Th>
            <Table.Th ta="right">Amount taken</Table.Th>
            <Table.Th ta="right">Fees taken</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.byChainAsset.map((row) => (
            <Table.Tr key={`${row.chainId}|${row.asset}`}>
              <Table.Td>{row.chainName ?? '—'}</Table.Td>
              <Table.Td>{row.asset ?? '(NFC, no asset)'}</Table.Td>
              <Table.Td ta="right">{row.count}</Table.Td>
              <Table.Td ta="right">{row.takenCount}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {displayAmount(row.takenAmount)}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {displayAmount(row.takenFee)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group gap="xs" data-testid="report-by-state">
        {report.byState.map((row) => (
          <Badge key={row.state} variant="outline" size="lg" color="gray">
            {stateShortLabel[row.state]}: {row.count}
          </Badge>
        ))}
      </Group>
      {report.voidedPayments.length > 0 ? (
        <VoidedPayments voids={report.voidedPayments} timeZone={report.period.timeZone} />
      ) : null}
    </Stack>
  );
}
