import { Text } from '@mantine/core';
import type { OrderSummary } from '../../../shared/ipc/views';
import { addAmounts } from '../../../shared/money';
import { formatMoney } from '../../../shared/pricing/shop-currency';

/**
 * An order's price in the shop's currency (fee included) and the rate it was converted at;
 * an order typed in asset units, or made before prices in money, says it has none.
 */
export function MoneyCell({ order }: { order: OrderSummary }) {
  const money = order.money;
  if (!money) {
    return (
      <Text size="sm" c="dimmed" data-testid="order-money">
        no price in money
      </Text>
    );
  }
  return (
    <div data-testid="order-money">
      <Text fw={600}>{formatMoney(addAmounts(money.amount, money.fee), money.currency)}</Text>
      <Text size="xs" c="dimmed">
        at {formatMoney(money.price, money.currency)} per {order.asset ?? 'unit'}
      </Text>
    </div>
  );
}
