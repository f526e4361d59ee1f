import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { CallFailure } from '../../../shared/ipc/contract-kit';
import type { CsvExportResult, OrderSummary } from '../../../shared/ipc/views';
import type { PeriodReport } from '../../../shared/reports/report-types';
import { displayAmount } from '../../common/amount-format';
import { FailureAlert } from '../errors/failure-alert';
import { stateShortLabel } from '../sale/sale-state-words';
import { callPos } from '../shell/pos';
import { usePosListener, useTillAction } from '../shell/use-pos';

/** Today's orders (or another day's), search by reference, the day's report and CSV export. */
export function HistoryScreen() {
  const [date, setDate] = useState<string | null>(null);
  const [orders, setOrders] = useState<OrderSummary[] | null>(null);
  const [report, setReport] = useState<PeriodReport | null>(null);
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [loadFailure, setLoadFailure] = useState<CallFailure | null>(null);
  const [exported, setExported] = useState<CsvExportResult | null>(null);
  const exporting = useTillAction();

  useEffect(() => {
    void callPos('todayDate', {}).then((result) =>
      result.ok ? setDate(result.value) : setLoadFailure(result.error),
    );
  }, []);

  const load = useCallback(async (day: string) => {
    const [list, totals] = await Promise.all([
      callPos('listOrders', { fromDate: day, toDate: day }),
      callPos('report', { fromDate: day, toDate: day }),
    ]);
    if (!list.ok) return setLoadFailure(list.error);
    if (!totals.ok) return setLoadFailure(totals.error);
    setLoadFailure(null);
    setOrders(list.value);
    setReport(totals.value);
  }, []);

  useEffect(() => {
    if (date && searched === null) void load(date);
  }, [date, searched, load]);

  // New and changed orders appear without a manual refresh.
  usePosListener('sale-changed', () => {
    if (date && searched === null) void load(date);
  });

  const search = async () => {
    const text = query.trim();
    if (text === '') {
      setSearched(null);
      return;
    }
    const result = await callPos('searchOrders', { query: text.slice(0, 64) });
    if (!result.ok) return setLoadFailure(result.error);
    setSearched(text);
    setOrders(result.value);
  };

  const exportCsv = async () => {
    if (!date) return;
    setExported(null);
    const result = await exporting.run('export', () =>
      callPos('exportCsv', { fromDate: date, toDate: date }),
    );
    if (result?.ok) setExported(result.value);
  };

  return (
    <Stack gap="md" maw={1200} mx="auto" data-testid="history">
      <Group justify="space-between" align="end">
        <Title order={2}>History</Title>
        <Group align="end" gap="sm">
          <TextInput
            type="date"
            label="Day"
            value={date ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
                setSearched(null);
                setDate(value);
              }
            }}
            data-testid="history-date"
          />
          <Button
            size="md"
            onClick={() => void exportCsv()}
            loading={exporting.pending !== null}
            disabled={!date}
            data-testid="export-csv"
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      {exported ? (
        <Alert color="green" variant="light" data-testid="export-result">
          {exported.saved
            ? `Saved ${exported.fileName ?? 'the file'} (${exported.rows ?? 0} orders).`
            : 'Export cancelled: nothing was saved.'}
        </Alert>
      ) : null}
      {exporting.failure ? <FailureAlert failure={exporting.failure} /> : null}
      {loadFailure ? (
        <FailureAlert failure={loadFailure} onRetry={() => date && void load(date)} />
      ) : null}

      <Paper p="md" radius="lg" withBorder data-testid="report">
        <Stack gap="sm">
          <Title order={3}>End of day{date ? ` — ${date}` : ''}</Title>
          {report ? <ReportTables report={report} /> : <Text c="dimmed">Loading…</Text>}
        </Stack>
      </Paper>

      <Paper p="md" radius="lg" withBorder>
        <Stack gap="sm">
          <Group justify="space-between" align="end">
            <Title order={3}>
              {searched !== null ? `Orders matching “${searched}”` : 'Orders'}
            </Title>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void search();
              }}
            >
              <Group gap="xs" align="end">
                <TextInput
                  aria-label="Search by reference"
                  placeholder="Reference, e.g. K7M-Q4X"
                  value={query}
                  maxLength={64}
                  onChange={(event) => setQuery(event.currentTarget.value)}
                  data-testid="history-search"
                />
                <Button type="submit" size="md" variant="light" data-testid="history-search-button">
                  Search
                </Button>
                {searched !== null ? (
                  <Button
                    size="md"
                    variant="subtle"
                    onClick={() => {
                      setQuery('');
                      setSearched(null);
                    }}
                  >
                    Show the day
                  </Button>
                ) : null}
              </Group>
            </form>
          </Group>
          {orders === null ? (
            <Text c="dimmed">Loading…</Text>
          ) : (
            <OrderTable orders={orders} timeZone={report?.period.timeZone} />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

function OrderTable({
  orders,
  timeZone,
}: {
  orders: OrderSummary[];
  timeZone: string | undefined;
}) {
  if (orders.length === 0) return <Text c="dimmed">No orders.</Text>;
  return (
    <Table striped highlightOnHover verticalSpacing="sm" data-testid="order-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Time</Table.Th>
          <Table.Th>Reference</Table.Th>
          <Table.Th>Kind</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th>Chain</Table.Th>
          <Table.Th>State</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {orders.map((order) => (
          <Table.Tr
            key={order.orderId}
            data-testid="order-row"
            data-reference={order.reference}
            data-state={order.state}
          >
            <Table.Td>{timeOf(order.createdAtMs, timeZone)}</Table.Td>
            <Table.Td ff="monospace">{order.reference}</Table.Td>
            <Table.Td>{order.kind.toUpperCase()}</Table.Td>
            <Table.Td
              ta="right"
              style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            >
              {displayAmount(order.amount)} {order.asset ?? ''}
            </Table.Td>
            <Table.Td>{order.chainName ?? '—'}</Table.Td>
            <Table.Td>
              <Badge
                variant="light"
                color={
                  order.state.startsWith('paid') || order.state === 'accepted-by-service'
                    ? 'green'
                    : 'gray'
                }
              >
                {stateShortLabel[order.state]}
              </Badge>
              {order.lastFailure?.serviceMessage ? (
                <Text size="xs" c="dimmed">
                  {order.lastFailure.serviceMessage}
                </Text>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ReportTables({ report }: { report: PeriodReport }) {
  if (report.orderCount === 0) return <Text c="dimmed">No orders in this period.</Text>;
  return (
    <Stack gap="sm">
      <Text>
        {report.orderCount} order{report.orderCount === 1 ? '' : 's'} ({report.period.timeZone})
      </Text>
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
    </Stack>
  );
}

/** The order's time in the report's zone, so the list and the day's report agree. */
function timeOf(ms: number, timeZone: string | undefined): string {
  try {
    return new Date(ms).toLocaleTimeString([], {
      hour: '2-digit',
      minute: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    });
  } catch {
    return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  }
}
