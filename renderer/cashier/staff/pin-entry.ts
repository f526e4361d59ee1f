import { PIN_PATTERN } from '../../../shared/staff';

/** The longest PIN main accepts (PIN_PATTERN: 4 to 8 digits); further digits are ignored. */
const PIN_MAX_DIGITS = 8;

/** What a key of the PIN pad (or of the physical keyboard) does to the PIN being typed. */
export type PinKey = { type: 'digit'; digit: string } | { type: 'delete' } | { type: 'clear' };

export function pinAfter(pin: string, key: PinKey): string {
  switch (key.type) {
    case 'digit':
      return /^\d$/.test(key.digit) && pin.length < PIN_MAX_DIGITS ? pin + key.digit : pin;
    case 'delete':
      return pin.slice(0, -1);
    case 'clear':
      return '';
  }
}

/** A physical key as a pad key, 'submit' for Enter, or null for any other key. */
export function pinKeyForKeyboard(key: string): PinKey | 'submit' | null {
  if (/^\d$/.test(key)) return { type: 'digit', digit: key };
  if (key === 'Backspace' || key === 'Delete') return { type: 'delete' };
  if (key === 'Enter') return 'submit';
  return null;
}

/** Whether the PIN can be sent: main refuses anything but 4 to 8 digits anyway. */
export function pinComplete(pin: string): boolean {
  return PIN_PATTERN.test(pin);
}
