import { Text } from '@mantine/core';
import { addAmounts } from '../../../../shared/money';
import type { OrderPricing } from '../../../../shared/pricing/pricing-types';
import { formatMoney } from '../../../../shared/pricing/shop-currency';

/**
 * A sale priced in the shop's currency, as the cashier checks it against the wallet: the
 * money total with the fee, and the price the asset amount was worked out at.
 */
export function PricingLine({ pricing, asset }: { pricing: OrderPricing; asset: string | null }) {
  const total = formatMoney(addAmounts(pricing.moneyAmount, pricing.feeMoney), pricing.currency);
  const fee =
    pricing.feeMoney !== '0' ? ` incl. ${formatMoney(pricing.feeMoney, pricing.currency)} fee` : '';
  return (
    <Text size="lg" data-testid="sale-money">
      {total}
      {fee} · {formatMoney(pricing.price, pricing.currency)} per {asset ?? 'unit'}
    </Text>
  );
}

/** The service's rate and the till's differ beyond IT's tolerance: both figures, in words. */
export function RateDifference({
  pricing,
  serviceRateUsd,
  differencePercent,
  asset,
}: {
  pricing: OrderPricing;
  serviceRateUsd: string;
  differencePercent: string;
  asset: string | null;
}) {
  return (
    <Text data-testid="rate-difference">
      The payment service prices {asset ?? 'the asset'} at {formatMoney(serviceRateUsd, 'USD')}; the
      till priced it at {formatMoney(pricing.usdPrice, 'USD')} ({differencePercent} % apart).
    </Text>
  );
}
