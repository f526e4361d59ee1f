import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { CsvExportResult } from '../../../shared/ipc/views';
import { FailureAlert } from '../errors/failure-alert';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';
import { rangeWords } from './date-range';
import { DateRangeInputs } from './date-range-inputs';
import { HistoryFilters } from './history-filters';
import { OrderDetailView } from './order-detail-view';
import { OrderSearch } from './order-search';
import { OrderTable } from './order-table';
import { ReportTables } from './report-tables';
import { useHistory } from './use-history';

/**
 * The orders of a range of days (today until the cashier picks others), filtered by cashier,
 * state, asset and payment way; search by reference; the range's report and CSV export; and
 * one order in detail, from which a manager voids a payment.
 */
export function HistoryScreen({
  onOpenAudit,
}: {
  /** Opens the audit trail; absent for whoever may not see it. */
  onOpenAudit?: () => void;
} = {}) {
  const history = useHistory();
  const { range, orders, report, searched } = history;
  const [exported, setExported] = useState<CsvExportResult | null>(null);
  const exporting = useTillAction();
  const [openOrder, setOpenOrder] = useState<string | null>(null);
  const usable = range !== null && history.rangeProblem === null;

  const exportCsv = async () => {
    if (!range || !usable) return;
    setExported(null);
    const result = await exporting.run('export', () => callPos('exportCsv', range));
    if (result?.ok) setExported(result.value);
  };

  return (
    <Stack gap="md" maw={1200} mx="auto" data-testid="history">
      <Group justify="space-between" align="end">
        <Title order={1} size="h2">
          History
        </Title>
        <Group align="end" gap="sm">
          {onOpenAudit ? (
            <Button size="md" variant="light" onClick={onOpenAudit} data-testid="open-audit">
              Audit trail
            </Button>
          ) : null}
          <DateRangeInputs range={range} onChange={history.chooseRange} testIdPrefix="history" />
          <Button
            size="md"
            onClick={() => void exportCsv()}
            loading={exporting.pending !== null}
            disabled={!usable}
            data-testid="export-csv"
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      {history.rangeProblem ? (
        <Alert color="orange" variant="light" data-testid="range-problem">
          {history.rangeProblem}
        </Alert>
      ) : null}
      {exported ? (
        <Alert color="green" variant="light" data-testid="export-result">
          {exported.saved
            ? `Saved ${exported.fileName ?? 'the file'} (${exported.rows ?? 0} orders).`
            : 'Export cancelled: nothing was saved.'}
        </Alert>
      ) : null}
      {exporting.failure ? <FailureAlert failure={exporting.failure} /> : null}
      {history.failure ? <FailureAlert failure={history.failure} onRetry={history.reload} /> : null}

      <Paper p="md" radius="lg" withBorder data-testid="report">
        <Stack gap="sm">
          <Title order={2} size="h3" data-testid="report-title">
            {range && range.fromDate !== range.toDate ? 'Report' : 'End of day'}
            {range ? ` — ${rangeWords(range)}` : ''}
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
            <OrderSearch
              searching={searched !== null}
              onSearch={history.search}
              onShowDay={history.showRange}
            />
          </Group>
          {searched === null ? (
            <HistoryFilters
              filter={history.filter}
              onChange={history.chooseFilter}
              cashiers={history.cashiers}
              report={report}
            />
          ) : null}
          {history.cut ? (
            <Alert color="yellow" variant="light" data-testid="history-cut">
              Showing the newest {history.cut.limit} orders only. Narrow the dates or choose a
              filter to see the others; the report above counts them all.
            </Alert>
          ) : null}
          {orders === null ? (
            <Text c="dimmed">Loading…</Text>
          ) : (
            <OrderTable
              orders={orders}
              timeZone={report?.period.timeZone}
              onOrderChanged={history.reload}
              onOpen={setOpenOrder}
              withDay={searched !== null || (range !== null && range.fromDate !== range.toDate)}
            />
          )}
        </Stack>
      </Paper>
      <OrderDetailView
        orderId={openOrder}
        onClose={() => setOpenOrder(null)}
        onChanged={history.reload}
      />
    </Stack>
  );
}
