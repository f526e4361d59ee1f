import { useEffect, type RefObject } from 'react';
import { useLatestCallback } from '../../../common/use-latest-callback';
import { keypadActionForKey, type KeypadAction } from './amount-keypad';

/**
 * The physical keyboard types the amount wherever the focus is, except in other text fields:
 * digits, '.', Backspace, Esc = clear, and Enter = Show QR in the amount field or with the
 * focus nowhere (on a button, Enter presses that button). Nothing while `busy`: the amount
 * on its way to the service stays the amount on screen.
 */
export function useAmountKeyboard({
  amountInput,
  busy,
  onKeypad,
  onEnter,
}: {
  amountInput: RefObject<HTMLInputElement | null>;
  busy: boolean;
  onKeypad: (action: KeypadAction) => void;
  onEnter: () => void;
}): void {
  const onKey = useLatestCallback((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (busy) return;
    const target = event.target as HTMLElement | null;
    const inAmount = target === amountInput.current;
    const tag = target?.tagName ?? '';
    if (
      !inAmount &&
      (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target?.isContentEditable)
    )
      return;
    if (event.key === 'Enter') {
      if (inAmount || target === document.body || target === null) {
        event.preventDefault();
        onEnter();
      }
      return;
    }
    const action = keypadActionForKey(event.key);
    if (!action) return;
    event.preventDefault();
    onKeypad(action);
  });
  useEffect(() => {
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onKey]);
}
