import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { CallFailure } from '../../../../shared/ipc/contract-kit';
import type { ReactNode } from 'react';
import { FailureAlert } from '../../errors/failure-alert';

/**
 * What the sale will ask for (`summary`) and the two ways to pay: Show QR, and Tap to pay
 * when the NFC reader is usable (else why not).
 */
export function PaymentPanel({
  summary,
  failure,
  canShowQr,
  canTap,
  pending,
  nfcProblem,
  onShowQr,
  onTap,
}: {
  /** What the sale will ask for: the asset amount and fee, or the price in money converted. */
  summary: ReactNode;
  failure: CallFailure | null;
  canShowQr: boolean;
  canTap: boolean;
  /** The way to pay being started ('qr' or 'nfc'), if any. */
  pending: string | null;
  /** Why the NFC reader cannot take a tap now, or null when it can. */
  nfcProblem: string | null;
  onShowQr: () => void;
  onTap: () => void;
}) {
  return (
    <Paper p="md" radius="lg" withBorder shadow="xs">
      <Stack gap="sm">
        {summary}
        {failure ? <FailureAlert failure={failure} /> : null}
        <Group grow gap="sm">
          <Button
            size="xl"
            h={72}
            data-testid="show-qr"
            disabled={!canShowQr}
            loading={pending === 'qr'}
            onClick={onShowQr}
          >
            Show QR
          </Button>
          <Button
            size="xl"
            h={72}
            variant="outline"
            data-testid="tap-to-pay"
            disabled={!canTap}
            loading={pending === 'nfc'}
            title={nfcProblem ?? undefined}
            onClick={onTap}
          >
            Tap to pay
          </Button>
        </Group>
        {nfcProblem ? (
          <Text size="sm" c="dimmed" data-testid="tap-to-pay-reason">
            Tap to pay needs the NFC reader: {nfcProblem.toLowerCase()}.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            NFC sales carry no fee.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
