import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../../../shared/ipc/views';
import type { PeriodReport } from '../../../../shared/reports/report-types';
import {
  assetChoices,
  cashierChoices,
  selectValues,
  withCashiersOf,
  withChoice,
} from '../../../../renderer/cashier/history/filter-choices';
import { rangeProblem } from '../../../../renderer/cashier/history/date-range';

const order = (cashierId: string | null, cashierName: string | null): OrderSummary =>
  ({ orderId: `${cashierId}-${Math.random()}`, cashierId, cashierName }) as OrderSummary;

describe('history: the filter choices', () => {
  it('offers no cashier while no order names one (staff PINs off)', () => {
    expect(cashierChoices(withCashiersOf(new Map(), [order(null, null)]))).toEqual([]);
  });

  it('offers all, each cashier named so far by name, and the unknown ones', () => {
    const first = withCashiersOf(new Map(), [order('b', 'Bo'), order(null, null)]);
    // A filtered list names fewer: those named before stay offered.
    const known = withCashiersOf(first, [order('a', 'Ana')]);
    expect(withCashiersOf(known, [order('a', 'Ana')])).toBe(known);
    expect(cashierChoices(known)).toEqual([
      { value: 'all', label: 'All cashiers' },
      { value: 'a', label: 'Ana' },
      { value: 'b', label: 'Bo' },
      { value: 'unknown', label: 'Unknown cashier' },
    ]);
  });

  it('turns each choice into the filter main applies, and back', () => {
    let filter = withChoice({}, 'cashier', 'unknown');
    expect(filter).toEqual({ cashierId: null });
    filter = withChoice(filter, 'outcome', 'voided');
    filter = withChoice(filter, 'asset', JSON.stringify(['1', 'USDT']));
    filter = withChoice(filter, 'way', 'nfc');
    expect(filter).toEqual({
      cashierId: null,
      outcome: 'voided',
      asset: { chainId: '1', asset: 'USDT' },
      way: 'nfc',
    });
    expect(selectValues(filter)).toEqual({
      cashier: 'unknown',
      outcome: 'voided',
      asset: JSON.stringify(['1', 'USDT']),
      way: 'nfc',
    });
    for (const part of ['cashier', 'outcome', 'asset', 'way'] as const)
      filter = withChoice(filter, part, 'all');
    expect(filter).toEqual({});
  });

  it("offers the range report's assets, and keeps offering the one chosen", () => {
    const report = {
      byChainAsset: [{ chainId: '1', chainName: 'ETHEREUM', asset: 'USDT' }],
    } as PeriodReport;
    expect(assetChoices(report, undefined).map((choice) => choice.label)).toEqual([
      'All assets',
      'USDT on ETHEREUM',
    ]);
    expect(
      assetChoices(report, { chainId: '137', asset: 'USDC' }).map((choice) => choice.label),
    ).toEqual(['All assets', 'USDT on ETHEREUM', 'USDC']);
  });

  it('says in words why a range cannot be shown', () => {
    expect(rangeProblem({ fromDate: '2026-11-22', toDate: '2026-11-23' })).toBeNull();
    expect(rangeProblem({ fromDate: '2026-11-23', toDate: '2026-11-22' })).toMatch(/swap/);
    expect(rangeProblem({ fromDate: '2024-01-01', toDate: '2024-12-31' })).toBeNull();
    expect(rangeProblem({ fromDate: '2025-01-01', toDate: '2026-01-02' })).toMatch(/366 days/);
    expect(rangeProblem({ fromDate: '', toDate: '2026-11-22' })).toMatch(/both dates/);
  });
});
