import { Select } from '@mantine/core';
import type { OrderSummary } from '../../../shared/ipc/views';

/** The filter value for orders nobody signed in for (before staff profiles, or PINs off). */
const UNKNOWN = 'unknown';
const ALL = 'all';

/** The cashiers the listed orders name, for the filter; none when no order names one. */
export function cashierChoices(
  orders: readonly OrderSummary[],
): { value: string; label: string }[] {
  const names = new Map<string, string>();
  let unknown = false;
  for (const order of orders) {
    if (order.cashierId === null) unknown = true;
    else names.set(order.cashierId, order.cashierName ?? 'Removed staff member');
  }
  if (names.size === 0) return [];
  return [
    { value: ALL, label: 'All cashiers' },
    ...[...names]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    ...(unknown ? [{ value: UNKNOWN, label: 'Unknown cashier' }] : []),
  ];
}

/** The orders of the chosen cashier (all for 'all'). */
export function ordersOfCashier(orders: OrderSummary[], choice: string): OrderSummary[] {
  if (choice === ALL) return orders;
  return orders.filter((order) => (order.cashierId ?? UNKNOWN) === choice);
}

/** "Cashier" over the order list, shown once orders name cashiers. */
export function CashierFilter({
  orders,
  value,
  onChange,
}: {
  orders: readonly OrderSummary[];
  value: string;
  onChange: (value: string) => void;
}) {
  const choices = cashierChoices(orders);
  if (choices.length === 0) return null;
  return (
    <Select
      label="Cashier"
      data={choices}
      value={choices.some((choice) => choice.value === value) ? value : ALL}
      allowDeselect={false}
      onChange={(next) => onChange(next ?? ALL)}
      data-testid="cashier-filter"
      w={220}
    />
  );
}
