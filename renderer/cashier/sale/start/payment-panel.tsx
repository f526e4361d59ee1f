import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { CallFailure } from '../../../../shared/ipc/contract-kit';
import type { AssetView } from '../../../../shared/ipc/views';
import { formatAmount } from '../../../../shared/money';
import { FailureAlert } from '../../errors/failure-alert';
import type { totalWithFee } from './amount-status';

/**
 * What the sale will ask for (fee, total, the currency the wallet shows prices in) and the
 * two ways to pay: Show QR, and Tap to pay when the NFC reader is usable (else why not).
 */
export function PaymentPanel({
  asset,
  fee,
  currency,
  total,
  failure,
  canShowQr,
  canTap,
  pending,
  nfcProblem,
  onShowQr,
  onTap,
}: {
  asset: AssetView | null;
  fee: string;
  currency: string;
  /** The amount plus the fee, once both are known. */
  total: ReturnType<typeof totalWithFee> | null;
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
        <Group justify="space-between" data-testid="fee-line">
          <Text c="dimmed">Fee added to QR sales</Text>
          <Text fw={600}>{asset ? `${safeFormat(fee, asset.decimals)} ${asset.asset}` : fee}</Text>
        </Group>
        {total && 'total' in total ? (
          <Group justify="space-between" data-testid="total-line">
            <Text c="dimmed">The QR code asks for</Text>
            <Text fw={800} size="lg">
              {total.total} {asset?.asset}
            </Text>
          </Group>
        ) : null}
        {total && 'problem' in total ? (
          <Text c="red.7" size="sm">
            {total.problem}
          </Text>
        ) : null}
        <Group justify="space-between" data-testid="currency-line">
          <Text c="dimmed">Customer's wallet shows prices in</Text>
          <Text fw={600}>{currency}</Text>
        </Group>
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
            Tap to pay (NFC)
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

function safeFormat(value: string, decimals: number): string {
  try {
    return formatAmount(value, decimals);
  } catch {
    return value;
  }
}
