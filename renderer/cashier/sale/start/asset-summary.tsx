import { Group, Text } from '@mantine/core';
import type { AssetView } from '../../../../shared/ipc/views';
import { formatAmount } from '../../../../shared/money';
import type { totalWithFee } from './amount-status';

/**
 * An amount typed in asset units: the fee added to QR sales, the total the QR asks for, and
 * the currency the customer's wallet shows prices in.
 */
export function AssetSummary({
  asset,
  fee,
  currency,
  total,
}: {
  asset: AssetView | null;
  fee: string;
  currency: string;
  /** The amount plus the fee, once both are known. */
  total: ReturnType<typeof totalWithFee> | null;
}) {
  return (
    <>
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
        <Text c="red" size="sm">
          {total.problem}
        </Text>
      ) : null}
      <Group justify="space-between" data-testid="currency-line">
        <Text c="dimmed">Customer's wallet shows prices in</Text>
        <Text fw={600}>{currency}</Text>
      </Group>
    </>
  );
}

function safeFormat(value: string, decimals: number): string {
  try {
    return formatAmount(value, decimals);
  } catch {
    return value;
  }
}
