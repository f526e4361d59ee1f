// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PinPad } from '../../../../renderer/cashier/staff/pin-pad';
import { renderWithTheme } from '../common/render-with-theme';

afterEach(() => cleanup());

const tap = (...keys: string[]) => {
  for (const key of keys) fireEvent.click(screen.getByTestId(`pin-key-${key}`));
};
const dots = () => screen.getByTestId('pin-dots');
const ok = () => screen.getByTestId('pin-ok') as HTMLButtonElement;

function showPad(disabled = false) {
  const onSubmit = vi.fn();
  const view = renderWithTheme(
    <PinPad label="PIN for Ana" onSubmit={onSubmit} disabled={disabled} />,
  );
  return { onSubmit, view };
}

describe('PinPad', () => {
  it('shows a dot per digit and never the digits themselves', () => {
    const { view } = showPad();
    tap('2', '5', '8', '0');
    expect(dots().dataset.length).toBe('4');
    expect(dots().textContent).toBe('••••');
    // Nowhere in the page, not in an attribute nor in an input's value.
    expect(view.container.ownerDocument.body.innerHTML).not.toContain('2580');
    for (const input of view.container.ownerDocument.querySelectorAll('input'))
      expect(input.value).not.toContain('2580');
  });

  it('sends the PIN with OK, only from 4 digits, and forgets it at once', () => {
    const { onSubmit } = showPad();
    tap('1', '2', '3');
    expect(ok().disabled).toBe(true);
    tap('4');
    expect(ok().disabled).toBe(false);
    fireEvent.click(ok());
    expect(onSubmit.mock.calls).toEqual([['1234']]);
    expect(dots().dataset.length).toBe('0');
    expect(ok().disabled).toBe(true);
  });

  it('deletes the last digit, clears all, and stops at 8 digits', () => {
    const { onSubmit } = showPad();
    tap('1', '2', '3', '4', '5');
    fireEvent.click(screen.getByTestId('pin-delete'));
    expect(dots().dataset.length).toBe('4');
    fireEvent.click(screen.getByTestId('pin-clear'));
    expect(dots().dataset.length).toBe('0');
    tap('1', '2', '3', '4', '5', '6', '7', '8', '9');
    expect(dots().dataset.length).toBe('8');
    fireEvent.click(ok());
    expect(onSubmit.mock.calls).toEqual([['12345678']]);
  });

  it('takes digits, Backspace and Enter from the physical keyboard', () => {
    const { onSubmit } = showPad();
    for (const key of ['9', '8', '7', '6', '5']) fireEvent.keyDown(document.body, { key });
    fireEvent.keyDown(document.body, { key: 'Backspace' });
    expect(dots().dataset.length).toBe('4');
    fireEvent.keyDown(screen.getByTestId('pin-pad'), { key: 'Enter' });
    expect(onSubmit.mock.calls).toEqual([['9876']]);
    expect(dots().dataset.length).toBe('0');
  });

  it('leaves keys typed in a text field alone', () => {
    renderWithTheme(
      <>
        <input data-testid="name" />
        <PinPad label="PIN" onSubmit={() => undefined} />
      </>,
    );
    fireEvent.keyDown(screen.getByTestId('name'), { key: '7' });
    expect(dots().dataset.length).toBe('0');
  });

  it('takes nothing while disabled', () => {
    const { onSubmit } = showPad(true);
    tap('1', '2', '3', '4');
    for (const key of ['1', '2', '3', '4', 'Enter']) fireEvent.keyDown(document.body, { key });
    expect(dots().dataset.length).toBe('0');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
