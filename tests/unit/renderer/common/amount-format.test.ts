import { describe, expect, it } from 'vitest';
import { amountWithAsset, displayAmount } from '../../../../renderer/common/amount-format';

const NNBSP = '\u202f';

describe('displayAmount', () => {
  it('pads to two fraction digits and keeps every significant digit', () => {
    expect(displayAmount('12.5')).toBe('12.50');
    expect(displayAmount('5')).toBe('5.00');
    expect(displayAmount('0.000000000000000001', 18)).toBe('0.000000000000000001');
    expect(displayAmount('1.123456789')).toBe('1.123456789');
  });

  it('groups thousands with a narrow no-break space from five integer digits on', () => {
    expect(displayAmount('1234.5')).toBe('1234.50');
    expect(displayAmount('12345.5')).toBe(`12${NNBSP}345.50`);
    expect(displayAmount('1234567.891')).toBe(`1${NNBSP}234${NNBSP}567.891`);
    expect(displayAmount('12345.5')).not.toContain(' ');
  });

  it('uses the asset decimals when known (a whole-number asset gets no fraction)', () => {
    expect(displayAmount('7', 0)).toBe('7');
    expect(displayAmount('7.5', 1)).toBe('7.5');
  });

  it('shows text that is not a plain decimal as it came instead of breaking the screen', () => {
    expect(displayAmount('1e5')).toBe('1e5');
    expect(displayAmount('')).toBe('');
  });
});

describe('amountWithAsset', () => {
  it('puts the asset after the amount, or leaves it out when unknown', () => {
    expect(amountWithAsset('12.5', 'USDT')).toBe('12.50 USDT');
    expect(amountWithAsset('12.5', null)).toBe('12.50');
  });
});
