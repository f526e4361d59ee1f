import type { ServerResponse } from 'node:http';
import { sandboxChains } from './catalogue';
import { sendJsonText } from './envelope-replies';
import type { ServiceRouteContext } from './service-route';

/**
 * The demo rate provider at /rates (docs/pricing.md: Rate provider): what demo mode prices
 * in money with. USD per unit of each sandbox asset, keyed "chainId:SYMBOL" (the same symbol
 * may be another token on another chain), and USD per unit of a few currencies. Faults for
 * the tests (rule endpoint 'rates'): stale prices, an unreadable answer, a negative or zero
 * price, a missing asset, an answer past the size cap, any status (503: the provider is
 * down), `latencyMs` and `hang` (a provider that does not answer in time).
 */

/** Fixed, so tests can work out what the till must ask for. */
const usdPerUnit: Record<string, string> = { EUR: '1.08', GBP: '1.27', CHF: '1.13', JPY: '0.0067' };

const DAY_MS = 86_400_000;
/** Past the till's 256 KiB cap, yet valid JSON: only a client counting bytes refuses it. */
const OVERSIZE_BYTES = 300 * 1024;

export async function serveRates(
  res: ServerResponse,
  context: Pick<ServiceRouteContext, 'clock' | 'faultBook' | 'latency'>,
): Promise<void> {
  const fault = context.faultBook.take('rates');
  if (fault?.latencyMs && !(await context.latency.wait(fault.latencyMs, res))) return;
  if (fault?.hang) return; // close() destroys the socket.
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
  const text = JSON.stringify({ asOf: new Date(asOf).toISOString(), usd, usdPerUnit });
  if (fault?.rates === 'oversize') {
    // Chunked, without Content-Length, like a provider that streams a huge answer.
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(`${text.slice(0, -1)},"padding":"${'x'.repeat(OVERSIZE_BYTES)}"}`);
    return;
  }
  sendJsonText(res, 200, text);
}
