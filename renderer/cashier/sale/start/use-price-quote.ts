import { useEffect, useState } from 'react';
import type { PriceQuote } from '../../../../shared/pricing/price-quote';
import { callPos } from '../../shell/pos';

/**
 * What the typed price comes to in the chosen asset, asked of main as the cashier types (the
 * rates live there). Only the answer to the latest question is kept: a slow answer to an older
 * amount never replaces a newer one.
 */
export function usePriceQuote(
  money: string | null,
  chainId: string | null,
  asset: string | null,
): PriceQuote | null {
  const [quote, setQuote] = useState<{ key: string; quote: PriceQuote } | null>(null);
  const key = money && chainId && asset ? `${money}|${chainId}|${asset}` : null;
  useEffect(() => {
    if (!key || !money || !chainId || !asset) return;
    let current = true;
    void callPos('quotePrice', { money, chainId, asset }).then((result) => {
      if (!current) return;
      setQuote({
        key,
        quote: result.ok ? result.value : { ok: false, reason: result.error.message },
      });
    });
    return () => {
      current = false;
    };
  }, [key, money, chainId, asset]);
  return quote && quote.key === key ? quote.quote : null;
}
