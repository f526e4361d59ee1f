import { Alert, Button, Stack, Text } from '@mantine/core';
import type { AuditChainStatus } from '../../../shared/audit/audit-views';

/** The audit trail found changed outside the till, in a manager's words; nothing when intact. */
export function AuditChainAlert({
  status,
  onOpen,
}: {
  status: AuditChainStatus;
  /** Shown as a button to the audit view, where the alert is not already. */
  onOpen?: () => void;
}) {
  if (status.intact) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title="The audit trail was changed outside the till"
      data-testid="audit-chain-broken"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="md">
          Someone edited the till&apos;s data file by hand: {status.summary}. The till keeps
          recording. Tell the owner or IT today, and keep the till&apos;s data folder as it is.
        </Text>
        {onOpen ? (
          <Button size="md" color="red" onClick={onOpen} data-testid="audit-chain-open">
            Open the audit trail
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
