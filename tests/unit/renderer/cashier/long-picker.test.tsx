// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AssetView, ChainView } from '../../../../shared/ipc/views';
import {
  OptionPicker,
  type PickerItem,
} from '../../../../renderer/cashier/sale/start/option-picker';
import { StartSale } from '../../../../renderer/cashier/sale/start/start-sale';
import { cashierSettings } from './cashier-fixtures';
import { installFakePos, renderWithTheme } from './fake-pos';

afterEach(() => cleanup());

// happy-dom lays nothing out: the picker's scrolling window is given the height it has in
// Chromium (the virtualizer reads it as clientHeight/clientWidth).
const layout = (name: 'clientHeight' | 'clientWidth', px: number) =>
  Object.defineProperty(HTMLElement.prototype, name, {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('picker-window') ? px : 0;
    },
  });
beforeAll(() => {
  layout('clientHeight', 315);
  layout('clientWidth', 600);
});
afterAll(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
});

const many = (n: number): PickerItem[] =>
  Array.from({ length: n }, (_, i) => ({
    id: String(1_000_001 + i),
    label: `CHAIN ${i + 1}`,
    detail: `Chain ${1_000_001 + i}`,
  }));

/** The chain picker over 10,000 options, none chosen. */
function renderTenThousand() {
  renderWithTheme(
    <OptionPicker
      title="Chain"
      testId="chain-picker"
      items={many(10_000)}
      value={null}
      onChange={() => undefined}
    />,
  );
}

describe('a picker of 10 000 options', () => {
  it('puts only the rows in view in the DOM, each with its place in the whole list, and searches all of them', async () => {
    const items = many(10_000);
    renderWithTheme(
      <OptionPicker
        title="Chain"
        testId="chain-picker"
        items={items}
        value={null}
        onChange={() => undefined}
      />,
    );
    const tiles = screen.getAllByRole('radio');
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.length).toBeLessThan(60);
    expect(tiles[0]!.getAttribute('aria-setsize')).toBe('10000');
    expect(tiles[0]!.getAttribute('aria-posinset')).toBe('1');
    expect(screen.getByRole('radiogroup').getAttribute('aria-labelledby')).toBe(
      'chain-picker-title',
    );

    // The last option is found by search, though it was never in the DOM.
    fireEvent.change(screen.getByTestId('chain-picker-search'), {
      target: { value: 'chain 10000' },
    });
    await waitFor(() =>
      expect(screen.getAllByRole('radio').map((tile) => tile.getAttribute('data-testid'))).toEqual([
        'chain-picker-option-1010000',
      ]),
    );
  });

  it('answers each keystroke with the options matching the box, narrowing and widening again', () => {
    renderTenThousand();
    const search = screen.getByTestId('chain-picker-search');
    const picker = screen.getByTestId('chain-picker');
    const shownIds = () =>
      screen.getAllByRole('radio').map((tile) => tile.getAttribute('data-testid'));
    const type = (value: string) => fireEvent.change(search, { target: { value } });

    type('9');
    expect(picker.getAttribute('data-shown-for')).toBe('9');
    // Prefix matches first ("CHAIN 9..." does not start with "9"): every shown label has a 9.
    expect(screen.getAllByRole('radio')[0]!.getAttribute('aria-setsize')).toBe('3439');
    type('999');
    expect(picker.getAttribute('data-shown-for')).toBe('999');
    // 999, 1999 ... 8999 and 9990 ... 9999, in the list's order (too few to virtualise: all in the DOM).
    expect(screen.getAllByRole('radio')).toHaveLength(19);
    expect(shownIds().slice(0, 3)).toEqual([
      'chain-picker-option-1000999',
      'chain-picker-option-1001999',
      'chain-picker-option-1002999',
    ]);
    type('chain 42');
    expect(shownIds().slice(0, 2)).toEqual([
      'chain-picker-option-1000042',
      'chain-picker-option-1000420',
    ]);
    type('');
    expect(picker.getAttribute('data-shown-for')).toBe('');
    expect(shownIds()[0]).toBe('chain-picker-option-1000001');
    expect(screen.getAllByRole('radio')[0]!.getAttribute('aria-setsize')).toBe('10000');
  });

  it('shows a logo that arrives and the chosen option on the tiles already on screen', () => {
    const items = many(10_000);
    const logo = 'data:image/svg+xml;base64,PHN2Zy8+';
    let show: (state: {
      value: string | null;
      logoOf?: (id: string) => string | undefined;
    }) => void = () => undefined;
    function Host() {
      const [state, setState] = useState<{
        value: string | null;
        logoOf?: (id: string) => string | undefined;
      }>({ value: null });
      show = setState;
      return (
        <OptionPicker
          title="Chain"
          testId="chain-picker"
          items={items}
          value={state.value}
          onChange={() => undefined}
          {...(state.logoOf ? { logoOf: state.logoOf } : {})}
        />
      );
    }
    renderWithTheme(<Host />);
    const second = () => screen.getByTestId('chain-picker-option-1000002');
    expect(second().querySelector('img')).toBeNull();
    expect(second().getAttribute('aria-checked')).toBe('false');
    act(() => show({ value: '1000002', logoOf: (id) => (id === '1000002' ? logo : undefined) }));
    expect(second().querySelector('img')?.getAttribute('src')).toBe(logo);
    expect(second().getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('chain-picker-option-1000001').getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(screen.getByTestId('chain-picker-option-1000001').querySelector('img')).toBeNull();
  });

  it('moves among the options with the arrow keys', async () => {
    renderTenThousand();
    const first = screen.getByTestId('chain-picker-option-1000001');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('data-testid')).toBe('chain-picker-option-1000002');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('data-index')).toMatch(/^[34]$/); // 2 or 3 columns
  });
});

describe('the start form and the saved catalogue', () => {
  const chains: ChainView[] = [
    { chainId: '1', name: 'ETHEREUM' },
    { chainId: '56', name: 'BSC' },
  ];
  const assets: AssetView[] = [{ asset: 'USDT', chainId: '1', chainName: 'ETHEREUM', decimals: 6 }];

  it('shows the lists main saved last time at once while the service does not answer, and says so when it gave up', async () => {
    const pos = installFakePos();
    let giveUp: (() => void) | undefined;
    const never = new Promise<never>(() => undefined);
    pos.answer(
      'listChains',
      () =>
        new Promise((resolve) => {
          giveUp = () =>
            resolve({
              ok: false,
              error: { kind: 'timeout', message: 'The payment service did not answer in time.' },
            });
        }),
    );
    pos.answer('listAssets', () => never);
    pos.handle('savedChains', () => chains);
    pos.handle('savedAssets', () => assets);
    pos.handle('chainLogos', (args) =>
      (args as { chainIds: string[] }).chainIds.map((id) => ({ id, logo: null })),
    );
    renderWithTheme(<StartSale settings={cashierSettings({ amountEntry: 'asset' })} />);

    // The fresh list hangs; the saved one is there, and a chain and an asset can be picked.
    fireEvent.click(await screen.findByTestId('chain-picker-option-1'));
    fireEvent.click(await screen.findByTestId('asset-picker-option-USDT'));
    expect(screen.getByTestId('asset-picker-option-USDT').getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.queryByTestId('chain-picker-note')).toBeNull();
    await act(async () => giveUp?.());
    expect(await screen.findByTestId('chain-picker-note')).toHaveProperty(
      'textContent',
      expect.stringContaining('did not answer'),
    );
    expect(screen.queryByRole('alert')).toBeNull(); // no error box over a usable list
  });
});
