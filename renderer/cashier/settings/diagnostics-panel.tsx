import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { DiagnosticsExportResult } from '../../../shared/ipc/contract';
import { FailureAlert } from '../errors/failure-alert';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';

/**
 * "Export diagnostics": one file for IT when the till misbehaves. `needsApproval`: the person
 * may export only with a manager's PIN, asked in place.
 */
export function DiagnosticsPanel({ needsApproval = false }: { needsApproval?: boolean }) {
  const [exported, setExported] = useState<DiagnosticsExportResult | null>(null);
  const exporting = useTillAction();

  const exportDiagnostics = async () => {
    setExported(null);
    const result = await exporting.run('diagnostics', () => callPos('exportDiagnostics', {}));
    if (result?.ok) setExported(result.value);
  };

  return (
    <Paper p="md" radius="lg" withBorder h="100%" data-testid="diagnostics-panel">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Help from IT
        </Title>
        <Text size="sm" c="dimmed">
          Saves one file with the till’s recent logs and set-up for IT. It holds no API token and no
          payment token.
          {needsApproval ? ' A manager approves the export: their PIN is asked.' : ''}
        </Text>
        <Group>
          <Button
            size="md"
            variant="default"
            onClick={() => void exportDiagnostics()}
            loading={exporting.pending !== null}
            data-testid="export-diagnostics"
          >
            Export diagnostics…
          </Button>
        </Group>
        {exported ? (
          <Alert color="green" variant="light" data-testid="diagnostics-result">
            {exported.saved
              ? `Saved ${exported.fileName ?? 'the file'}. Send it to IT.`
              : 'Nothing was saved.'}
          </Alert>
        ) : null}
        {exporting.failure ? <FailureAlert failure={exporting.failure} /> : null}
      </Stack>
    </Paper>
  );
}
