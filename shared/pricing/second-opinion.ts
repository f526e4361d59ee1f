import Big from 'big.js';
import { canonical } from '../money';

/** A private constructor: the precision of the percentage is set here alone. */
const Dec = Big();
Dec.strict = true;
Dec.NE = -1_000_000;
Dec.PE = 1_000_000;
// The percentage is rounded once, by the division itself: big.js rounds a quotient using its
// exact remainder, so 1.005 exactly rounds up and 1.00499… does not (no double rounding).
Dec.DP = 2;
Dec.RM = Big.roundHalfUp;

/** Our own decimal text: plain, unsigned. */
const PLAIN = /^\d+(?:\.\d+)?$/;
/**
 * The service's rate_usd reaches us as String(JSON number), which is exponent notation below
 * 1e-6 and from 1e21 ("1e-7"); big.js reads that exactly. The exponent is capped at three digits
 * so junk such as "1e999999" is refused rather than expanded.
 */
const NUMBER_TEXT = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,3})?$/;

function positive(text: string, pattern: RegExp): Big | undefined {
  if (typeof text !== 'string' || text.length > 100 || !pattern.test(text)) return undefined;
  const value = new Dec(text);
  return value.gt('0') ? value : undefined;
}

/**
 * The service's rate_usd as a second opinion on the till's own price (docs/pricing.md):
 * how far apart they are, |service − ours| ÷ ours × 100, half-up to 2 decimals, canonical
 * ("1", "1.01"), and whether that is at most IT's tolerance.
 *
 * Decision: when a number cannot be compared (the service's rate is missing, zero, negative
 * or not a number; our own price or the tolerance is malformed) the result is
 * `{ within: false, differencePercent: null }`, never a throw and never a guessed "0": the
 * sale then waits for the cashier, who sees both prices. `null` rather than a word such as
 * "unknown" so nobody prints it as a percentage by mistake.
 */
export function compareServiceRate(input: {
  ourUsdPrice: string;
  serviceRateUsd: string;
  tolerancePercent: string;
}): { within: boolean; differencePercent: string | null } {
  const service = positive(input.serviceRateUsd, NUMBER_TEXT);
  const ours = positive(input.ourUsdPrice, PLAIN);
  const tolerance = PLAIN.test(input.tolerancePercent) ? new Dec(input.tolerancePercent) : null;
  if (!service || !ours || !tolerance) return { within: false, differencePercent: null };
  const percent = canonical(service.minus(ours).abs().times('100').div(ours).toFixed());
  // Compared after rounding: what the cashier reads ("1 %") is what was judged.
  return { within: new Dec(percent).lte(tolerance), differencePercent: percent };
}
