// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StartSale } from '../../../../renderer/cashier/sale/start/start-sale';
import { cashierSettings } from './cashier-fixtures';
import { installFakePos, renderWithTheme, type FakePos } from './fake-pos';

let pos: FakePos;
beforeEach(() => {
  pos = installFakePos();
  pos.handle('listChains', () => []);
  pos.handle('listAssets', () => []);
});
afterEach(() => cleanup());

describe('the amount screen warms up the service connection', () => {
  it('asks main once, on the first key of an amount, and again after it was cleared', async () => {
    renderWithTheme(<StartSale settings={cashierSettings({ amountEntry: 'asset' })} />);
    expect(pos.callsOf('warmUpService')).toHaveLength(0);

    // At the page's start the touch keys come a frame after the field.
    fireEvent.click(await screen.findByTestId('key-1'));
    expect(pos.callsOf('warmUpService')).toEqual([{}]);
    fireEvent.click(screen.getByTestId('key-2'));
    fireEvent.keyDown(document.body, { key: '5' });
    expect(pos.callsOf('warmUpService')).toHaveLength(1);

    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.keyDown(document.body, { key: '7' });
    expect(pos.callsOf('warmUpService')).toHaveLength(2);
  });
});
