// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Amount } from '../../../../renderer/common/amount';
import { renderWithTheme } from './render-with-theme';

afterEach(cleanup);

describe('<Amount>', () => {
  it('shows the grouped amount and the asset, on one line', () => {
    renderWithTheme(<Amount value="12345.5" asset="USDT" />);
    const amount = screen.getByTestId('amount');
    expect(amount.textContent).toBe('12\u202f345.50 USDT');
    expect(amount.style.whiteSpace).toBe('nowrap');
  });

  it('follows the asset decimals and leaves the asset out when unknown', () => {
    renderWithTheme(<Amount value="7" decimals={0} />);
    expect(screen.getByTestId('amount').textContent).toBe('7');
  });
});
