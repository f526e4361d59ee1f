import { successText } from './envelope-replies';
import { logoUrl } from './logos';

/**
 * A big service's catalogue on demand (config `extraChains`, for benchmarks and tests of a
 * long chain list): chain n (1, 2, ...) is "CHAIN n" with chain id GENERATED_CHAIN_BASE + n,
 * its own logo (`g<n>`, logos.ts draws it) and one asset, TOK (6 decimals). They are listed
 * only: a payment link for one is refused as an unknown chain, like any chain the sample
 * catalogue does not know.
 */
export const MAX_EXTRA_CHAINS = 20_000;
const GENERATED_CHAIN_BASE = 1_000_000;

/** The wire objects of the first `count` generated chains (short names keep 10 000 under 1 MiB). */
export function generatedChains(
  origin: string,
  count: number,
): { name: string; chain_id: number; logo: string }[] {
  const chains = [];
  for (let n = 1; n <= count; n += 1) {
    chains.push({
      name: `CHAIN ${n}`,
      chain_id: GENERATED_CHAIN_BASE + n,
      logo: logoUrl(origin, `g${n}`),
    });
  }
  return chains;
}

/** The asset list of a generated chain among the first `count`; null for any other id. */
export function generatedAssets(origin: string, chainIdText: string, count: number): string | null {
  if (!/^\d{1,15}$/.test(chainIdText)) return null;
  const n = Number(chainIdText) - GENERATED_CHAIN_BASE;
  if (n < 1 || n > count) return null;
  return successText([
    {
      asset: 'TOK',
      chain: `CHAIN ${n}`,
      chain_id: GENERATED_CHAIN_BASE + n,
      decimal: 6,
      logo: logoUrl(origin, `g${n}`),
    },
  ]);
}
