// @vitest-environment happy-dom
// The cashier page's start: its first calls leave before React renders, each once, and the
// amount field does not wait for what typing an amount does not need.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallName } from '../../../../shared/ipc/contract';
import { appInfo, cashierSettings } from './cashier-fixtures';
import { installFakePos, type FakePos } from './fake-pos';
import { loadCashierPage } from './load-cashier-page';
import { captureShadowRoots } from '../common/shadow-roots';

const info = appInfo();

/** Calls a screen may make at start that are not needed to type an amount. */
const notForTheAmount: CallName[] = [
  'currentShift',
  'updateStatus',
  'savedChains',
  'listChains',
  'savedAssets',
  'listAssets',
  'chainLogos',
  'assetLogos',
];

let pos: FakePos;
beforeEach(() => {
  // Each test starts from a freshly loaded page: first-calls.ts keeps what it started.
  vi.resetModules();
  pos = installFakePos();
  pos.handle('appInfo', () => info);
  pos.handle('staffSession', () => null);
  pos.emit('settings-changed', cashierSettings());
});
afterEach(() => cleanup());

describe('the cashier page at start', () => {
  it('asks appInfo and staffSession before React renders, in parallel', async () => {
    const { startFirstCalls } = await import('../../../../renderer/cashier/shell/first-calls');
    startFirstCalls();
    // Nothing rendered yet: both calls are already on their way.
    expect(pos.calls.map((call) => call.name).sort()).toEqual(['appInfo', 'staffSession']);
  });

  it('asks appInfo and staffSession once each, though every subscription hears the settings', async () => {
    await loadCashierPage();
    await screen.findByTestId('amount-input');
    // Let every pending event replay and answer be delivered.
    await act(async () => {});
    await act(async () => {});
    expect(pos.callsOf('appInfo')).toHaveLength(1);
    expect(pos.callsOf('staffSession')).toHaveLength(1);
    // The sale screen starts from the settings heard at start: one catalogue ask, not one
    // for "no service yet" and one for the real service.
    // (Whether the saved list is asked for too is catalogue-lists.test.tsx's.)
    await waitFor(() => expect(pos.callsOf('listChains')).toHaveLength(1));
  });

  it('draws the sale screen in its first render when the first answers are in, with no spinner before it', async () => {
    await loadCashierPage();
    // Synchronously after the first render: no effect or answer was needed.
    expect(screen.getByTestId('amount-input')).toBeTruthy();
  });

  it('asks appInfo again when the settings change after start', async () => {
    await loadCashierPage();
    await screen.findByTestId('amount-input');
    await act(async () => pos.emit('settings-changed', cashierSettings({ shopName: 'Corner' })));
    await waitFor(() => expect(pos.callsOf('appInfo')).toHaveLength(2));
  });

  it('shows the amount field, focused, while the shift, updates and catalogue calls are unanswered', async () => {
    for (const name of notForTheAmount) pos.answer(name, () => new Promise(() => {}));
    await loadCashierPage();
    const amount = await screen.findByTestId('amount-input');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    // They are asked (the shift's by the status bar, drawn a frame later), and none answers.
    await waitFor(() => {
      for (const name of ['currentShift', 'listChains', 'updateStatus'] as const)
        expect(pos.callsOf(name)).toHaveLength(1);
    });
    expect(screen.getByTestId('amount-input')).toBe(document.activeElement);
  });
});

describe('the cashier page after start', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws a sample sale waiting for payment backstage, in the shop currency, and asks main nothing for it', async () => {
    pos.emit('settings-changed', cashierSettings({ currency: 'EUR' }));
    const stages = captureShadowRoots();
    await loadCashierPage();
    await screen.findByTestId('amount-input');
    const sample = () => stages[0]?.querySelector('[data-testid="active-sale"]');
    await waitFor(() => expect(sample()).toBeTruthy(), { timeout: 5_000 });
    expect(stages[0]?.querySelector('[data-testid="sale-state"]')?.getAttribute('data-state')).toBe(
      'awaiting-payment',
    );
    await waitFor(() =>
      expect(stages[0]?.querySelector('[data-testid="sale-money"]')?.textContent).toContain('€'),
    );
    // Not a sale of the page's: its queries find none, and main heard of none.
    expect(screen.queryByTestId('active-sale')).toBeNull();
    const saleCalls: CallName[] = [
      'startQrSale',
      'cancelSale',
      'confirmPaidByCashier',
      'finishSale',
    ];
    expect(pos.calls.filter((call) => saleCalls.includes(call.name))).toEqual([]);
  });
});
