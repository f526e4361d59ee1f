import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareServiceRate } from '../../../../shared/pricing/second-opinion';
import { B, rateText } from './pricing-arbitraries';

const compare = (serviceRateUsd: string, tolerancePercent = '1', ourUsdPrice = '3000') =>
  compareServiceRate({ ourUsdPrice, serviceRateUsd, tolerancePercent });

describe("the service's rate as a second opinion", () => {
  it('is within the tolerance up to it, either way, and not beyond', () => {
    expect(compare('3000')).toEqual({ within: true, differencePercent: '0' });
    expect(compare('3030')).toEqual({ within: true, differencePercent: '1' });
    expect(compare('2970')).toEqual({ within: true, differencePercent: '1' });
    // 1.00497 % reads "1 %" and is judged as read; 1.005 % reads "1.01 %".
    expect(compare('3030.149')).toEqual({ within: true, differencePercent: '1' });
    expect(compare('3030.15')).toEqual({ within: false, differencePercent: '1.01' });
    expect(compare('2969.85')).toEqual({ within: false, differencePercent: '1.01' });
    expect(compare('3030.3')).toEqual({ within: false, differencePercent: '1.01' });
    expect(compare('3000', '0')).toEqual({ within: true, differencePercent: '0' });
    expect(compare('3000.3', '0')).toEqual({ within: false, differencePercent: '0.01' });
    expect(compare('6000', '100')).toEqual({ within: true, differencePercent: '100' });
  });

  it("reads the service's rate as JSON wrote it, exponent included", () => {
    expect(compare('1e-7', '1', '0.0000001')).toEqual({ within: true, differencePercent: '0' });
    expect(compare('1.5e+3', '1', '1500')).toEqual({ within: true, differencePercent: '0' });
  });

  it('never says "within" when a number cannot be compared; the cashier decides', () => {
    const unknown = { within: false, differencePercent: null };
    for (const service of ['0', '0.0', '-5', '', 'abc', 'NaN', 'Infinity', '1e99999', ' 3000'])
      expect(compare(service)).toEqual(unknown);
    expect(compare('3000', '1', '0')).toEqual(unknown);
    expect(compare('3000', '1', 'abc')).toEqual(unknown);
    expect(compare('3000', '')).toEqual(unknown);
    expect(compare('3000', '-1')).toEqual(unknown);
  });

  it('agrees with the difference worked out by hand, rounded half-up to 2 places', () => {
    fc.assert(
      fc.property(
        rateText,
        rateText,
        fc.constantFrom('0', '0.5', '1', '2.5'),
        (ours, service, tolerance) => {
          const result = compare(service, tolerance, ours);
          expect(result.differencePercent).not.toBeNull();
          const percent = new B(result.differencePercent ?? '0');
          // percent × ours is within half a hundredth × ours of |service − ours| × 100.
          const exact = new B(service).minus(ours).abs().times('100');
          const error = percent.times(ours).minus(exact);
          expect(error.abs().lte(new B('0.005').times(ours))).toBe(true);
          // A tie (error exactly half down) must have gone up.
          expect(error.eq(new B('-0.005').times(ours))).toBe(false);
          expect(result.within).toBe(percent.lte(tolerance));
        },
      ),
      { numRuns: 500 },
    );
  });
});
