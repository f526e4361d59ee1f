import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumDecimalTexts } from '../../../shared/exact-sum';
import { sumAmounts } from '../../../shared/money';

const decimalText = fc
  .tuple(
    fc.bigInt({ min: 0n, max: 10n ** 30n }),
    fc.option(fc.stringMatching(/^\d{1,20}$/), { nil: undefined }),
  )
  .map(([whole, fraction]) => (fraction === undefined ? whole.toString() : `${whole}.${fraction}`));

describe('sumDecimalTexts', () => {
  it('equals shared/money sumAmounts', () => {
    fc.assert(
      fc.property(fc.array(decimalText, { maxLength: 60 }), (values) => {
        expect(sumDecimalTexts(values)).toBe(sumAmounts(values));
      }),
      { numRuns: 500 },
    );
  });

  it('is exact where floating point is not', () => {
    expect(sumDecimalTexts(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimalTexts(['0.000000000000000001', '1000000000000000000'])).toBe(
      '1000000000000000000.000000000000000001',
    );
    expect(sumDecimalTexts(['1.50', '2.50'])).toBe('4');
    expect(sumDecimalTexts([])).toBe('0');
    expect(sumDecimalTexts(['0.0'])).toBe('0');
  });

  it('refuses what is not plain decimal text', () => {
    for (const bad of ['-1', '1e5', '1,5', ' 1', '', '.5', 'NaN']) {
      expect(() => sumDecimalTexts([bad]), bad).toThrow(RangeError);
    }
  });
});
