// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssetView, ChainView } from '../../../../shared/ipc/views';
import type { ShiftView } from '../../../../shared/shifts/shift-views';
import { StartSale } from '../../../../renderer/cashier/sale/start/start-sale';
import { cashierSettings } from './cashier-fixtures';
import { installFakePos, renderWithTheme, type FakePos } from './fake-pos';

const chains: ChainView[] = [{ chainId: '1', name: 'ETHEREUM' }];
const assets: AssetView[] = [{ asset: 'USDT', chainId: '1', chainName: 'ETHEREUM', decimals: 6 }];
const openShift: ShiftView = {
  shiftId: 4,
  serialNumber: 'POS-0001',
  openedAtMs: 0,
  openedBy: { staffId: null, name: 'Unknown' },
  closedAtMs: null,
  closedBy: null,
  continues: null,
};

let pos: FakePos;
beforeEach(() => {
  pos = installFakePos();
  pos.handle('listChains', () => chains);
  pos.handle('listAssets', () => assets);
  pos.handle('currentShift', () => null);
  pos.handle('openShift', () => openShift);
});
afterEach(() => cleanup());

const settings = (staffPinsRequired: boolean, shiftRequired = 'with-staff-pins' as const) =>
  cashierSettings({
    amountEntry: 'asset',
    lastChainId: '1',
    lastAsset: 'USDT',
    staffPinsRequired,
    shiftRequired,
  });

describe('StartSale where every sale belongs to a shift', () => {
  it('offers to open a shift in one tap, and the ways to pay only once one is open', async () => {
    renderWithTheme(<StartSale settings={settings(true)} />);
    const prompt = await screen.findByTestId('open-shift-prompt');
    expect(prompt.textContent).toContain('No shift is open');
    fireEvent.click(await screen.findByTestId('key-5'));
    await waitFor(() =>
      expect(screen.getByTestId('asset-picker-option-USDT').getAttribute('aria-checked')).toBe(
        'true',
      ),
    );
    expect((screen.getByTestId('show-qr') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('sale-open-shift'));
    await waitFor(() => expect(pos.callsOf('openShift')).toEqual([{}]));
    act(() => pos.emit('shift-changed', openShift));
    await waitFor(() => expect(screen.queryByTestId('open-shift-prompt')).toBeNull());
    expect((screen.getByTestId('show-qr') as HTMLButtonElement).disabled).toBe(false);
  });

  it('sells with no shift where the till allows it', async () => {
    renderWithTheme(<StartSale settings={settings(false)} />);
    fireEvent.click(await screen.findByTestId('key-5'));
    await waitFor(() =>
      expect((screen.getByTestId('show-qr') as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.queryByTestId('open-shift-prompt')).toBeNull();
  });
});
