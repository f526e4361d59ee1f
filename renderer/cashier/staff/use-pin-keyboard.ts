import { useEffect, type RefObject } from 'react';
import { useLatestCallback } from '../../common/use-latest-callback';
import { pinKeyForKeyboard, type PinKey } from './pin-entry';

/**
 * The physical keyboard types into the PIN pad: digits, Backspace or Delete, and Enter. Never
 * in a text field (a name being typed stays a name). Enter sends the PIN only with the focus on
 * the pad or nowhere: on a button, Enter presses that button.
 */
export function usePinKeyboard({
  pad,
  enabled,
  onKey,
  onSubmit,
}: {
  pad: RefObject<HTMLElement | null>;
  enabled: boolean;
  onKey: (key: PinKey) => void;
  onSubmit: () => void;
}): void {
  const onKeyDown = useLatestCallback((event: KeyboardEvent) => {
    if (!enabled || event.defaultPrevented) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement | null;
    const tag = target?.tagName ?? '';
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target?.isContentEditable)
      return;
    const key = pinKeyForKeyboard(event.key);
    if (key === null) return;
    if (key === 'submit') {
      const onPad = target === null || target === document.body || target === pad.current;
      if (!onPad) return;
      event.preventDefault();
      onSubmit();
      return;
    }
    event.preventDefault();
    onKey(key);
  });
  useEffect(() => {
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onKeyDown]);
}
