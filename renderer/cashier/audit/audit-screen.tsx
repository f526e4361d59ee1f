import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { CsvExportResult } from '../../../shared/ipc/views';
import { FailureAlert } from '../errors/failure-alert';
import { DateRangeInputs } from '../history/date-range-inputs';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';
import { AuditChainAlert } from './audit-chain-alert';
import { AuditTable } from './audit-table';
import { useAudit } from './use-audit';

const ALL = 'all';
const entries = (count: number) => (count === 1 ? '1 entry' : `${count} entries`);

/**
 * Who did what at this till: each act with who did it (and which manager approved it), what
 * it was on, the values before and after, why and how it ended. Days, a kind of act and a
 * person narrow the list; "Export CSV" saves the same rows. Says so when the trail was changed
 * outside the till.
 */
export function AuditScreen() {
  const audit = useAudit();
  const { range, filter, list } = audit;
  const [exported, setExported] = useState<CsvExportResult | null>(null);
  const exporting = useTillAction();

  const exportCsv = async () => {
    const query = audit.query;
    if (!query) return;
    setExported(null);
    const result = await exporting.run('export', () => callPos('exportAuditCsv', query));
    if (result?.ok) setExported(result.value);
  };

  const kindChoices = [
    { value: ALL, label: 'Everything' },
    ...(list?.kinds ?? []).map(({ kind, label }) => ({ value: kind, label })),
  ];
  const personChoices = [
    { value: ALL, label: 'Everyone' },
    ...(list?.people ?? []).map((person) => ({
      value: person.staffId,
      label: person.name ?? person.staffId,
    })),
  ];

  return (
    <Stack gap="md" maw={1200} mx="auto" data-testid="audit">
      <Group justify="space-between" align="end">
        <Title order={1} size="h2">
          Audit trail
        </Title>
        <Group align="end" gap="sm">
          <DateRangeInputs range={range} onChange={audit.chooseRange} testIdPrefix="audit" />
          <Button
            size="md"
            onClick={() => void exportCsv()}
            loading={exporting.pending !== null}
            disabled={audit.query === null}
            data-testid="audit-export"
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      {list ? <AuditChainAlert status={list.chain} /> : null}
      {audit.rangeProblem ? (
        <Alert color="orange" variant="light" data-testid="audit-range-problem">
          {audit.rangeProblem}
        </Alert>
      ) : null}
      {exported ? (
        <Alert color="green" variant="light" data-testid="audit-export-result">
          {exported.saved
            ? `Saved ${exported.fileName ?? 'the file'} (${entries(exported.rows ?? 0)}).`
            : 'Export cancelled: nothing was saved.'}
        </Alert>
      ) : null}
      {exporting.failure ? <FailureAlert failure={exporting.failure} /> : null}
      {audit.failure ? <FailureAlert failure={audit.failure} onRetry={audit.reload} /> : null}

      <Paper p="md" radius="lg" withBorder>
        <Stack gap="sm">
          <Group gap="sm" align="end" data-testid="audit-filters">
            <Select
              label="Kind of act"
              data={kindChoices}
              value={filter.kind ?? ALL}
              allowDeselect={false}
              onChange={(next) =>
                audit.chooseFilter({
                  ...filter,
                  kind: next === null || next === ALL ? null : (next as typeof filter.kind),
                })
              }
              data-testid="audit-filter-kind"
              w={240}
              size="md"
            />
            <Select
              label="Person"
              data={personChoices}
              value={filter.staffId ?? ALL}
              allowDeselect={false}
              onChange={(next) =>
                audit.chooseFilter({
                  ...filter,
                  staffId: next === null || next === ALL ? null : next,
                })
              }
              data-testid="audit-filter-person"
              w={220}
              size="md"
            />
          </Group>
          {list?.truncated ? (
            <Alert color="yellow" variant="light" data-testid="audit-cut">
              Only the newest {list.limit} entries are shown: narrow the dates or the filters. The
              CSV export holds them all.
            </Alert>
          ) : null}
          {list === null ? (
            <Text c="dimmed">Loading…</Text>
          ) : (
            <AuditTable rows={list.rows} timeZone={list.timeZone} />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
