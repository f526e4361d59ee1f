import { Alert, Group, Text } from '@mantine/core';
import type { SaleSnapshot } from '../../../../shared/sale/sale-snapshot';
import { amountWithAsset } from '../../../common/amount-format';
import { StatusIcon } from '../../../common/status-icon';
import { OrderFailureBox } from '../../errors/order-failure-box';
import { RateDifference } from './pricing-line';

/**
 * What became of the sale, in words: a link that asks another amount, expiry, payment,
 * cancel or void, and a failure with its next step.
 */
export function SaleOutcome({
  sale,
  requested,
  decimals,
}: {
  sale: SaleSnapshot;
  /** The requested amount with its asset, as the cashier typed it. */
  requested: string;
  decimals: number;
}) {
  const link = sale.link;
  return (
    <>
      {sale.state === 'amount-differs' && link && link.amountMatches ? (
        <Alert
          color="amber"
          variant="filled"
          title="The payment service's rate differs from the till's"
          data-testid="amount-differs"
        >
          The link asks for {amountWithAsset(link.linkAmount, sale.asset, decimals)} as requested,
          but at a rate beyond the tolerance IT set. The customer sees nothing yet: show the code
          anyway, or cancel.
        </Alert>
      ) : null}
      {sale.state === 'amount-differs' && link && !link.amountMatches ? (
        <Alert
          color="amber"
          variant="filled"
          title="The link asks for a different amount"
          data-testid="amount-differs"
        >
          You asked for {requested}
          {sale.fee !== '0'
            ? ` plus a fee of ${amountWithAsset(sale.fee, sale.asset, decimals)}`
            : ''}
          ; the payment service's link asks for{' '}
          {amountWithAsset(link.linkAmount, sale.asset, decimals)}. The customer sees nothing yet:
          accept this amount, or cancel.
        </Alert>
      ) : null}
      {sale.state === 'amount-differs' && link && sale.pricing && sale.rateDifferencePercent ? (
        <RateDifference
          pricing={sale.pricing}
          serviceRateUsd={link.rateUsd}
          differencePercent={sale.rateDifferencePercent}
          asset={sale.asset}
        />
      ) : null}

      {sale.state === 'expired' ? (
        <Text size="lg">
          The link for {requested} expired before it was paid. “New link” makes a fresh code for the
          same amount.
        </Text>
      ) : null}

      {sale.state === 'paid-confirmed-by-cashier' || sale.state === 'accepted-by-service' ? (
        <Group gap="md" c="green" data-testid="sale-paid">
          <StatusIcon kind="check" size={64} />
          <Text size="xl" fw={800} c="green">
            {requested}{' '}
            {sale.state === 'accepted-by-service'
              ? 'accepted by the payment service'
              : 'paid — confirmed by you'}
          </Text>
        </Group>
      ) : null}

      {sale.state === 'cancelled' || sale.state === 'voided' ? (
        <Text size="lg">
          {sale.state === 'cancelled'
            ? 'The sale was cancelled.'
            : 'The order was voided; it stays in the history as voided.'}
        </Text>
      ) : null}

      {sale.lastFailure && !sale.terminal ? <OrderFailureBox sale={sale} /> : null}
      {sale.state === 'refused' && sale.lastFailure ? <OrderFailureBox sale={sale} /> : null}
    </>
  );
}
