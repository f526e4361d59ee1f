import Big from 'big.js';
import { canonical } from '../money';

const Dec = Big();
Dec.strict = true;
Dec.NE = -1_000_000;
Dec.PE = 1_000_000;
Dec.DP = 12;
Dec.RM = Big.roundHalfUp;

const POSITIVE_DECIMAL = /^\d+(?:\.\d+)?$/;

/**
 * The service's rate_usd as a second opinion on the till's own price (docs/pricing.md):
 * how far apart they are, in percent of the till's (half-up to 2 decimals), and whether that
 * is within IT's tolerance. A service rate that is not a positive decimal is never "within":
 * the cashier decides.
 */
export function compareServiceRate(input: {
  ourUsdPrice: string;
  serviceRateUsd: string;
  tolerancePercent: string;
}): { within: boolean; differencePercent: string | null } {
  const { ourUsdPrice, serviceRateUsd, tolerancePercent } = input;
  if (!POSITIVE_DECIMAL.test(serviceRateUsd) || new Dec(serviceRateUsd).eq('0'))
    return { within: false, differencePercent: null };
  const ours = new Dec(ourUsdPrice);
  const difference = new Dec(serviceRateUsd).minus(ours).abs().times('100').div(ours);
  const percent = canonical(difference.toFixed(2));
  return { within: new Dec(percent).lte(new Dec(tolerancePercent)), differencePercent: percent };
}
