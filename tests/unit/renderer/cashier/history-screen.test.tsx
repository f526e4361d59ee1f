// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../../shared/history/order-detail';
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

  it('asks main for the range picked and the filter chosen, and says when the list was cut', async () => {
    renderWithTheme(<HistoryScreen />);
    await waitFor(() => expect(shownReferences()).toEqual(['DAY-001', 'DAY-002']));
    pos.handle('listOrders', () => ({ orders: [order('DAY-009')], truncated: true, limit: 1 }));
    fireEvent.change(screen.getByTestId('history-from'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(shownReferences()).toEqual(['DAY-009']));
    expect(pos.callsOf('listOrders').at(-1)).toEqual({
      fromDate: '2026-11-20',
      toDate: DAY,
      filter: {},
    });
    expect(pos.callsOf('report').at(-1)).toEqual({ fromDate: '2026-11-20', toDate: DAY });
    expect(screen.getByTestId('history-cut').textContent).toContain('newest 1 orders');

    // A first day after the last: said in words, and nothing is asked.
    const asked = pos.callsOf('listOrders').length;
    fireEvent.change(screen.getByTestId('history-from'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(screen.getByTestId('range-problem').textContent).toMatch(/swap/));
    expect(pos.callsOf('listOrders')).toHaveLength(asked);
    expect((screen.getByTestId('export-csv') as HTMLButtonElement).disabled).toBe(true);
  });

  it("opens an order's detail from its row, naming who acted at each event", async () => {
    const detail: OrderDetail = {
      summary: { ...order('DAY-001'), state: 'voided' },
      timeZone: 'UTC',
      serialNumber: 'POS-1',
      shiftId: 3,
      attempts: 1,
      replaces: null,
      pricing: null,
      rateDifferencePercent: null,
      link: null,
      voiding: 'not-paid',
      events: [
        {
          atMs: Date.UTC(2026, 10, 22, 9, 0, 0),
          fromState: 'paid-confirmed-by-cashier',
          toState: 'voided',
          reasonKind: 'cashier',
          actor: { kind: 'staff', staffId: 'm', name: 'Mia' },
          requestedBy: { staffId: 'c', name: 'Cas' },
          action: 'void-paid',
          note: 'Refunded in cash',
          message: null,
          serviceMessage: null,
          serviceCode: null,
          httpStatus: null,
        },
      ],
    };
    pos.handle('orderDetail', () => detail);
    renderWithTheme(<HistoryScreen />);
    await waitFor(() => expect(shownReferences()).toEqual(['DAY-001', 'DAY-002']));
    fireEvent.click(screen.getAllByTestId('order-details')[0]!);
    await waitFor(() => expect(screen.getByTestId('order-detail')).toBeTruthy());
    expect(pos.callsOf('orderDetail')).toEqual([{ orderId: 'order-DAY-001' }]);
    const event = screen.getByTestId('order-event');
    expect(event.textContent).toContain('Paid (cashier) → Voided');
    expect(event.textContent).toContain('Mia');
    expect(event.textContent).toContain('Refunded in cash');
    expect(event.textContent).toContain('Asked by Cas');
    expect(screen.queryByTestId('void-payment')).toBeNull();
    expect(screen.getByTestId('detail-cashier').textContent).toContain('shift 3');
  });
});
