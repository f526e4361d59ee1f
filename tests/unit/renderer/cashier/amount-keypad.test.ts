import { describe, expect, it } from 'vitest';
import {
  keypadActionForKey,
  keypadReducer,
  type KeypadAction,
} from '../../../../renderer/cashier/sale/start/amount-keypad';
import { amountStatus } from '../../../../renderer/cashier/sale/start/amount-status';

const press = (keys: KeypadAction[], from = '') => keys.reduce(keypadReducer, from);
const digits = (text: string): KeypadAction[] =>
  [...text].map((char) => (char === '.' ? { type: 'point' } : { type: 'digit', digit: char }));

describe('amount keypad reducer', () => {
  it('builds the amount key by key', () => {
    expect(press(digits('12.50'))).toBe('12.50');
  });

  it('refuses a second point and anything that is not a digit', () => {
    expect(press(digits('1.2.3'))).toBe('1.23');
    expect(keypadReducer('1', { type: 'digit', digit: 'x' })).toBe('1');
    expect(keypadReducer('1', { type: 'digit', digit: '12' })).toBe('1');
  });

  it('starts "0." when the point comes first and drops leading zeros', () => {
    expect(press([{ type: 'point' }, { type: 'digit', digit: '5' }])).toBe('0.5');
    expect(press(digits('007'))).toBe('7');
    expect(press(digits('0.07'))).toBe('0.07');
  });

  it('deletes the last character and clears', () => {
    expect(keypadReducer('12.5', { type: 'backspace' })).toBe('12.');
    expect(keypadReducer('', { type: 'backspace' })).toBe('');
    expect(keypadReducer('12.5', { type: 'clear' })).toBe('');
  });

  it('keeps typed or pasted text only when every character could have been typed', () => {
    expect(keypadReducer('1', { type: 'replace', text: '42.1' })).toBe('42.1');
    expect(keypadReducer('1', { type: 'replace', text: ' 0042 ' })).toBe('42');
    expect(keypadReducer('1', { type: 'replace', text: '-4' })).toBe('1');
    expect(keypadReducer('1', { type: 'replace', text: '1e5' })).toBe('1');
    expect(keypadReducer('1', { type: 'replace', text: '1,5' })).toBe('1');
  });

  it('stops at the longest amount the till reads', () => {
    const long = '9'.repeat(80);
    expect(keypadReducer(long, { type: 'digit', digit: '1' })).toBe(long);
    expect(keypadReducer(long, { type: 'point' })).toBe(long);
  });

  it('maps physical keys: digits, point (and comma), Backspace, Escape', () => {
    expect(keypadActionForKey('7')).toEqual({ type: 'digit', digit: '7' });
    expect(keypadActionForKey('.')).toEqual({ type: 'point' });
    expect(keypadActionForKey(',')).toEqual({ type: 'point' });
    expect(keypadActionForKey('Backspace')).toEqual({ type: 'backspace' });
    expect(keypadActionForKey('Escape')).toEqual({ type: 'clear' });
    expect(keypadActionForKey('Enter')).toBeNull();
    expect(keypadActionForKey('a')).toBeNull();
  });
});

describe('amount checked against the asset decimals as typed', () => {
  it('is empty, then ready with the canonical value', () => {
    expect(amountStatus('', 6)).toEqual({ kind: 'empty' });
    expect(amountStatus('12.50', 6)).toEqual({ kind: 'ready', value: '12.5' });
  });

  it('treats a trailing point as on its way, unless the asset has no decimals', () => {
    expect(amountStatus('12.', 6)).toMatchObject({ kind: 'incomplete' });
    expect(amountStatus('12.', 0)).toEqual({
      kind: 'invalid',
      reason: 'The amount must be a whole number for this asset.',
    });
  });

  it('says why when there are more decimals than the asset has', () => {
    expect(amountStatus('1.1234567', 6)).toEqual({
      kind: 'invalid',
      reason: 'The amount has too many decimals: this asset allows at most 6.',
    });
    expect(amountStatus('1.123456', 6)).toEqual({ kind: 'ready', value: '1.123456' });
    // Trailing zeros are not significant: 1.50 is exactly 1.5.
    expect(amountStatus('1.50', 1)).toEqual({ kind: 'ready', value: '1.5' });
  });

  it('refuses zero', () => {
    expect(amountStatus('0', 6)).toEqual({
      kind: 'invalid',
      reason: 'The amount must be more than zero.',
    });
    expect(amountStatus('0.000', 6)).toMatchObject({ kind: 'invalid' });
  });

  it('checks only the form until an asset is chosen', () => {
    expect(amountStatus('1.1234567', null)).toEqual({ kind: 'ready', value: '1.1234567' });
  });
});
