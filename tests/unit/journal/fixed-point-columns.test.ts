import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixedPointOf } from '../../../electron/journal/fixed-point-columns';
import { addAmounts, canonical } from '../../../shared/money';

/** e9 / 10^9 + e18 / 10^18 as exact decimal text, by big.js. */
function valueOf(e9: bigint, e18: number): string {
  const nine = (digits: string, scale: number) =>
    digits.padStart(scale + 1, '0').replace(new RegExp(`(\\d{${scale}})$`), '.$1');
  return addAmounts(nine(e9.toString(), 9), nine(String(e18), 18));
}

describe('fixedPointOf', () => {
  it('splits a value into billionths and the next nine decimals, exactly', () => {
    expect(fixedPointOf('12.5')).toEqual({ e9: 12_500_000_000n, e18: 0 });
    expect(fixedPointOf('0.000000000000000001')).toEqual({ e9: 0n, e18: 1 });
    expect(fixedPointOf('999999999.999999999999999999')).toEqual({
      e9: 999_999_999_999_999_999n,
      e18: 999_999_999,
    });
    expect(fixedPointOf('7')).toEqual({ e9: 7_000_000_000n, e18: 0 });
  });

  it('holds nothing that does not fit: 10 whole digits, 19 decimals, no text, not plain', () => {
    for (const text of ['1000000000', '0.0000000000000000001', '', '1e5', '-1', '1.', '.5'])
      expect(fixedPointOf(text), text).toBeNull();
    expect(fixedPointOf(null)).toBeNull();
  });

  it('gives back the value itself for every text that fits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,9}(\.\d{1,18})?$/), (text) => {
        const parts = fixedPointOf(text);
        expect(parts).not.toBeNull();
        if (parts) expect(valueOf(parts.e9, parts.e18)).toBe(canonical(text));
      }),
      { numRuns: 500 },
    );
  });
});
