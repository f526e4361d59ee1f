import { z } from 'zod';
import { MAX_PROVIDER_BYTES } from './provider-fetch';

/**
 * What a rate provider answers (docs/pricing.md: Rate provider):
 *   { "asOf": "2026-11-25T08:00:00Z",
 *     "usd": { "ETH": "3185.50", "1:USDC": "0.9999" },
 *     "usdPerUnit": { "EUR": "1.0832" } }
 * `usd`: US dollars per 1 unit of an asset, "SYMBOL" or "chainId:SYMBOL" (that chain only);
 * `usdPerUnit`: US dollars per 1 unit of a currency. Values are decimal strings: a JSON
 * number would pass through a float before the till saw it. An entry that is not a positive
 * decimal is left out (that asset is then unpriced), the rest of the answer stays usable:
 * one bad entry must not stop sales of every other asset. A bad shape, a date in the future
 * or an answer over the cap refuses the whole answer (nothing in it can be trusted).
 */

const POSITIVE_DECIMAL = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,18})?$/;
const isPositive = (value: string) => POSITIVE_DECIMAL.test(value) && /[1-9]/.test(value);

const table = z.record(z.string().min(1).max(80), z.unknown());

const providerSchema = z.object({
  asOf: z.iso.datetime({ offset: true }),
  usd: table,
  usdPerUnit: table.optional(),
});

export interface ProviderPrices {
  asOfMs: number;
  usd: Map<string, string>;
  usdPerUnit: Map<string, string>;
  /** Entries left out, with why: for the log. */
  refused: string[];
}

/** The answer read, or why it cannot be used (a clause for the cashier). Never throws. */
export function readProviderAnswer(
  text: string,
  nowMs: number,
): { ok: true; prices: ProviderPrices } | { ok: false; reason: string } {
  if (text.length > MAX_PROVIDER_BYTES)
    return { ok: false, reason: "the rate provider's answer is too large" };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: "the rate provider's answer could not be read" };
  }
  const parsed = providerSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: "the rate provider's answer could not be read" };
  const asOfMs = Date.parse(parsed.data.asOf);
  if (asOfMs > nowMs + 60_000)
    return { ok: false, reason: "the rate provider's prices are dated in the future" };
  const refused: string[] = [];
  const keep = (entries: Record<string, unknown>) => {
    const kept = new Map<string, string>();
    for (const [key, value] of Object.entries(entries)) {
      if (typeof value === 'string' && isPositive(value)) kept.set(key, value);
      else refused.push(key);
    }
    return kept;
  };
  return {
    ok: true,
    prices: {
      asOfMs,
      usd: keep(parsed.data.usd),
      usdPerUnit: keep(parsed.data.usdPerUnit ?? {}),
      refused,
    },
  };
}
