// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssetView, ChainView } from '../../../../shared/ipc/views';
import type { NfcStatus } from '../../../../shared/nfc/nfc-status';
import { MantineProvider } from '@mantine/core';
import { StartSale } from '../../../../renderer/cashier/sale/start/start-sale';
import {
  CatalogueMemory,
  CatalogueMemoryContext,
} from '../../../../renderer/cashier/sale/start/catalogue-memory';
import { cashierTheme as theme } from '../../../../renderer/cashier/cashier-theme';
import { cashierSettings } from './cashier-fixtures';
import { installFakePos, renderWithTheme, type FakePos } from './fake-pos';

const chains: ChainView[] = [
  { chainId: '1', name: 'ETHEREUM' },
  { chainId: '56', name: 'BSC' },
];
const assets: Record<string, AssetView[]> = {
  '1': [
    { asset: 'ETH', chainId: '1', chainName: 'ETHEREUM', decimals: 18 },
    { asset: 'USDT', chainId: '1', chainName: 'ETHEREUM', decimals: 6 },
  ],
  '56': [{ asset: 'USDT', chainId: '56', chainName: 'BSC', decimals: 18 }],
};

// These tests type amounts in asset units; prices in money: start-sale-money.test.tsx.
const settingsWith = (values: Parameters<typeof cashierSettings>[0] = {}) =>
  cashierSettings({ amountEntry: 'asset', ...values });

const readyNfc: NfcStatus = {
  state: 'ready',
  readers: ['ACS ACR122U'],
  card: 'none',
  lastError: null,
  restarts: 0,
};

let pos: FakePos;
beforeEach(() => {
  pos = installFakePos();
  pos.handle('listChains', () => chains);
  pos.handle('listAssets', (args) => assets[(args as { chainId: string }).chainId] ?? []);
});
afterEach(() => cleanup());

describe('StartSale', () => {
  it('takes the amount from the touch keys and the physical keyboard, Esc clears', async () => {
    renderWithTheme(<StartSale settings={settingsWith()} />);
    const input = screen.getByTestId('amount-input') as HTMLInputElement;
    // At the page's start the touch keys come a frame after the field.
    fireEvent.click(await screen.findByTestId('key-1'));
    fireEvent.click(screen.getByTestId('key-2'));
    fireEvent.click(screen.getByTestId('key-point'));
    fireEvent.click(screen.getByTestId('key-5'));
    expect(input.value).toBe('12.5');
    fireEvent.keyDown(document.body, { key: '0' });
    expect(input.value).toBe('12.50');
    fireEvent.keyDown(document.body, { key: 'Backspace' });
    fireEvent.click(screen.getByTestId('key-backspace'));
    expect(input.value).toBe('12.');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
  });

  it('remembers the last chain and asset and checks the decimals as typed', async () => {
    renderWithTheme(<StartSale settings={settingsWith({ lastChainId: '1', lastAsset: 'USDT' })} />);
    await waitFor(() =>
      expect(screen.getByTestId('asset-picker-option-USDT').getAttribute('aria-checked')).toBe(
        'true',
      ),
    );
    await userEvent.keyboard('1.1234567');
    expect(screen.getByTestId('amount-status').textContent).toBe(
      'The amount has too many decimals: this asset allows at most 6.',
    );
    expect((screen.getByTestId('show-qr') as HTMLButtonElement).disabled).toBe(true);
    // The same amount is fine for an 18-decimal asset.
    fireEvent.click(screen.getByTestId('asset-picker-option-ETH'));
    expect(screen.getByTestId('amount-status').getAttribute('data-kind')).toBe('ready');
    expect((screen.getByTestId('show-qr') as HTMLButtonElement).disabled).toBe(false);
    expect(pos.callsOf('updateSettings')).toEqual([
      { patch: { lastChainId: '1', lastAsset: 'ETH' } },
    ]);
  });

  it('shows the fee, the total the QR asks for and the currency', async () => {
    renderWithTheme(
      <StartSale
        settings={settingsWith({
          lastChainId: '1',
          lastAsset: 'USDT',
          feeValue: '0.25',
          currency: 'EUR',
        })}
      />,
    );
    await waitFor(() =>
      expect(screen.getByTestId('asset-picker-option-USDT').getAttribute('aria-checked')).toBe(
        'true',
      ),
    );
    await userEvent.keyboard('10');
    expect(screen.getByTestId('fee-line').textContent).toContain('0.25 USDT');
    expect(screen.getByTestId('total-line').textContent).toContain('10.25 USDT');
    expect(screen.getByTestId('currency-line').textContent).toContain('EUR');
  });

  it('makes one order for a double click and for Enter pressed twice', async () => {
    let release: () => void = () => undefined;
    pos.handle('startQrSale', () => new Promise((resolve) => (release = () => resolve(null))));
    renderWithTheme(<StartSale settings={settingsWith({ lastChainId: '1', lastAsset: 'USDT' })} />);
    await waitFor(() =>
      expect(screen.getByTestId('asset-picker-option-USDT').getAttribute('aria-checked')).toBe(
        'true',
      ),
    );
    await userEvent.keyboard('5');
    const button = screen.getByTestId('show-qr');
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(pos.callsOf('startQrSale')).toEqual([{ amount: '5', chainId: '1', asset: 'USDT' }]);
    await waitFor(() =>
      expect((screen.getByTestId('show-qr') as HTMLButtonElement).disabled).toBe(true),
    );
    // The keypad, the pickers and the keyboard wait too: the form is inert until the call ends.
    expect(screen.getByTestId('start-sale-form').hasAttribute('inert')).toBe(true);
    fireEvent.keyDown(document.body, { key: '9' });
    expect((screen.getByTestId('amount-input') as HTMLInputElement).value).toBe('5');
    await act(async () => release());
    expect(screen.getByTestId('start-sale-form').hasAttribute('inert')).toBe(false);
  });

  it('shows a refused start with its message and next step', async () => {
    pos.fail(
      'startQrSale',
      'unknown-asset',
      'The service does not offer USDT on ETHEREUM any more. Pick another asset.',
    );
    renderWithTheme(<StartSale settings={settingsWith({ lastChainId: '1', lastAsset: 'USDT' })} />);
    await waitFor(() =>
      expect(screen.getByTestId('asset-picker-option-USDT').getAttribute('aria-checked')).toBe(
        'true',
      ),
    );
    await userEvent.keyboard('5{Enter}');
    const alert = await screen.findByTestId('error-message');
    expect(alert.textContent).toContain('does not offer USDT');
    expect(screen.getByTestId('next-step').textContent).toBe('Pick another asset.');
  });

  it('enables Tap to pay only with a ready reader, and sends the chosen asset', async () => {
    renderWithTheme(<StartSale settings={settingsWith({ lastChainId: '1', lastAsset: 'USDT' })} />);
    await waitFor(() =>
      expect(screen.getByTestId('asset-picker-option-USDT').getAttribute('aria-checked')).toBe(
        'true',
      ),
    );
    await userEvent.keyboard('7');
    expect((screen.getByTestId('tap-to-pay') as HTMLButtonElement).disabled).toBe(true);
    act(() => pos.emit('nfc-status', { ...readyNfc, state: 'no-reader', readers: [] }));
    expect(screen.getByTestId('tap-to-pay-reason').textContent).toMatch(/no nfc reader connected/i);
    act(() => pos.emit('nfc-status', readyNfc));
    expect((screen.getByTestId('tap-to-pay') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByTestId('tap-to-pay'));
    expect(pos.callsOf('startNfcSale')).toEqual([{ amount: '7', chainId: '1', asset: 'USDT' }]);
  });

  it('switches the asset list with the chain', async () => {
    renderWithTheme(<StartSale settings={settingsWith()} />);
    fireEvent.click(await screen.findByTestId('chain-picker-option-56'));
    await screen.findByTestId('asset-picker-option-USDT');
    expect(screen.getByTestId('asset-picker').textContent).toContain('18 decimals');
    expect(screen.queryByTestId('asset-picker-option-ETH')).toBeNull();
    expect(pos.callsOf('updateSettings')).toEqual([{ patch: { lastChainId: '56' } }]);
  });
});

describe('StartSale between two sales', () => {
  // The form mounts again after every sale; the window's memory outlives it (CashierApp).
  let memory = new CatalogueMemory();
  const form = (sale: number, values: Parameters<typeof settingsWith>[0] = {}) => (
    <MantineProvider theme={theme}>
      <CatalogueMemoryContext.Provider value={memory}>
        <StartSale
          key={sale}
          settings={settingsWith({ lastChainId: '1', lastAsset: 'USDT', ...values })}
        />
      </CatalogueMemoryContext.Provider>
    </MantineProvider>
  );
  const chosenAsset = () =>
    screen.queryByTestId('asset-picker-option-USDT')?.getAttribute('aria-checked') ?? null;
  beforeEach(() => {
    memory = new CatalogueMemory();
  });

  async function firstSale() {
    const view = renderWithTheme(form(1));
    await waitFor(() => expect(chosenAsset()).toBe('true'));
    return view;
  }

  it('shows the last lists and choice at once, and asks the service again behind them', async () => {
    const view = await firstSale();
    view.rerender(form(2));
    // In the same render pass as the new form: no "Loading…", no wait for the service.
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(chosenAsset()).toBe('true');
    await waitFor(() => expect(pos.callsOf('listAssets')).toHaveLength(2));
    expect(pos.callsOf('listChains')).toHaveLength(2);
    expect(pos.callsOf('listAssets')).toEqual([{ chainId: '1' }, { chainId: '1' }]);
  });

  it('takes a changed answer from the service', async () => {
    const view = await firstSale();
    pos.handle('listChains', () => [...chains, { chainId: '137', name: 'POLYGON' }]);
    view.rerender(form(2));
    expect(screen.queryByTestId('chain-picker-option-137')).toBeNull();
    await screen.findByTestId('chain-picker-option-137');
    expect(chosenAsset()).toBe('true');
  });

  it('keeps the known lists when asking again fails, without an error between two customers', async () => {
    const view = await firstSale();
    pos.fail('listChains', 'network', 'The payment service could not be reached.');
    pos.fail('listAssets', 'network', 'The payment service could not be reached.');
    view.rerender(form(2));
    await waitFor(() => expect(pos.callsOf('listAssets')).toHaveLength(2));
    await act(async () => {});
    expect(screen.queryByTestId('error-message')).toBeNull();
    expect(screen.getByTestId('chain-picker-option-56')).toBeTruthy();
    expect(chosenAsset()).toBe('true');
  });

  it('forgets the lists of another service', async () => {
    const view = await firstSale();
    pos.fail('listChains', 'network', 'The payment service could not be reached.');
    view.rerender(form(2, { serviceBaseUrl: 'https://other.example' }));
    expect(screen.queryByTestId('chain-picker-option-1')).toBeNull();
    expect(await screen.findByTestId('error-message')).toBeTruthy();
  });
});
