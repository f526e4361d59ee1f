// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssetView, ChainView } from '../../../../shared/ipc/views';
import type { PriceQuote } from '../../../../shared/pricing/price-quote';
import { StartSale } from '../../../../renderer/cashier/sale/start/start-sale';
import { euroPricing } from '../../../support/pricing-fixtures';
import { cashierSettings } from './cashier-fixtures';
import { installFakePos, renderWithTheme, type FakePos } from './fake-pos';

const chains: ChainView[] = [{ chainId: '1', name: 'ETHEREUM' }];
const assets: AssetView[] = [
  { asset: 'ETH', chainId: '1', chainName: 'ETHEREUM', decimals: 18 },
  { asset: 'USDT', chainId: '1', chainName: 'ETHEREUM', decimals: 6 },
];

const quoteFor = (money: string): PriceQuote => ({
  ok: true,
  amount: money === '12.5' ? '15.625' : '1',
  feeValue: '0.375',
  pricing: euroPricing({ moneyAmount: money }),
  ageSeconds: 12,
  // A coarse price: 1 % exactly is not worth a word, more is.
  roundingPercent: money === '7' ? '1.01' : money === '8' ? '1' : '0',
});

let pos: FakePos;
beforeEach(() => {
  pos = installFakePos();
  pos.handle('listChains', () => chains);
  pos.handle('listAssets', () => assets);
  pos.handle('quotePrice', (args) => quoteFor((args as { money: string }).money));
});
afterEach(() => cleanup());

const euroShop = (amountEntry: 'money' | 'money-or-asset') =>
  cashierSettings({ currency: 'EUR', amountEntry, lastChainId: '1', lastAsset: 'USDT' });

async function assetChosen() {
  await waitFor(() =>
    expect(screen.getByTestId('asset-picker-option-USDT').getAttribute('aria-checked')).toBe(
      'true',
    ),
  );
}

describe('StartSale: a price in the shop currency', () => {
  it('takes the price in euros, shows what the QR will ask for, and sends the money', async () => {
    renderWithTheme(<StartSale settings={euroShop('money')} />);
    await assetChosen();
    expect(screen.getByText('Price in EUR')).toBeTruthy();
    expect(screen.queryByTestId('entry-switch')).toBeNull();
    await userEvent.keyboard('12.5');
    await waitFor(() =>
      expect(screen.getByTestId('quote-asset-amount').textContent).toBe('16 USDT'),
    );
    expect(pos.callsOf('quotePrice')).toContainEqual({
      money: '12.5',
      chainId: '1',
      asset: 'USDT',
    });
    expect(screen.getByTestId('quote-fee').textContent).toBe('Includes a fee of €0.30');
    expect(screen.getByTestId('quote-rate').textContent).toContain('€0.80 per USDT');
    expect(screen.getByTestId('quote-rate').textContent).toContain('fixed price set by IT');
    expect(screen.getByTestId('quote-rate').textContent).toContain('12 s old');
    await userEvent.click(screen.getByTestId('show-qr'));
    expect(pos.callsOf('startQrSale')).toEqual([{ money: '12.5', chainId: '1', asset: 'USDT' }]);
  });

  it('tells the cashier when rounding up to whole steps of the asset adds more than 1 %', async () => {
    renderWithTheme(<StartSale settings={euroShop('money')} />);
    await assetChosen();
    await userEvent.keyboard('8');
    await waitFor(() =>
      expect(pos.callsOf('quotePrice')).toContainEqual(expect.objectContaining({ money: '8' })),
    );
    await screen.findByTestId('quote-asset-amount');
    expect(screen.queryByTestId('quote-rounding')).toBeNull();
    await userEvent.keyboard('{Backspace}7');
    await waitFor(() =>
      expect(screen.getByTestId('quote-rounding').textContent).toBe(
        'USDT is paid in whole steps: rounding up adds 1.01 % to what the customer pays.',
      ),
    );
  });

  it('refuses more decimals than the currency has, and sends nothing without a rate', async () => {
    pos.handle('quotePrice', () => ({
      ok: false,
      reason: 'No price for USDT: the rate provider did not answer.',
    }));
    renderWithTheme(<StartSale settings={euroShop('money')} />);
    await assetChosen();
    await userEvent.keyboard('1.234');
    expect(screen.getByTestId('amount-status').textContent).toBe(
      'EUR amounts have at most 2 decimals.',
    );
    await userEvent.keyboard('{Backspace}');
    await waitFor(() =>
      expect(screen.getByTestId('quote-unavailable').textContent).toBe(
        'No price for USDT: the rate provider did not answer.',
      ),
    );
    expect((screen.getByTestId('show-qr') as HTMLButtonElement).disabled).toBe(true);
    expect(pos.callsOf('startQrSale')).toEqual([]);
  });

  it('lets the cashier switch to asset units where IT allows both', async () => {
    renderWithTheme(<StartSale settings={euroShop('money-or-asset')} />);
    await assetChosen();
    await userEvent.click(screen.getByTestId('entry-switch'));
    expect(screen.getByText('Amount in USDT')).toBeTruthy();
    await userEvent.keyboard('7');
    await userEvent.click(screen.getByTestId('show-qr'));
    expect(pos.callsOf('startQrSale')).toEqual([{ amount: '7', chainId: '1', asset: 'USDT' }]);
  });
});
