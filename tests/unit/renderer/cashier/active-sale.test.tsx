// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaleSnapshot } from '../../../../shared/sale/sale-snapshot';
import { ActiveSale } from '../../../../renderer/cashier/sale/active/active-sale';
import { HOLD_MS } from '../../../../renderer/cashier/sale/active/hold-to-confirm';
import { saleSnapshot } from './cashier-fixtures';
import { installFakePos, renderWithTheme, type FakePos } from './fake-pos';

const base: SaleSnapshot = saleSnapshot({
  fee: '0.25',
  link: {
    qrUrl: 'http://127.0.0.1:1/app/qr-scan?order_id=x',
    linkAmount: '12.75',
    rateUsd: '0.998',
    amountMatches: true,
  },
  showQr: true,
  expiry: { kind: 'known', atMs: 1_000_000 },
  allowedActions: ['confirmPaidByCashier', 'cancel'],
});

let pos: FakePos;
beforeEach(() => {
  pos = installFakePos();
});
afterEach(() => cleanup());

describe('ActiveSale', () => {
  it('shows the link amount, USD value, cashier QR and the countdown from main’s tick', async () => {
    renderWithTheme(<ActiveSale sale={base} />);
    expect(screen.getByTestId('link-amount').textContent).toBe('12.75 USDT');
    expect(screen.getByTestId('usd-value').textContent).toContain('12.72');
    expect(await screen.findByTestId('cashier-qr')).toBeTruthy();
    expect(screen.getByTestId('countdown').textContent).toContain('--:--');
    act(() => pos.emit('clock-tick', { nowMs: 1_000_000 - 65_000 }));
    expect(screen.getByTestId('countdown').getAttribute('data-seconds')).toBe('65');
    expect(screen.getByTestId('countdown').textContent).toContain('01:05');
  });

  it('confirms only when "Customer paid" is held, once, beside the facts to check', () => {
    vi.useFakeTimers();
    try {
      renderWithTheme(<ActiveSale sale={base} />);
      expect(screen.queryByTestId('retry-same-order')).toBeNull();
      expect(screen.getByTestId('check-amount').textContent).toBe('12.75 USDT');
      expect(screen.getByTestId('check-network').textContent).toBe(base.chainName);
      expect(screen.getByTestId('check-order').textContent).toContain(base.reference);
      const paid = screen.getByTestId('customer-paid');
      // A click, or a press let go before the bar is full, records nothing.
      fireEvent.click(paid);
      fireEvent.pointerDown(paid, { button: 0 });
      act(() => vi.advanceTimersByTime(HOLD_MS - 1));
      fireEvent.pointerUp(paid);
      act(() => vi.advanceTimersByTime(HOLD_MS));
      expect(pos.callsOf('confirmPaidByCashier')).toHaveLength(0);
      expect(screen.getByTestId('customer-paid-hint').textContent).toContain('Keep holding');
      // Held to the end: one confirmation; a second hold while it is on its way sends nothing.
      fireEvent.pointerDown(paid, { button: 0 });
      act(() => vi.advanceTimersByTime(HOLD_MS));
      fireEvent.pointerUp(paid);
      fireEvent.pointerDown(paid, { button: 0 });
      act(() => vi.advanceTimersByTime(HOLD_MS));
      expect(pos.callsOf('confirmPaidByCashier')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never shows a raw state name', () => {
    renderWithTheme(<ActiveSale sale={base} />);
    expect(document.body.textContent).not.toContain('awaiting-payment');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Waiting for the customer to pay',
    );
  });

  it('warns on a new link that the replaced one may still be paid, only when it had one', () => {
    const replacesOrderId = '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    renderWithTheme(<ActiveSale sale={{ ...base, replacesOrderId }} />);
    expect(screen.queryByTestId('old-link-warning')).toBeNull();
    cleanup();
    renderWithTheme(
      <ActiveSale sale={{ ...base, replacesOrderId, replacedLinkMayBePaid: true }} />,
    );
    expect(screen.getByTestId('old-link-warning').textContent).toContain('may still be paid');
  });

  it('says expiry unknown with the note and no countdown', () => {
    renderWithTheme(
      <ActiveSale
        sale={{
          ...base,
          expiry: {
            kind: 'unknown',
            note: 'The expiry was in the past.',
            raw: '01/01/2020 00:00:00',
          },
        }}
      />,
    );
    expect(screen.getByTestId('expiry-unknown').textContent).toContain(
      'The expiry was in the past.',
    );
    expect(screen.queryByTestId('countdown')).toBeNull();
  });

  it('holds back the QR while the link asks another amount', () => {
    renderWithTheme(
      <ActiveSale
        sale={{
          ...base,
          state: 'amount-differs',
          showQr: false,
          link: { ...base.link!, linkAmount: '13.75', amountMatches: false },
          allowedActions: ['acceptLinkAmount', 'cancel'],
        }}
      />,
    );
    expect(screen.queryByTestId('cashier-qr')).toBeNull();
    expect(screen.getByTestId('amount-differs').textContent).toContain('13.75 USDT');
    expect(screen.getByTestId('accept-link-amount')).toBeTruthy();
  });

  it('outcome unknown: retry the same order or void, with the next step', () => {
    renderWithTheme(
      <ActiveSale
        sale={{
          ...base,
          state: 'outcome-unknown',
          showQr: false,
          link: null,
          expiry: null,
          allowedActions: ['retrySameOrder', 'voidOrder'],
          lastFailure: {
            kind: 'outcome-unknown',
            message: 'No answer came back.',
            serviceMessage: null,
            serviceCode: null,
            httpStatus: null,
          },
        }}
      />,
    );
    expect(screen.getByTestId('error-message').getAttribute('data-kind')).toBe('outcome-unknown');
    expect(screen.getByTestId('next-step').textContent).toContain('Retry same order');
    fireEvent.click(screen.getByTestId('retry-same-order'));
    expect(pos.callsOf('retrySameOrder')).toHaveLength(1);
  });

  it("retry refused: the service's msg exactly as it came", () => {
    renderWithTheme(
      <ActiveSale
        sale={{
          ...base,
          state: 'retry-refused',
          showQr: false,
          link: null,
          allowedActions: ['voidOrder'],
          lastFailure: {
            kind: 'rejected',
            message: 'refused',
            serviceMessage: 'Order already exists (dup #42)',
            serviceCode: 'DUP',
            httpStatus: 409,
          },
        }}
      />,
    );
    expect(screen.getByTestId('service-message').textContent).toBe(
      'Order already exists (dup #42)',
    );
    expect(screen.getByTestId('void-order')).toBeTruthy();
  });
});
