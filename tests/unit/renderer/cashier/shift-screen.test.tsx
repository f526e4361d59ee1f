// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shiftReport } from '../../../../electron/shifts/shift-report';
import { ShiftScreen } from '../../../../renderer/cashier/shifts/shift-screen';
import type { CallResult } from '../../../../shared/ipc/contract-kit';
import type {
  ShiftRow,
  ShiftView,
  ZReportSummary,
  ZReportView,
} from '../../../../shared/shifts/shift-views';
import { recordOf } from '../../shifts/shift-orders-arbitrary';
import { installFakePos, renderWithTheme, type FakePos } from './fake-pos';

const OPENED = Date.UTC(2026, 10, 26, 8, 0);
const CLOSED = Date.UTC(2026, 10, 26, 17, 30);
const mia = { staffId: 'staff-1', name: 'Mia' };

const openShift: ShiftView = {
  shiftId: 3,
  serialNumber: 'POS-0001',
  openedAtMs: OPENED,
  openedBy: mia,
  closedAtMs: null,
  closedBy: null,
  continues: null,
};
const row: ShiftRow = {
  shiftId: 3,
  serialNumber: 'POS-0001',
  openedAtMs: OPENED,
  openedBy: 'staff-1',
  closedAtMs: null,
  closedBy: null,
  openedAfterEventId: 0,
  reopensShiftId: null,
  reopenedBy: null,
};
const where = { chainId: '1', chainName: 'ETHEREUM', asset: 'USDT' };
const sale = (state: 'paid-confirmed-by-cashier' | 'awaiting-payment', n: number) =>
  recordOf(
    {
      kind: 'qr',
      state,
      amount: '12.5',
      fee: '0.5',
      where,
      cashierId: 'staff-1',
      pricing: null,
    },
    n,
  );
const names = new Map([['staff-1', 'Mia']]);
const orders = [sale('paid-confirmed-by-cashier', 1), sale('awaiting-payment', 2)];
const xReport = shiftReport({
  shift: row,
  orders,
  earlierOrdersPaid: [],
  throughEventId: 9,
  names,
});
const z: ZReportView = {
  zNumber: 4,
  shiftId: 3,
  madeAtMs: CLOSED,
  handedOut: null,
  report: shiftReport({
    shift: { ...row, closedAtMs: CLOSED, closedBy: 'staff-1' },
    orders,
    earlierOrdersPaid: [],
    throughEventId: 9,
    names,
  }),
};
const summary = {
  zNumber: 4,
  shiftId: 3,
  madeAtMs: CLOSED,
  serialNumber: 'POS-0001',
  openedAtMs: OPENED,
  closedAtMs: CLOSED,
  orderCount: 2,
  paidCount: 1,
  continuesShiftId: null,
  handedOut: null,
};

let pos: FakePos;
beforeEach(() => {
  pos = installFakePos();
  pos.handle('xReport', () => xReport);
});
afterEach(cleanup);

describe('the Shift screen', () => {
  it('lists the unfinished sales when the close is refused, closes once acknowledged, and shows the Z report', async () => {
    let zList: unknown[] = [];
    pos.handle('listZReports', () => zList);
    pos.handle('currentShift', () => openShift);
    const closes: boolean[] = [];
    pos.answer('closeShift', (args): CallResult<unknown> => {
      const { acknowledgeUnresolved } = args as { acknowledgeUnresolved: boolean };
      closes.push(acknowledgeUnresolved);
      if (!acknowledgeUnresolved)
        return { ok: false, error: { kind: 'unresolved', message: '1 sale is not finished.' } };
      zList = [summary];
      return { ok: true, value: z };
    });
    renderWithTheme(<ShiftScreen timeZone="UTC" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Shift');
    expect((await screen.findByTestId('shift-current-title')).textContent).toBe('Shift 3 is open');
    expect(screen.getByTestId('shift-current').textContent).toContain('26 Nov 2026, 08:00 by Mia');

    fireEvent.click(screen.getByTestId('shift-close'));
    fireEvent.click(screen.getByTestId('shift-close-yes'));
    const unresolved = await screen.findByTestId('shift-unresolved');
    expect(within(unresolved).getAllByTestId('shift-unresolved-row')).toHaveLength(1);
    expect(unresolved.textContent).toContain('R2');
    expect(unresolved.textContent).toContain('12.50 USDT');
    expect(screen.queryByTestId('error-message')).toBeNull();
    // One question at a time: the list replaces the "are you sure".
    expect(screen.queryByTestId('shift-close-confirm')).toBeNull();

    fireEvent.click(screen.getByTestId('shift-close-anyway'));
    const report = await screen.findByTestId('shift-report');
    expect(closes).toEqual([false, true]);
    expect(report.getAttribute('data-kind')).toBe('z');
    expect(report.textContent).toContain('Z report 4 — shift 3');
    const taken = within(report).getByTestId('report-section-taken');
    expect(taken.textContent).toContain('12.50 USDT');
    expect(within(report).getByTestId('report-section-unresolved').textContent).toContain('R2');
    await waitFor(() => expect(screen.getAllByTestId('z-report-row')).toHaveLength(1));
  });

  it('shows the X report marked as not a close, and offers reopening only for the last Z report with no shift open', async () => {
    pos.handle('currentShift', () => openShift);
    pos.handle('listZReports', () => [summary, { ...summary, zNumber: 3, shiftId: 2 }]);
    pos.handle('zReport', (args) => ({ ...z, zNumber: (args as { zNumber: number }).zNumber }));
    renderWithTheme(<ShiftScreen timeZone="UTC" />);
    fireEvent.click(await screen.findByTestId('shift-x-report'));
    const x = await screen.findByTestId('shift-report');
    expect(x.getAttribute('data-kind')).toBe('x');
    expect(screen.getByTestId('x-report-mark').textContent).toContain('X report — not a close');

    // A shift is open: no reopening, even of the last Z report.
    const views = await screen.findAllByTestId('z-report-view');
    fireEvent.click(views[0]!);
    await waitFor(() =>
      expect(screen.getByTestId('shift-report').getAttribute('data-z-number')).toBe('4'),
    );
    expect(screen.queryByTestId('shift-reopen')).toBeNull();
    expect(screen.getByTestId('z-report-csv')).toBeTruthy();

    act(() => pos.emit('shift-changed', null));
    expect(await screen.findByTestId('shift-reopen')).toBeTruthy();
    fireEvent.click(screen.getAllByTestId('z-report-view')[1]!);
    await waitFor(() =>
      expect(screen.getByTestId('shift-report').getAttribute('data-z-number')).toBe('3'),
    );
    expect(screen.queryByTestId('shift-reopen')).toBeNull();
  });

  it('calls a Z report final once it left the till, and then offers no reopening', async () => {
    pos.handle('currentShift', () => null);
    let list: ZReportSummary[] = [summary];
    pos.handle('listZReports', () => list);
    pos.handle('zReport', () => z);
    pos.handle('exportZReportCsv', () => {
      list = [{ ...summary, handedOut: { atMs: CLOSED + 60_000, how: 'csv' } }];
      return { saved: true, fileName: 'z-report-4.csv', rows: 1 };
    });
    renderWithTheme(<ShiftScreen timeZone="UTC" />);
    fireEvent.click((await screen.findAllByTestId('z-report-view'))[0]!);
    expect(await screen.findByTestId('shift-reopen')).toBeTruthy();
    expect(screen.getByTestId('z-report-state').textContent).toBe('Closed');
    expect(screen.getByTestId('z-report-final-words').textContent).toBe(
      'Until Z report 4 is printed or saved, a manager may still reopen shift 3.',
    );

    fireEvent.click(screen.getByTestId('z-report-csv'));
    await waitFor(() => expect(screen.queryByTestId('shift-reopen')).toBeNull());
    expect(screen.getByTestId('z-report-state').textContent).toBe('Final');
    expect(screen.getByTestId('z-report-final-words').textContent).toBe(
      'Z report 4 was saved as CSV: it is final. Record corrections in the next shift.',
    );
  });

  it("shows a report's print in one line of what happened and one action, by its outcome", async () => {
    pos.handle('currentShift', () => null);
    pos.handle('listZReports', () => [summary]);
    pos.handle('zReport', () => z);
    const answers = [
      {
        state: 'unknown',
        message:
          'Not known whether the Z report 4 printed: The printer at 10.0.0.40 hung up before confirming it printed.',
        action: 'Check the paper before you print again: a new print says COPY.',
      },
      {
        state: 'printed',
        message: 'The Z report 4 was printed on the default printer.',
        action: null,
      },
    ];
    pos.handle('printShiftReport', () => answers.shift());
    renderWithTheme(<ShiftScreen timeZone="UTC" />);
    fireEvent.click((await screen.findAllByTestId('z-report-view'))[0]!);
    fireEvent.click(await screen.findByTestId('shift-report-print'));
    const paper = await screen.findByTestId('shift-report-paper');
    expect(paper.getAttribute('data-state')).toBe('unknown');
    expect(paper.textContent).toBe(
      'Not known whether the Z report 4 printed: The printer at 10.0.0.40 hung up before confirming it printed.Check the paper before you print again: a new print says COPY.',
    );
    fireEvent.click(screen.getByTestId('shift-report-print'));
    await waitFor(() =>
      expect(screen.getByTestId('shift-report-paper').getAttribute('data-state')).toBe('printed'),
    );
    expect(screen.getByTestId('shift-report-paper').textContent).toBe(
      'The Z report 4 was printed on the default printer.',
    );
  });
});
