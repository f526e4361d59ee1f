// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../../../shared/ipc/views';
import type { PeriodReport } from '../../../../shared/reports/report-types';
import { HistoryScreen } from '../../../../renderer/cashier/history/history-screen';
import { installFakePos, renderWithTheme, type FakePos } from './fake-pos';

const DAY = '2026-11-22';

function order(reference: string): OrderSummary {
  return {
    orderId: `order-${reference}`,
    reference,
    kind: 'qr',
    state: 'awaiting-payment',
    amount: '12.5',
    fee: '0',
    asset: 'USDT',
    chainName: 'ETHEREUM',
    currency: 'USD',
    money: null,
    createdAtMs: Date.UTC(2026, 10, 22, 9, 0, 0),
    updatedAtMs: Date.UTC(2026, 10, 22, 9, 0, 0),
    lastFailure: null,
    mayBePaidLate: false,
    cashierId: null,
    cashierName: null,
  };
}

const emptyReport: PeriodReport = {
  period: { fromMs: 0, toMs: 1, fromDate: DAY, toDate: DAY, timeZone: 'UTC' },
  orderCount: 0,
  money: [],
  takenWithoutMoney: 0,
  byChainAsset: [],
  byState: [],
  byChainAssetState: [],
  voidedPayments: [],
};

const listOf = (orders: OrderSummary[]) => ({ orders, truncated: false, limit: 1000 });

/** An answer the test hands over when it chooses. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const shownReferences = () =>
  screen.queryAllByTestId('order-row').map((row) => row.getAttribute('data-reference'));

async function search(text: string) {
  fireEvent.change(screen.getByTestId('history-search'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('history-search-button'));
}

let pos: FakePos;
beforeEach(() => {
  pos = installFakePos();
  pos.handle('todayDate', () => DAY);
  pos.handle('listOrders', () => listOf([order('DAY-001'), order('DAY-002')]));
  pos.handle('report', () => emptyReport);
});
afterEach(() => cleanup());

describe('HistoryScreen', () => {
  it('shows only the latest search’s answer when an older one arrives last', async () => {
    const answers = new Map<string, ReturnType<typeof deferred<OrderSummary[]>>>();
    pos.handle('searchOrders', (args) => {
      const answer = deferred<OrderSummary[]>();
      answers.set((args as { query: string }).query, answer);
      return answer.promise;
    });
    renderWithTheme(<HistoryScreen />);
    await waitFor(() => expect(shownReferences()).toEqual(['DAY-001', 'DAY-002']));

    await search('K7M');
    await search('Q4X');
    expect(pos.callsOf('searchOrders')).toEqual([{ query: 'K7M' }, { query: 'Q4X' }]);
    await act(async () => answers.get('Q4X')!.resolve([order('Q4X-123')]));
    await act(async () => answers.get('K7M')!.resolve([order('K7M-456')]));

    expect(shownReferences()).toEqual(['Q4X-123']);
    expect(screen.getByText('Orders matching “Q4X”')).toBeTruthy();
  });

  it('keeps a search’s matches when a reload of the day, asked before it, answers after it', async () => {
    renderWithTheme(<HistoryScreen />);
    await waitFor(() => expect(shownReferences()).toEqual(['DAY-001', 'DAY-002']));
    const slowDay = deferred<ReturnType<typeof listOf>>();
    pos.handle('listOrders', () => slowDay.promise);
    pos.handle('searchOrders', () => [order('K7M-456')]);

    // A sale changed: the day is asked for again; the cashier searches before it answers.
    act(() => pos.emit('sale-changed', null));
    await waitFor(() => expect(pos.callsOf('listOrders')).toHaveLength(2));
    await search('K7M');
    await waitFor(() => expect(shownReferences()).toEqual(['K7M-456']));
    await act(async () =>
      slowDay.resolve(listOf([order('DAY-001'), order('DAY-002'), order('DAY-003')])),
    );

    expect(shownReferences()).toEqual(['K7M-456']);
    expect(screen.getByText('Orders matching “K7M”')).toBeTruthy();
  });

  it('goes back to the range’s orders, asked again, with “Show all orders”', async () => {
    pos.handle('searchOrders', () => [order('K7M-456')]);
    renderWithTheme(<HistoryScreen />);
    await waitFor(() => expect(shownReferences()).toEqual(['DAY-001', 'DAY-002']));
    await search('K7M');
    await waitFor(() => expect(shownReferences()).toEqual(['K7M-456']));
    pos.handle('listOrders', () => listOf([order('DAY-001'), order('DAY-002'), order('DAY-003')]));

    fireEvent.click(screen.getByText('Show all orders'));

    await waitFor(() => expect(shownReferences()).toEqual(['DAY-001', 'DAY-002', 'DAY-003']));
    expect(screen.getByText('Orders')).toBeTruthy();
    expect((screen.getByTestId('history-search') as HTMLInputElement).value).toBe('');
  });
});
