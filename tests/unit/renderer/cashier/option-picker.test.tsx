// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  OptionPicker,
  type PickerItem,
} from '../../../../renderer/cashier/sale/start/option-picker';
import { renderWithTheme } from './fake-pos';

const items = (n: number): PickerItem[] =>
  ['ETHEREUM', 'BSC', 'POLYGON', 'ARBITRUM', 'TRON', 'SUI', 'BASE', 'OPTIMISM']
    .slice(0, n)
    .map((label, i) => ({ id: String(i + 1), label }));

afterEach(() => cleanup());

describe('OptionPicker', () => {
  it('has no search box for six options', () => {
    renderWithTheme(
      <OptionPicker
        title="Chain"
        testId="chain-picker"
        items={items(6)}
        value={null}
        onChange={() => undefined}
      />,
    );
    expect(screen.queryByTestId('chain-picker-search')).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(6);
  });

  it('filters a long list as the cashier types and says when nothing matches', () => {
    renderWithTheme(
      <OptionPicker
        title="Chain"
        testId="chain-picker"
        items={items(8)}
        value="2"
        onChange={() => undefined}
      />,
    );
    const search = screen.getByTestId('chain-picker-search');
    fireEvent.change(search, { target: { value: 'o' } });
    // OPTIMISM starts with it, so it comes first; POLYGON and TRON hold it.
    expect(screen.getAllByRole('radio').map((tile) => tile.getAttribute('data-testid'))).toEqual([
      'chain-picker-option-8',
      'chain-picker-option-3',
      'chain-picker-option-5',
    ]);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.getByText('No match for “zzz”.')).toBeTruthy();
  });

  it('marks the chosen option and reports a choice', () => {
    const chosen: string[] = [];
    renderWithTheme(
      <OptionPicker
        title="Chain"
        testId="chain-picker"
        items={items(3)}
        value="2"
        onChange={(id) => chosen.push(id)}
      />,
    );
    expect(screen.getByTestId('chain-picker-option-2').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('chain-picker-option-3'));
    expect(chosen).toEqual(['3']);
  });
});
