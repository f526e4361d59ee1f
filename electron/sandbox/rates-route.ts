import type { ServerResponse } from 'node:http';
import { sandboxChains } from './catalogue';
import { sendJsonText } from './envelope-replies';
import type { ServiceRouteContext } from './service-route';

/**
 * The demo rate provider at /rates (docs/pricing.md: Rate provider): what demo mode prices
 * in money with. USD per unit of each sandbox asset, keyed "chainId:SYMBOL" (the same symbol
 * may be another token on another chain), and USD per unit of a few currencies. Faults for
 * the tests (rule endpoint 'rates'): stale prices, an unreadable answer, a negative or zero
 * price, a missing asset, or any status (503: the provider is down).
 */

/** Fixed, so tests can work out what the till must ask for. */
const usdPerUnit: Record<string, string> = { EUR: '1.08', GBP: '1.27', CHF: '1.13', JPY: '0.0067' };

const DAY_MS = 86_400_000;

export function serveRates(
  res: ServerResponse,
  context: Pick<ServiceRouteContext, 'clock' | 'faultBook'>,
): void {
  const fault = context.faultBook.take('rates');
  if (fault?.status && fault.status >= 400) {
    sendJsonText(res, fault.status, '{"error":"unavailable"}');
    return;
  }
  if (fault?.rates === 'garbage') {
    sendJsonText(res, 200, '<html>rates</html>');
    return;
  }
  const usd: Record<string, string> = {};
  for (const chain of sandboxChains)
    for (const asset of chain.assets)
      usd[`${chain.chainId}:${asset.symbol}`] = String(asset.rateUsd);
  // The faults touch ETH on ETHEREUM, the volatile asset of the demo.
  if (fault?.rates === 'negative') usd['1:ETH'] = '-3150.42';
  if (fault?.rates === 'zero') usd['1:ETH'] = '0';
  if (fault?.rates === 'missing') delete usd['1:ETH'];
  const asOf = context.clock.now() - (fault?.rates === 'stale' ? DAY_MS : 0);
  sendJsonText(res, 200, JSON.stringify({ asOf: new Date(asOf).toISOString(), usd, usdPerUnit }));
}
