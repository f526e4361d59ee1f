import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { CsvExportResult } from '../../../shared/ipc/views';
import { FailureAlert } from '../errors/failure-alert';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';
import { OrderSearch } from './order-search';
import { CashierFilter, ordersOfCashier } from './cashier-filter';
import { OrderTable } from './order-table';
import { ReportTables } from './report-tables';
import { useHistory } from './use-history';

/** Today's orders (or another day's), search by reference, the day's report and CSV export. */
export function HistoryScreen() {
  const history = useHistory();
  const { date, orders, report, searched } = history;
  const [exported, setExported] = useState<CsvExportResult | null>(null);
  const exporting = useTillAction();
  const [cashier, setCashier] = useState('all');

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
        <Title order={1} size="h2">
          History
        </Title>
        <Group align="end" gap="sm">
          <TextInput
            type="date"
            label="Day"
            value={date ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (/^\d{4}-\d{2}-\d{2}$/.test(value)) history.chooseDay(value);
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
      {history.failure ? (
        <FailureAlert failure={history.failure} onRetry={history.showDay} />
      ) : null}

      <Paper p="md" radius="lg" withBorder data-testid="report">
        <Stack gap="sm">
          <Title order={2} size="h3">
            End of day{date ? ` — ${date}` : ''}
          </Title>
          {report ? <ReportTables report={report} /> : <Text c="dimmed">Loading…</Text>}
        </Stack>
      </Paper>

      <Paper p="md" radius="lg" withBorder>
        <Stack gap="sm">
          <Group justify="space-between" align="end">
            <Title order={2} size="h3">
              {searched !== null ? `Orders matching “${searched}”` : 'Orders'}
            </Title>
            <Group align="end" gap="sm">
              {orders ? (
                <CashierFilter orders={orders} value={cashier} onChange={setCashier} />
              ) : null}
              <OrderSearch
                searching={searched !== null}
                onSearch={history.search}
                onShowDay={history.showDay}
              />
            </Group>
          </Group>
          {orders === null ? (
            <Text c="dimmed">Loading…</Text>
          ) : (
            <OrderTable
              orders={ordersOfCashier(orders, cashier)}
              timeZone={report?.period.timeZone}
              onOrderChanged={history.reload}
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
