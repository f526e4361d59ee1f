// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaleSnapshot } from '../../../../shared/sale/sale-snapshot';
import { WAIT_SCREEN_DELAY_MS } from '../../../../shared/sale/wait-screen';
import { SaleScreen } from '../../../../renderer/cashier/sale/sale-screen';
import { cashierTheme as theme } from '../../../../renderer/cashier/cashier-theme';
import { cashierSettings, saleSnapshot } from './cashier-fixtures';
import { installFakePos, renderWithTheme } from './fake-pos';

const settings = cashierSettings();
const requesting = saleSnapshot({ orderId: '0193-a', state: 'requesting' });
const awaiting: SaleSnapshot = {
  ...requesting,
  state: 'awaiting-payment',
  link: {
    qrUrl: 'http://127.0.0.1:1/app/qr-scan?order_id=a',
    linkAmount: '12.5',
    rateUsd: '1',
    amountMatches: true,
  },
  showQr: true,
  expiry: { kind: 'known', atMs: 1_000_000 },
  allowedActions: ['confirmPaidByCashier', 'cancel'],
};

const screenFor = (sale: SaleSnapshot | null) => (
  <MantineProvider theme={theme}>
    <SaleScreen sale={sale} settings={settings} />
  </MantineProvider>
);
const waitScreen = () => screen.queryByText(/Asking the payment service/);

beforeEach(() => {
  installFakePos();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SaleScreen', () => {
  it('keeps the start form, disabled, while the link is asked for, then says what it waits for', () => {
    const view = renderWithTheme(<SaleScreen sale={null} settings={settings} />);
    expect(screen.getByTestId('start-sale-form').hasAttribute('inert')).toBe(false);

    view.rerender(screenFor(requesting));
    expect(screen.getByTestId('amount-input')).toBeTruthy();
    expect(screen.getByTestId('start-sale-form').hasAttribute('inert')).toBe(true);
    expect(waitScreen()).toBeNull();

    act(() => vi.advanceTimersByTime(WAIT_SCREEN_DELAY_MS - 1));
    expect(waitScreen()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(waitScreen()).not.toBeNull();
    expect(screen.queryByTestId('amount-input')).toBeNull();
  });

  it('goes straight from the start form to the link when the service answers quickly', () => {
    const view = renderWithTheme(<SaleScreen sale={requesting} settings={settings} />);
    act(() => vi.advanceTimersByTime(WAIT_SCREEN_DELAY_MS / 2));
    view.rerender(screenFor(awaiting));
    expect(screen.getByTestId('link-amount').textContent).toBe('12.50 USDT');
    act(() => vi.advanceTimersByTime(WAIT_SCREEN_DELAY_MS * 10));
    expect(waitScreen()).toBeNull();
    expect(screen.getByTestId('link-amount')).toBeTruthy();
  });

  it('counts the wait afresh for the next sale', () => {
    const view = renderWithTheme(<SaleScreen sale={requesting} settings={settings} />);
    act(() => vi.advanceTimersByTime(WAIT_SCREEN_DELAY_MS));
    expect(waitScreen()).not.toBeNull();
    view.rerender(screenFor(null));
    view.rerender(screenFor({ ...requesting, orderId: '0193-b' }));
    expect(waitScreen()).toBeNull();
    act(() => vi.advanceTimersByTime(WAIT_SCREEN_DELAY_MS));
    expect(waitScreen()).not.toBeNull();
  });
});
