import { describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '../../../shared/settings';
import { silentLogger } from '../../../electron/logging/logger';
import { RateBook } from '../../../electron/rates/rate-book';
import { ManualClock } from '../../support/manual-clock';

const NOW = Date.UTC(2026, 10, 25, 9, 0, 0);
const good = (clock: ManualClock) =>
  Response.json({
    asOf: new Date(clock.now()).toISOString(),
    usd: { ETH: '3000', '56:ETH': '2990' },
    usdPerUnit: { EUR: '1.25' },
  });

/** A fetch whose answers the test hands out; it honours the abort signal like the real one. */
function scriptedFetch(clock: ManualClock) {
  const urls: string[] = [];
  let next: (clock: ManualClock) => Response | 'hang' = good;
  const fetcher = ((url: string, init?: RequestInit) => {
    urls.push(url);
    const answer = next(clock);
    if (answer !== 'hang') return Promise.resolve(answer);
    return new Promise((_resolve, reject) =>
      init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
    );
  }) as typeof fetch;
  return { fetcher, urls, answer: (f: typeof next) => (next = f) };
}

function book(overrides: Partial<Settings> = {}, defaultProviderUrl?: string) {
  const clock = new ManualClock(NOW);
  const settings = {
    ...defaultSettings({ reportTimeZone: 'UTC' }),
    rateProviderUrl: 'https://rates.example/v1',
    ...overrides,
  };
  const script = scriptedFetch(clock);
  const rates = new RateBook({
    clock,
    logger: silentLogger,
    settings: () => settings,
    defaultProviderUrl: () => defaultProviderUrl,
    fetch: script.fetcher,
  });
  return { rates, clock, settings, ...script };
}

describe('RateBook rules', () => {
  it('prefers a chain-specific peg and a chain-specific manager price to symbol-only ones', () => {
    const { rates } = book({
      rateProviderUrl: '',
      rateSourceOrder: ['peg', 'manual'],
      ratePegs: [
        { asset: 'USDT', currency: 'USD', price: '1' },
        { asset: 'USDT', chainId: '56', currency: 'USD', price: '0.99' },
      ],
    });
    expect(rates.priceFor('USDT', '56')).toMatchObject({ ok: true, price: { usdPrice: '0.99' } });
    expect(rates.priceFor('USDT', '1')).toMatchObject({ ok: true, price: { usdPrice: '1' } });
    rates.setManualPrice('SUI', null, '2');
    rates.setManualPrice('SUI', '101', '3');
    expect(rates.priceFor('SUI', '101')).toMatchObject({ ok: true, price: { usdPrice: '3' } });
    expect(rates.priceFor('SUI', '7')).toMatchObject({ ok: true, price: { usdPrice: '2' } });
  });

  it("brings a peg in the shop's currency to dollars with IT's fixed rate, no provider needed", () => {
    const { rates } = book({
      currency: 'EUR',
      fixedUsdPerUnit: '1.08',
      rateProviderUrl: '',
      ratePegs: [{ asset: 'EURC', currency: 'EUR', price: '1' }],
    });
    expect(rates.priceFor('EURC', '1')).toMatchObject({
      ok: true,
      price: { usdPrice: '1.08', source: 'peg' },
      cross: { currency: 'EUR', usdPerUnit: '1.08', source: 'fixed' },
    });
  });

  it('uses 1 as the cross rate in dollars, and says when no source has a price', () => {
    const { rates } = book({ rateProviderUrl: '', rateSourceOrder: ['peg'] });
    expect(rates.priceFor('ETH', '1')).toEqual({
      ok: false,
      unavailable: {
        asset: 'ETH',
        chainId: '1',
        reason: 'No price for ETH: no rate source has one.',
      },
    });
    const manual = book({ rateProviderUrl: '', rateSourceOrder: ['manual'] });
    manual.rates.setManualPrice('ETH', null, '3000');
    expect(manual.rates.priceFor('ETH', '1')).toMatchObject({
      ok: true,
      cross: { currency: 'USD', usdPerUnit: '1', source: 'usd' },
    });
  });

  it('refuses a manager price that is not a positive decimal', () => {
    const { rates } = book();
    expect(() => rates.setManualPrice('ETH', null, '0')).toThrow(RangeError);
    expect(() => rates.setManualPrice('ETH', null, '-5')).toThrow(RangeError);
    expect(rates.manualPrices()).toEqual([]);
  });

  it('keeps young prices through a failed request, then names the failure once they are old', async () => {
    const { rates, clock, answer } = book({ rateMaxAgeSeconds: 120 });
    rates.start();
    await rates.ready();
    answer(() => new Response('busy', { status: 503 }));
    clock.advance(60_000);
    await rates.ready();
    expect(rates.priceFor('ETH', '1')).toMatchObject({ ok: true, price: { asOfMs: NOW } });
    clock.advance(61_000);
    await rates.ready();
    expect(rates.priceFor('ETH', '1')).toMatchObject({
      ok: false,
      unavailable: { reason: 'No price for ETH: the rate provider answered HTTP 503.' },
    });
    answer(good);
    clock.advance(60_000);
    await rates.ready();
    expect(rates.priceFor('ETH', '1')).toMatchObject({ ok: true, price: { usdPrice: '3000' } });
    rates.stop();
  });

  it('gives up on a provider after 5 s on the clock, one request at a time', async () => {
    const { rates, clock, answer, urls } = book();
    answer(() => 'hang');
    rates.start();
    rates.start();
    const ready = rates.ready(60_000);
    expect(urls).toHaveLength(1);
    clock.advance(4_999);
    expect(rates.priceFor('ETH', '1')).toMatchObject({
      unavailable: { reason: 'No price for ETH: the rate provider has not answered yet.' },
    });
    clock.advance(1);
    await ready;
    expect(urls).toHaveLength(1);
    expect(rates.priceFor('ETH', '1')).toMatchObject({
      unavailable: { reason: 'No price for ETH: the rate provider did not answer in time.' },
    });
    rates.stop();
  });

  it('stops waiting for the first answer after `withinMs` on the clock', async () => {
    const clock = new ManualClock(NOW);
    const rates = new RateBook({
      clock,
      logger: silentLogger,
      settings: () => ({
        ...defaultSettings({ reportTimeZone: 'UTC' }),
        rateProviderUrl: 'https://r.example',
      }),
      // Ignores the abort: only ready()'s own bound can end the wait.
      fetch: (() => new Promise(() => undefined)) as typeof fetch,
    });
    rates.start();
    let waited = false;
    const ready = rates.ready(1_000).then(() => (waited = true));
    clock.advance(999);
    await Promise.resolve();
    expect(waited).toBe(false);
    clock.advance(1);
    await ready;
    expect(waited).toBe(true);
    rates.stop();
  });

  it("asks the default provider when IT names none, IT's when it does, and tells listeners", async () => {
    const demo = book({ rateProviderUrl: '' }, 'http://127.0.0.1:9/rates');
    let told = 0;
    const unsubscribe = demo.rates.onChange(() => (told += 1));
    demo.rates.start();
    await demo.rates.ready();
    expect(demo.urls).toEqual(['http://127.0.0.1:9/rates']);
    expect(told).toBe(1);
    demo.rates.setManualPrice('ETH', null, '1');
    expect(told).toBe(2);
    unsubscribe();
    demo.rates.setManualPrice('ETH', null, null);
    expect(told).toBe(2);
    demo.rates.stop();
    const named = book({}, 'http://127.0.0.1:9/rates');
    named.rates.start();
    await named.rates.ready();
    expect(named.urls).toEqual(['https://rates.example/v1']);
    named.rates.stop();
  });

  it("never uses the latest link's rate when IT sets its maximum age to 0", () => {
    const { rates } = book({
      rateProviderUrl: '',
      rateSourceOrder: ['last-link'],
      lastLinkRateMaxAgeSeconds: 0,
    });
    rates.recordLinkRate('ETH', '1', '3100', NOW);
    expect(rates.priceFor('ETH', '1')).toMatchObject({ ok: false });
  });
});
