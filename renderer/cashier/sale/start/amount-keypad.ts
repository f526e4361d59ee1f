import { MAX_AMOUNT_LENGTH } from '../../../../shared/money';

/**
 * The amount as the cashier types it, on the touch keys or the physical keyboard. The text is
 * kept as typed (it is money: never parsed into a Number); this reducer only refuses what can
 * never become an amount (letters, a second point, more characters than the till accepts),
 * and tidies leading zeros so "007" reads "7". Whether the text is a valid amount for the
 * chosen asset is amountStatus's job, shown as the cashier types.
 */
export type KeypadAction =
  | { type: 'digit'; digit: string }
  /** The "00" key: two zeros at once, for round prices. */
  | { type: 'double-zero' }
  | { type: 'point' }
  | { type: 'backspace' }
  | { type: 'clear' }
  /** Text typed or pasted into the amount field: kept only if every character could be typed. */
  | { type: 'replace'; text: string };

export function keypadReducer(text: string, action: KeypadAction): string {
  switch (action.type) {
    case 'digit': {
      if (!/^\d$/.test(action.digit) || text.length >= MAX_AMOUNT_LENGTH) return text;
      // "0" followed by a digit is that digit: no leading zeros.
      return text === '0' ? action.digit : text + action.digit;
    }
    case 'double-zero': {
      const zero = { type: 'digit', digit: '0' } as const;
      return keypadReducer(keypadReducer(text, zero), zero);
    }
    case 'point': {
      if (text.includes('.') || text.length >= MAX_AMOUNT_LENGTH) return text;
      // A point first means "0.": the cashier pressed "." to start cents.
      return text === '' ? '0.' : `${text}.`;
    }
    case 'backspace':
      return text.slice(0, -1);
    case 'clear':
      return '';
    case 'replace': {
      const typed = action.text.trim();
      if (typed.length > MAX_AMOUNT_LENGTH || !/^\d*\.?\d*$/.test(typed)) return text;
      return typed.replace(/^0+(?=\d)/, '');
    }
  }
}

/** Maps a physical key to a keypad action; null for keys the amount does not use. */
export function keypadActionForKey(key: string): KeypadAction | null {
  if (/^\d$/.test(key)) return { type: 'digit', digit: key };
  if (key === '.' || key === ',' || key === 'Decimal') return { type: 'point' };
  if (key === 'Backspace') return { type: 'backspace' };
  if (key === 'Escape') return { type: 'clear' };
  return null;
}
