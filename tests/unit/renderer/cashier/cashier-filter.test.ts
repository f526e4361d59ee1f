import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../../../shared/ipc/views';
import {
  cashierChoices,
  ordersOfCashier,
} from '../../../../renderer/cashier/history/cashier-filter';

const order = (cashierId: string | null, cashierName: string | null): OrderSummary =>
  ({ orderId: `${cashierId}-${Math.random()}`, cashierId, cashierName }) as OrderSummary;

describe('history: filter by cashier', () => {
  it('offers nothing while no order names a cashier (staff PINs off)', () => {
    expect(cashierChoices([order(null, null), order(null, null)])).toEqual([]);
  });

  it('offers all, each named cashier by name, and the unknown ones', () => {
    const orders = [order('b', 'Bo'), order(null, null), order('a', 'Ana'), order('b', 'Bo')];
    expect(cashierChoices(orders)).toEqual([
      { value: 'all', label: 'All cashiers' },
      { value: 'a', label: 'Ana' },
      { value: 'b', label: 'Bo' },
      { value: 'unknown', label: 'Unknown cashier' },
    ]);
    expect(ordersOfCashier(orders, 'b').map((o) => o.cashierName)).toEqual(['Bo', 'Bo']);
    expect(ordersOfCashier(orders, 'unknown').map((o) => o.cashierId)).toEqual([null]);
    expect(ordersOfCashier(orders, 'all')).toHaveLength(4);
  });
});
