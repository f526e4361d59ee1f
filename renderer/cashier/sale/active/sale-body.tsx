import { Group, Loader, Stack, Text } from '@mantine/core';
import type { SaleSnapshot } from '../../../../shared/sale/sale-snapshot';
import { amountWithAsset } from '../../../common/amount-format';
import { LinkPanel } from './link-panel';
import { SaleOutcome } from './sale-outcome';
import { TapPrompt } from './tap-prompt';

/**
 * What the sale's state shows between its heading and its buttons: the wait for the service,
 * the tap prompt, or the link with what became of it.
 */
export function SaleBody({ sale }: { sale: SaleSnapshot }) {
  const decimals = sale.assetDecimals ?? 2;
  const requested = amountWithAsset(sale.amount, sale.asset, decimals);

  if (sale.state === 'requesting' || sale.state === 'submitting') {
    return (
      <Group gap="md" py="lg">
        <Loader size="lg" />
        <Text size="lg">
          {sale.state === 'requesting'
            ? `Asking the payment service for a link for ${requested}…`
            : `Sending ${requested} to the payment service…`}
        </Text>
      </Group>
    );
  }

  if (sale.state === 'waiting-for-tap') return <TapPrompt requested={requested} />;

  const linkShown = sale.state === 'awaiting-payment' || sale.state === 'amount-differs';
  return (
    <Stack gap="md">
      {sale.link && linkShown ? (
        <LinkPanel sale={sale} link={sale.link} decimals={decimals} />
      ) : null}
      <SaleOutcome sale={sale} requested={requested} decimals={decimals} />
    </Stack>
  );
}
