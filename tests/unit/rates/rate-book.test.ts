import { describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '../../../shared/settings';
import { silentLogger } from '../../../electron/logging/logger';
import { RateBook } from '../../../electron/rates/rate-book';
import { ManualClock } from '../../support/manual-clock';

const NOW = Date.UTC(2026, 10, 25, 9, 0, 0);

function book(
  overrides: Partial<Settings> = {},
  answer: () => Response | Promise<Response> = () =>
    Response.json({
      asOf: new Date(NOW).toISOString(),
      usd: { ETH: '3000', '56:ETH': '2990', USDT: '1.001' },
      usdPerUnit: { EUR: '1.25', GBP: '1.3' },
    }),
) {
  const clock = new ManualClock(NOW);
  const settings = {
    ...defaultSettings({ reportTimeZone: 'UTC' }),
    rateProviderUrl: 'https://rates.example/v1',
    ...overrides,
  };
  let requests = 0;
  const rates = new RateBook({
    clock,
    logger: silentLogger,
    settings: () => settings,
    fetch: (async () => {
      requests += 1;
      return answer();
    }) as typeof fetch,
  });
  return { rates, clock, settings, requests: () => requests };
}

describe('RateBook', () => {
  it('prices from the provider, chain-specific entries first, with the cross rate', async () => {
    const { rates } = book({ currency: 'EUR' });
    rates.start();
    await rates.ready();
    const eth = rates.priceFor('ETH', '1');
    expect(eth).toMatchObject({
      ok: true,
      price: { usdPrice: '3000', source: 'provider', asOfMs: NOW },
      cross: { currency: 'EUR', usdPerUnit: '1.25', source: 'provider' },
    });
    expect(rates.priceFor('ETH', '56')).toMatchObject({ ok: true, price: { usdPrice: '2990' } });
  });

  it("asks the sources in IT's order: a peg before the provider, a manager's price first when set", async () => {
    const { rates } = book({
      ratePegs: [{ asset: 'USDT', currency: 'USD', price: '1' }],
      rateSourceOrder: ['manual', 'peg', 'provider', 'last-link'],
    });
    rates.start();
    await rates.ready();
    expect(rates.priceFor('USDT', '1')).toMatchObject({
      ok: true,
      price: { usdPrice: '1', source: 'peg' },
    });
    rates.setManualPrice('USDT', null, '0.98');
    expect(rates.priceFor('USDT', '1')).toMatchObject({
      ok: true,
      price: { usdPrice: '0.98', source: 'manual' },
    });
    rates.setManualPrice('USDT', null, null);
    expect(rates.priceFor('USDT', '1')).toMatchObject({ ok: true, price: { source: 'peg' } });
  });

  it('brings a peg in another currency and a manager price to dollars', async () => {
    const { rates } = book({
      currency: 'GBP',
      ratePegs: [{ asset: 'EURC', currency: 'EUR', price: '1' }],
    });
    rates.start();
    await rates.ready();
    expect(rates.priceFor('EURC', '1')).toMatchObject({ ok: true, price: { usdPrice: '1.25' } });
    rates.setManualPrice('SUI', null, '2');
    expect(rates.priceFor('SUI', '101')).toMatchObject({ ok: true, price: { usdPrice: '2.6' } });
  });

  it('never prices from a stale provider; says how old it is', async () => {
    const { rates, clock } = book({ rateMaxAgeSeconds: 300 });
    rates.start();
    await rates.ready();
    rates.stop();
    clock.advance(301_000);
    expect(rates.priceFor('ETH', '1')).toEqual({
      ok: false,
      unavailable: {
        asset: 'ETH',
        chainId: '1',
        reason: "No price for ETH: the rate provider's prices are 5 minutes old.",
      },
    });
  });

  it('asks the provider again within half the maximum age, on the clock', async () => {
    const { rates, clock, requests } = book({ rateMaxAgeSeconds: 60 });
    rates.start();
    await rates.ready();
    expect(requests()).toBe(1);
    clock.advance(30_000);
    await rates.ready();
    expect(requests()).toBe(2);
    rates.stop();
    clock.advance(600_000);
    expect(requests()).toBe(2);
  });

  it("keeps a manager's price with its currency and author, and retires it in another currency", async () => {
    const { rates, settings, clock } = book({ currency: 'EUR', rateSourceOrder: ['manual'] });
    rates.start();
    await rates.ready();
    rates.setManualPrice('ETH', null, '2000', 'staff-ana');
    clock.advance(5_000);
    rates.setManualPrice('ETH', '56', '1990');
    expect(rates.manualPrices()).toEqual([
      {
        asset: 'ETH',
        chainId: null,
        price: '2000',
        currency: 'EUR',
        setBy: 'staff-ana',
        setAtMs: NOW,
        retired: false,
      },
      {
        asset: 'ETH',
        chainId: '56',
        price: '1990',
        currency: 'EUR',
        setBy: null,
        setAtMs: NOW + 5_000,
        retired: false,
      },
    ]);
    expect(rates.priceFor('ETH', '1')).toMatchObject({ ok: true, price: { usdPrice: '2500' } });

    settings.currency = 'GBP';
    expect(rates.priceFor('ETH', '1')).toEqual({
      ok: false,
      unavailable: {
        asset: 'ETH',
        chainId: '1',
        reason:
          'No price for ETH: the price typed by hand is in EUR, not in GBP: a manager types a new one.',
      },
    });
    expect(rates.manualPrices().map((typed) => typed.retired)).toEqual([true, true]);
    // A new price in the new currency holds, also where a chain's own old one is retired.
    rates.setManualPrice('ETH', null, '1800');
    expect(rates.priceFor('ETH', '1')).toMatchObject({ ok: true, price: { usdPrice: '2340' } });
    expect(rates.priceFor('ETH', '56')).toMatchObject({ ok: true, price: { usdPrice: '2340' } });
    expect(
      rates.manualPrices().map((typed) => [typed.chainId, typed.currency, typed.retired]),
    ).toEqual([
      [null, 'GBP', false],
      ['56', 'EUR', true],
    ]);
  });

  it("uses the latest link's rate only while it is young enough", async () => {
    const { rates, clock } = book({ rateProviderUrl: '', rateSourceOrder: ['last-link'] });
    rates.recordLinkRate('ETH', '1', '3100.5', NOW);
    expect(rates.priceFor('ETH', '1')).toMatchObject({
      ok: true,
      price: { usdPrice: '3100.5', source: 'last-link' },
    });
    clock.advance(601_000);
    expect(rates.priceFor('ETH', '1')).toMatchObject({
      ok: false,
      unavailable: { reason: "No price for ETH: the last link's rate is too old." },
    });
  });

  it('refuses a missing cross rate, a failing provider and a price it left out', async () => {
    const failing = book({ currency: 'EUR' }, () => new Response('busy', { status: 503 }));
    failing.rates.start();
    await failing.rates.ready();
    expect(failing.rates.priceFor('ETH', '1')).toMatchObject({
      ok: false,
      unavailable: {
        reason: 'No exchange rate for EUR: the rate provider answered HTTP 503.',
      },
    });
    const fixed = book({ currency: 'EUR', fixedUsdPerUnit: '1.1' }, () =>
      Response.json({
        asOf: new Date(NOW).toISOString(),
        usd: { ETH: '-1', USDT: 'abc' },
      }),
    );
    fixed.rates.start();
    await fixed.rates.ready();
    expect(fixed.rates.priceFor('ETH', '1')).toMatchObject({
      ok: false,
      unavailable: { reason: 'No price for ETH: the rate provider gave no price for it.' },
    });
    const none = book({ rateProviderUrl: '' });
    expect(none.rates.priceFor('ETH', '1')).toMatchObject({
      ok: false,
      unavailable: { reason: 'No price for ETH: no rate provider is set.' },
    });
  });
});
