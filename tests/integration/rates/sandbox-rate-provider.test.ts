import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../shared/settings';
import { silentLogger } from '../../../electron/logging/logger';
import { RateBook } from '../../../electron/rates/rate-book';
import { sandboxChains } from '../../../electron/sandbox/catalogue';
import {
  startSandbox,
  type FaultRule,
  type RunningSandbox,
} from '../../../electron/sandbox/sandbox-server';
import { ManualClock } from '../../support/manual-clock';

// The RateBook against the sandbox's /rates over real HTTP, as demo mode wires it: each fault
// makes ETH (or the euro) unavailable with its reason, and the next good answer prices it.
let sandbox: RunningSandbox;
let clock: ManualClock;
let rates: RateBook;
const settings = { ...defaultSettings({ reportTimeZone: 'UTC' }), currency: 'EUR' };

beforeEach(async () => {
  clock = new ManualClock(Date.UTC(2026, 10, 25, 9, 0, 0));
  sandbox = await startSandbox({ clock, controlEndpoint: true });
  rates = new RateBook({
    clock,
    logger: silentLogger,
    settings: () => settings,
    defaultProviderUrl: () => `${sandbox.origin}/rates`,
    fetch: globalThis.fetch,
  });
});
afterEach(async () => {
  rates.stop();
  await sandbox.close();
});

/** One request to the provider, as the book's own schedule would make it. */
async function askOnce(): Promise<void> {
  rates.stop();
  rates.start();
  await rates.ready(60_000);
}

describe("the sandbox's rate provider", () => {
  it("serves its catalogue's prices by chain, four currencies, dated by its clock", async () => {
    const response = await fetch(`${sandbox.origin}/rates`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { asOf: string; usd: object; usdPerUnit: object };
    const expected = sandboxChains.flatMap((chain) =>
      chain.assets.map((asset) => [`${chain.chainId}:${asset.symbol}`, String(asset.rateUsd)]),
    );
    expect(body).toEqual({
      asOf: '2026-11-25T09:00:00.000Z',
      usd: Object.fromEntries(expected),
      usdPerUnit: { EUR: '1.08', GBP: '1.27', CHF: '1.13', JPY: '0.0067' },
    });
  });

  it('prices ETH in euros from a good answer', async () => {
    await askOnce();
    expect(rates.priceFor('ETH', '1')).toMatchObject({
      ok: true,
      price: { usdPrice: '3150.42', source: 'provider', asOfMs: clock.now() },
      cross: { currency: 'EUR', usdPerUnit: '1.08', source: 'provider' },
    });
  });

  const faults: [string, FaultRule, string][] = [
    [
      'stale',
      { endpoint: 'rates', rates: 'stale' },
      "No exchange rate for EUR: the rate provider's prices are 24 hours old.",
    ],
    [
      'garbage',
      { endpoint: 'rates', rates: 'garbage' },
      "No exchange rate for EUR: the rate provider's answer could not be read.",
    ],
    [
      'down',
      { endpoint: 'rates', status: 503 },
      'No exchange rate for EUR: the rate provider answered HTTP 503.',
    ],
    [
      'negative',
      { endpoint: 'rates', rates: 'negative' },
      'No price for ETH: the rate provider gave no price for it.',
    ],
    [
      'zero',
      { endpoint: 'rates', rates: 'zero' },
      'No price for ETH: the rate provider gave no price for it.',
    ],
    [
      'missing',
      { endpoint: 'rates', rates: 'missing' },
      'No price for ETH: the rate provider gave no price for it.',
    ],
    [
      'oversize',
      { endpoint: 'rates', rates: 'oversize' },
      "No exchange rate for EUR: the rate provider's answer is too large.",
    ],
  ];
  it.each(faults)(
    'refuses a %s answer, then prices from the next good one',
    async (_n, rule, reason) => {
      sandbox.setFaults([{ ...rule, times: 1 }]);
      await askOnce();
      expect(rates.priceFor('ETH', '1')).toEqual({
        ok: false,
        unavailable: { asset: 'ETH', chainId: '1', reason },
      });
      // Other assets in a partly bad answer stay priced.
      if (reason.startsWith('No price')) expect(rates.priceFor('BNB', '56').ok).toBe(true);
      // The fault was for one request: the next answer is good again.
      await askOnce();
      expect(rates.priceFor('ETH', '1')).toMatchObject({
        ok: true,
        price: { usdPrice: '3150.42' },
      });
    },
  );

  it('gives up on a provider that does not answer within 5 s on the clock', async () => {
    sandbox.setFaults([{ endpoint: 'rates', hang: true }]);
    rates.start();
    const ready = rates.ready(60_000);
    clock.advance(4_999);
    expect(rates.priceFor('ETH', '1')).toMatchObject({ ok: false });
    clock.advance(1);
    await ready;
    expect(rates.priceFor('ETH', '1')).toMatchObject({
      ok: false,
      unavailable: {
        reason: 'No exchange rate for EUR: the rate provider did not answer in time.',
      },
    });
    sandbox.setFaults([]);
    await askOnce();
    expect(rates.priceFor('ETH', '1')).toMatchObject({ ok: true });
  });
});
