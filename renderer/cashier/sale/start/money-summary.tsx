import { Group, Stack, Text } from '@mantine/core';
import { addAmounts } from '../../../../shared/money';
import type { PriceQuote } from '../../../../shared/pricing/price-quote';
import { formatMoney } from '../../../../shared/pricing/shop-currency';
import type { PriceSource } from '../../../../shared/settings';

export const sourceWords: Record<PriceSource, string> = {
  peg: 'fixed price set by IT',
  manual: 'price typed by a manager',
  provider: 'rate provider',
  'last-link': "the service's rate on this till's last link",
};

/** More than 1 % added by rounding up to the asset's decimals: the cashier is told. */
const ROUNDING_WARNING_PERCENT = 1;

function roundsUpMuch(percent: string): boolean {
  return Number(percent) > ROUNDING_WARNING_PERCENT;
}

/** "12 s old", "3 min old": how old the rate was when main quoted it. */
function age(seconds: number): string {
  if (seconds < 90) return `${seconds} s old`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min old`;
  return `${Math.round(seconds / 3600)} h old`;
}

/**
 * A price in money as the sale will ask for it: the asset amount (fee included) the QR asks
 * for, the fee in money, and the rate with its source and time; or why this asset cannot be
 * priced now.
 */
export function MoneySummary({
  quote,
  asset,
}: {
  /** Null while the price is not complete or the answer is on its way. */
  quote: PriceQuote | null;
  asset: string | null;
}) {
  if (!quote || !asset) {
    return (
      <Text c="dimmed" data-testid="quote-line">
        {asset ? 'Type the price to see what the QR code asks for.' : 'Choose the asset.'}
      </Text>
    );
  }
  if (!quote.ok) {
    return (
      <Text c="red" role="alert" data-testid="quote-unavailable">
        {quote.reason}
      </Text>
    );
  }
  const { pricing } = quote;
  const total = addAmounts(quote.amount, quote.feeValue);
  return (
    <Stack gap={4} data-testid="quote-line">
      <Group justify="space-between">
        <Text c="dimmed">The QR code asks for</Text>
        <Text fw={800} size="lg" data-testid="quote-asset-amount">
          {total} {asset}
        </Text>
      </Group>
      {pricing.feeMoney !== '0' ? (
        <Text size="sm" c="dimmed" data-testid="quote-fee">
          Includes a fee of {formatMoney(pricing.feeMoney, pricing.currency)}
        </Text>
      ) : null}
      {roundsUpMuch(quote.roundingPercent) ? (
        <Text size="sm" c="orange.9" fw={700} role="status" data-testid="quote-rounding">
          {asset} is paid in whole steps: rounding up adds {quote.roundingPercent} % to what the
          customer pays.
        </Text>
      ) : null}
      <Text size="sm" c="dimmed" data-testid="quote-rate">
        {formatMoney(pricing.price, pricing.currency)} per {asset} · {sourceWords[pricing.source]} ·
        {age(quote.ageSeconds)}
      </Text>
    </Stack>
  );
}
