import { describe, expect, it } from 'vitest';
import {
  matchesFilter,
  orderOutcomes,
  outcomeOfState,
  statesOfOutcome,
  type FilteredOrder,
} from '../../../shared/history/order-filter';
import { daysInRange } from '../../../shared/calendar-date';
import { paidStates, saleStates, terminalStates } from '../../../shared/sale/sale-states';

const order = (fields: Partial<FilteredOrder> = {}): FilteredOrder => ({
  cashierId: 'staff-a',
  state: 'paid-confirmed-by-cashier',
  chainId: '1',
  asset: 'USDT',
  kind: 'qr',
  ...fields,
});

describe("the history's filter", () => {
  it('puts every state in exactly one outcome the filter offers', () => {
    for (const state of saleStates) {
      const holding = orderOutcomes.filter((outcome) => statesOfOutcome[outcome].includes(state));
      expect(holding, state).toHaveLength(1);
      expect(outcomeOfState(state)).toBe(holding[0]);
    }
  });

  it('calls paid only the paid states, and "not finished" only states that are not final', () => {
    for (const state of [...statesOfOutcome.paid, ...statesOfOutcome['paid-late']])
      expect(paidStates.has(state), state).toBe(true);
    for (const state of statesOfOutcome.unfinished) {
      // outcome-unknown, failed and retry-refused wait for the cashier: open, not terminal.
      expect(terminalStates.has(state), state).toBe(false);
    }
  });

  it('keeps an order only when every part of the filter matches', () => {
    expect(matchesFilter(order(), {})).toBe(true);
    expect(matchesFilter(order(), { cashierId: 'staff-a', outcome: 'paid', way: 'qr' })).toBe(true);
    expect(matchesFilter(order(), { cashierId: 'staff-b' })).toBe(false);
    expect(matchesFilter(order({ cashierId: null }), { cashierId: null })).toBe(true);
    expect(matchesFilter(order(), { cashierId: null })).toBe(false);
    expect(matchesFilter(order({ state: 'voided' }), { outcome: 'voided' })).toBe(true);
    expect(matchesFilter(order({ state: 'voided' }), { outcome: 'paid' })).toBe(false);
    expect(matchesFilter(order({ state: 'outcome-unknown' }), { outcome: 'unfinished' })).toBe(
      true,
    );
    expect(matchesFilter(order(), { asset: { chainId: '1', asset: 'USDT' } })).toBe(true);
    expect(matchesFilter(order(), { asset: { chainId: '137', asset: 'USDT' } })).toBe(false);
    expect(
      matchesFilter(order({ chainId: null, asset: null, kind: 'nfc' }), {
        asset: { chainId: null, asset: null },
        way: 'nfc',
      }),
    ).toBe(true);
    expect(matchesFilter(order(), { way: 'nfc' })).toBe(false);
  });

  it('counts the days of a range, both ends included, across months and leap years', () => {
    expect(daysInRange('2026-11-22', '2026-11-22')).toBe(1);
    expect(daysInRange('2026-11-22', '2026-11-23')).toBe(2);
    expect(daysInRange('2024-02-28', '2024-03-01')).toBe(3);
    expect(daysInRange('2025-11-23', '2026-11-22')).toBe(365);
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysInRange('2026-11-23', '2026-11-22')).toBe(0);
  });
});
