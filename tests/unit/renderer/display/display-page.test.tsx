// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DisplayEventName } from '../../../../shared/ipc/contract';
import { DisplayPage } from '../../../../renderer/display/display-page';
import { IDENTIFY_MS } from '../../../../renderer/display/identify-overlay';
import { FakeEventApi } from '../common/fake-event-api';
import { captureShadowRoots } from '../common/shadow-roots';
import { renderWithTheme } from '../common/render-with-theme';
import { customerView, EXPIRES_AT, QR_URL, scanView } from './customer-views';

const NNBSP = '\u202f';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function showPage() {
  const api = new FakeEventApi<DisplayEventName>();
  renderWithTheme(<DisplayPage api={api} />);
  const root = () => document.querySelector('main')!;
  return { api, root };
}

describe('customer display page', () => {
  it('draws its warm-up only once the first view is shown', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    const { api, root } = showPage();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.queryByTestId('idle-warm-up')).toBeNull();

    act(() => api.emit('customer-view', customerView({ shopName: 'Corner Café' })));
    expect(root().getAttribute('data-phase')).toBe('idle');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.queryByTestId('idle-warm-up')).not.toBeNull();
  });

  it("draws sample scan screens backstage, with the shop's own face, that no query of the page finds", async () => {
    const stages = captureShadowRoots();
    const { api } = showPage();
    act(() => api.emit('customer-view', customerView({ shopName: 'Corner Café' })));
    const stage = () => stages[0];
    await waitFor(() => expect(stage()?.querySelector('[data-testid="customer-qr"]')).toBeTruthy());
    expect(stage()?.querySelector('.cd-root > .cd-scan')).toBeTruthy();
    expect(stage()?.querySelector('[data-testid="shop-brand"]')?.textContent).toBe('Corner Café');
    expect(stage()?.querySelector('[data-testid="countdown"]')).toBeTruthy();
    expect(stage()?.querySelectorAll('[data-testid="asset-line"] img')).toHaveLength(2);
    // The page's own screen is still the welcome; its queries find no QR.
    expect(screen.queryByTestId('customer-qr')).toBeNull();
    expect(document.querySelector('main')?.getAttribute('data-phase')).toBe('idle');
  });

  it('waits neutrally, then welcomes with the shop name', () => {
    const { api, root } = showPage();
    expect(root().getAttribute('data-phase')).toBe('waiting');
    act(() => api.emit('customer-view', customerView({ shopName: 'Corner Café' })));
    expect(root().getAttribute('data-phase')).toBe('idle');
    expect(screen.getByTestId('shop-name').textContent).toBe('Corner Café');
  });

  it('shows the shop logo on the welcome screen and beside the QR, and a demo banner on every screen in demo mode', () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const { api, root } = showPage();
    act(() => api.emit('customer-view', customerView({ shopLogo: logo })));
    expect(screen.getByTestId('shop-logo').getAttribute('src')).toBe(logo);
    expect(screen.queryByTestId('demo-banner')).toBeNull();
    act(() => api.emit('customer-view', scanView({ shopLogo: logo, demoMode: true })));
    expect(screen.getByTestId('shop-logo').getAttribute('src')).toBe(logo);
    expect(screen.getByTestId('demo-banner').textContent).toContain('no real payment');
    expect(root().getAttribute('data-demo')).toBe('true');
    act(() => api.emit('customer-view', customerView({ phase: 'paid', demoMode: true })));
    expect(screen.getByTestId('demo-banner')).toBeTruthy();
  });

  it('never shows a logo that is not a data: image (the page reaches no network)', () => {
    const { api } = showPage();
    act(() =>
      api.emit('customer-view', customerView({ shopLogo: 'https://logo.example/shop.png' })),
    );
    expect(screen.queryByTestId('shop-logo')).toBeNull();
    expect(screen.getByTestId('shop-name').textContent).toBe('Corner Café');
  });

  it('shows the QR, amount, asset and chain, USD value, countdown and reference while the customer scans', () => {
    const { api, root } = showPage();
    act(() => {
      api.emit('clock-tick', { nowMs: EXPIRES_AT - 900_000 });
      api.emit('customer-view', scanView());
    });
    expect(root().getAttribute('data-phase')).toBe('scan');
    const qr = screen.getByTestId('customer-qr');
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.getAttribute('aria-label')).toBe(`Payment QR code for 12${NNBSP}345.50 USDT`);
    expect(screen.getByTestId('customer-amount').textContent).toBe(`12${NNBSP}345.50 USDT`);
    expect(screen.getByTestId('asset-line').textContent).toBe('USUSDTonETHEREUM');
    expect(screen.getByRole('img', { name: 'ETHEREUM' }).tagName).toBe('IMG');
    expect(screen.getByTestId('usd-value').textContent).toBe(`≈ 12${NNBSP}345.50 USD`);
    expect(screen.getByTestId('countdown').textContent).toBe('Time left: 15:00');
    expect(screen.getByTestId('reference').textContent).toBe('Reference K7M-Q4X');
    act(() => api.emit('clock-tick', { nowMs: EXPIRES_AT - 870_000 }));
    expect(screen.getByTestId('countdown').textContent).toBe('Time left: 14:30');
    expect(document.body.textContent).not.toContain(QR_URL);
  });

  it('shows no countdown but a calm line when the expiry could not be read', () => {
    const { api } = showPage();
    act(() => api.emit('customer-view', scanView({ expiresAtMs: null, expiryUnknown: true })));
    expect(screen.queryByTestId('countdown')).toBeNull();
    expect(screen.getByTestId('no-countdown').textContent).toMatch(/No time limit shown/);
  });

  it('asks the customer to tap their phone for an NFC sale, with the amount', () => {
    const { api, root } = showPage();
    act(() =>
      api.emit(
        'customer-view',
        customerView({
          phase: 'tap',
          amount: '5',
          asset: 'USDT',
          chainName: 'TRON',
          reference: 'AB1-CD2',
        }),
      ),
    );
    expect(root().getAttribute('data-phase')).toBe('tap');
    expect(screen.getByRole('heading').textContent).toBe('Tap your phone');
    expect(screen.getByTestId('customer-amount').textContent).toBe('5.00 USDT');
    expect(screen.queryByTestId('customer-qr')).toBeNull();
  });

  it.each([
    ['paid', 'Payment received', 'check'],
    ['expired', 'Time is up', 'clock'],
    ['cancelled', 'Payment cancelled', 'stop'],
    ['declined', 'Payment declined', 'cross'],
    ['problem', 'One moment, please', 'wait'],
  ] as const)('shows %s in words with an icon, and no QR', (phase, title, icon) => {
    const { api, root } = showPage();
    act(() => api.emit('customer-view', scanView({ phase, qrUrl: null, expiresAtMs: null })));
    expect(root().getAttribute('data-phase')).toBe(phase);
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe(title);
    expect(screen.getByRole('heading').textContent).toBe(title);
    expect(document.querySelector(`svg[data-icon="${icon}"]`)).not.toBeNull();
    expect(screen.queryByTestId('customer-qr')).toBeNull();
    expect(screen.queryByTestId('countdown')).toBeNull();
  });

  it('shows progress while preparing and processing', () => {
    const { api } = showPage();
    act(() =>
      api.emit(
        'customer-view',
        customerView({ phase: 'preparing', amount: '12.5', asset: 'USDT' }),
      ),
    );
    expect(screen.getByRole('heading').textContent).toBe('Preparing your payment');
    act(() =>
      api.emit('customer-view', customerView({ phase: 'processing', amount: '5', asset: 'USDT' })),
    );
    expect(screen.getByRole('heading').textContent).toBe('Processing your payment');
  });

  it('puts the identify label over everything for a few seconds', () => {
    vi.useFakeTimers();
    const { api } = showPage();
    act(() => api.emit('customer-view', scanView()));
    act(() => api.emit('identify-display', { label: 'Customer display: monitor 2' }));
    expect(screen.getByTestId('identify-overlay').textContent).toBe('Customer display: monitor 2');
    act(() => vi.advanceTimersByTime(IDENTIFY_MS - 1));
    expect(screen.queryByTestId('identify-overlay')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('identify-overlay')).toBeNull();
    expect(screen.getByTestId('customer-qr')).not.toBeNull();
  });
});
