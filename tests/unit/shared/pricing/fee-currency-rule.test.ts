import { describe, expect, it } from 'vitest';
import { fixedFeeProblems } from '../../../../shared/pricing/fee-currency-rule';

const euros = { currency: 'EUR', feeFixed: '0.3' };

describe('a fixed fee belongs to its currency', () => {
  it('is given again when the currency changes, the same number too if meant', () => {
    expect(fixedFeeProblems(euros, { currency: 'JPY' })).toEqual([
      'The fixed fee 0.3 was set in EUR: give it again in JPY (or 0) in the same change.',
    ]);
    expect(fixedFeeProblems(euros, { currency: 'USD', feeFixed: '0.3' })).toEqual([]);
    expect(fixedFeeProblems(euros, { currency: 'JPY', feeFixed: '30' })).toEqual([]);
    expect(fixedFeeProblems(euros, { currency: 'JPY', feeFixed: '0' })).toEqual([]);
    // No fee, or the same currency: nothing to give again.
    for (const none of ['0', '0.00', '000'])
      expect(fixedFeeProblems({ currency: 'EUR', feeFixed: none }, { currency: 'JPY' })).toEqual(
        [],
      );
    expect(fixedFeeProblems(euros, { currency: 'EUR' })).toEqual([]);
    expect(fixedFeeProblems(euros, { feeFixed: '0.5' })).toEqual([]);
  });

  it('has no more decimals than the currency, at the edge', () => {
    expect(fixedFeeProblems(euros, { feeFixed: '0.35' })).toEqual([]);
    expect(fixedFeeProblems(euros, { feeFixed: '0.355' })).toEqual([
      'The fixed fee has more decimals than EUR has: at most 2.',
    ]);
    const yen = { currency: 'JPY', feeFixed: '0' };
    expect(fixedFeeProblems(yen, { feeFixed: '5' })).toEqual([]);
    expect(fixedFeeProblems(yen, { feeFixed: '0.0001' })).toEqual([
      'The fixed fee cannot have decimals: JPY has none.',
    ]);
    const dinar = { currency: 'KWD', feeFixed: '0' };
    expect(fixedFeeProblems(dinar, { feeFixed: '0.125' })).toEqual([]);
    expect(fixedFeeProblems(dinar, { feeFixed: '0.1255' })).toEqual([
      'The fixed fee has more decimals than KWD has: at most 3.',
    ]);
    // A change of currency with the fee given again is held to the new currency's decimals.
    expect(fixedFeeProblems(euros, { currency: 'JPY', feeFixed: '0.3' })).toEqual([
      'The fixed fee cannot have decimals: JPY has none.',
    ]);
  });
});
