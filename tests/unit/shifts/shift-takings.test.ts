import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../electron/journal/order-record';
import { shiftReport } from '../../../electron/shifts/shift-report';
import { takingsOf } from '../../../electron/shifts/shift-takings';
import { shiftReportSections } from '../../../shared/shifts/shift-report-sections';
import { euroPricing } from '../../support/pricing-fixtures';
import { recordOf } from './shift-orders-arbitrary';

/** One order of USDT on ETHEREUM (or ETH), priced in `currency` unless null. */
function order(
  n: number,
  state: OrderRecord['state'],
  amount: string,
  money: { currency: string; amount: string; fee: string } | null,
  asset = 'USDT',
): OrderRecord {
  return {
    ...recordOf(
      {
        kind: state === 'accepted-by-service' ? 'nfc' : 'qr',
        state,
        amount,
        fee: '0.1',
        where: { chainId: '1', chainName: 'ETHEREUM', asset },
        cashierId: null,
        pricing: null,
      },
      n,
    ),
    pricing: money
      ? euroPricing({ currency: money.currency, moneyAmount: money.amount, feeMoney: money.fee })
      : null,
  };
}

describe('takingsOf: the money of a window by when it moved', () => {
  it('nets what was received against what was voided, per currency and per asset, exactly', () => {
    const received = [
      order(1, 'paid-confirmed-by-cashier', '10', { currency: 'EUR', amount: '10', fee: '0.3' }),
      order(2, 'accepted-by-service', '0.000000000000000001', {
        currency: 'KWD',
        amount: '1.234',
        fee: '0',
      }),
      order(3, 'paid-after-all', '5', null),
    ];
    const voided = [
      order(4, 'voided', '25', { currency: 'EUR', amount: '25', fee: '0.3' }),
      order(5, 'voided', '1', { currency: 'JPY', amount: '150', fee: '0' }, 'ETH'),
    ];
    const takings = takingsOf(received, voided);
    expect(takings.net.byCurrency).toEqual([
      { currency: 'EUR', amount: '-15', fee: '0', total: '-15' },
      { currency: 'JPY', amount: '-150', fee: '0', total: '-150' },
      { currency: 'KWD', amount: '1.234', fee: '0', total: '1.234' },
    ]);
    expect(takings.net.byAsset).toEqual([
      { chainId: '1', chainName: 'ETHEREUM', asset: 'ETH', amount: '-1', fee: '-0.1' },
      {
        chainId: '1',
        chainName: 'ETHEREUM',
        asset: 'USDT',
        amount: '-9.999999999999999999',
        fee: '0.2',
      },
    ]);
    expect(takings.received.count).toBe(3);
    expect(takings.voided.count).toBe(2);
    expect(takings.received.withoutCurrency).toBe(1);
    // The service vouched for the tap; the cashier for the QR sale and the late payment.
    expect(takings.byConfirmation.service.byCurrency.map((row) => row.currency)).toEqual(['KWD']);
    expect(takings.byConfirmation.cashier.count).toBe(2);
  });

  it('is all zeros and empty lists when nothing moved', () => {
    const takings = takingsOf([], []);
    expect(takings.net).toEqual({ byAsset: [], byCurrency: [] });
    expect(takings.received.count + takings.voided.count).toBe(0);
  });

  it('shows money going out with a minus sign on the report, the net first', () => {
    const takings = takingsOf(
      [order(1, 'paid-confirmed-by-cashier', '10', { currency: 'EUR', amount: '10', fee: '0' })],
      [order(2, 'voided', '30', { currency: 'EUR', amount: '30', fee: '0' })],
    );
    const report = shiftReport({
      shift: {
        shiftId: 2,
        serialNumber: 'POS-0001',
        openedAtMs: 1_000,
        openedBy: null,
        closedAtMs: 9_000,
        closedBy: null,
        openedAfterEventId: 0,
        reopensShiftId: null,
        reopenedBy: null,
      },
      orders: [],
      earlierOrdersPaid: [],
      takings,
      throughEventId: 9,
      names: new Map(),
    });
    const sections = shiftReportSections({ zNumber: 2, madeAtMs: 0, report }, { timeZone: 'UTC' });
    const rows = sections.find((section) => section.id === 'takings')!.rows;
    expect(rows[0]).toEqual({ label: 'In EUR: net taken', value: '−€20.00', bold: true });
    expect(rows.map((row) => row.label)).toContain('USDT on ETHEREUM: net taken');
    expect(rows.find((row) => row.label === 'USDT on ETHEREUM: net taken')!.value).toBe(
      '−20.00 USDT',
    );
  });
});
