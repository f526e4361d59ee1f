import { PricingLine } from './pricing-line';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { isUsableRate, usdValue } from '../../../../shared/money';
import type { SaleSnapshot } from '../../../../shared/sale/sale-snapshot';
import { amountWithAsset } from '../../../common/amount-format';
import { Countdown } from '../../../common/countdown';
import { usePosEvent } from '../../shell/use-pos';
import { CashierQr } from './cashier-qr';

type SaleLink = NonNullable<SaleSnapshot['link']>;

/**
 * The link as the customer gets it: the cashier's copy of the QR (only while the customer may
 * see it), the amount the link asks for, its USD value and the time left on main's clock.
 */
export function LinkPanel({
  sale,
  link,
  decimals,
}: {
  sale: SaleSnapshot;
  link: SaleLink;
  decimals: number;
}) {
  const tick = usePosEvent('clock-tick');
  const usd = isUsableRate(link.rateUsd) ? safeUsd(link.linkAmount, link.rateUsd) : null;
  return (
    <Group align="flex-start" gap="xl" wrap="nowrap">
      {sale.showQr ? <CashierQr link={link.qrUrl} /> : null}
      <Stack gap={6}>
        <Text c="dimmed">The link asks for</Text>
        <Text
          size="2.4rem"
          fw={800}
          lh={1.1}
          data-testid="link-amount"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {amountWithAsset(link.linkAmount, sale.asset, decimals)}
        </Text>
        {sale.pricing ? (
          <PricingLine pricing={sale.pricing} asset={sale.asset} />
        ) : usd ? (
          <Text size="lg" data-testid="usd-value">
            ≈ {usd} USD
          </Text>
        ) : null}
        {sale.expiry?.kind === 'known' ? (
          <Countdown
            expiresAtMs={sale.expiry.atMs}
            nowMs={tick?.nowMs ?? null}
            size="xl"
            label="Link expires in"
          />
        ) : sale.expiry?.kind === 'unknown' ? (
          <Alert
            color="gray"
            variant="light"
            title="Expiry unknown"
            data-testid="expiry-unknown"
            p="xs"
          >
            {sale.expiry.note} No countdown is shown.
          </Alert>
        ) : null}
        {sale.showQr ? (
          <Text size="sm" c="dimmed">
            The customer scans the large code on their display. When their wallet shows the payment
            done, check it against the list and hold “Customer paid”.
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

function safeUsd(amount: string, rate: string): string | null {
  try {
    return usdValue(amount, rate);
  } catch {
    return null;
  }
}
