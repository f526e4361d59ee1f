import { afterEach, describe, expect, it } from 'vitest';
import type { PriceQuote } from '../../../shared/pricing/price-quote';
import type { SaleSnapshot } from '../../../shared/sale/sale-snapshot';
import { silentLogger } from '../../../electron/logging/logger';
import type { RatesFault } from '../../../electron/sandbox/fault-rules';
import { loadManagedPolicy } from '../../../electron/settings/managed-policy-loader';
import { ManualClock } from '../../support/manual-clock';
import { startHarness, type Harness } from '../../support/harness/harness';
import { callThrough } from '../app/harness-call';

// Prices in euros against the built-in sandbox over real HTTP: its /rates is the demo rate
// provider (ETH $3,150.42, €1 = $1.08), its generate_qr the payment service.
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
const call = callThrough(() => harness);
let clock = new ManualClock();

async function euroTill(policy?: object): Promise<Harness> {
  clock = new ManualClock(Date.UTC(2026, 10, 25, 9, 0, 0));
  harness = await startHarness({
    clock,
    settings: { currency: 'EUR', feePercent: '2', feeFixed: '0.3' },
    ...(policy
      ? {
          policy: loadManagedPolicy({
            path: '/etc/counter-app/policy.json',
            readFile: () => JSON.stringify(policy),
            logger: silentLogger,
          }),
        }
      : {}),
  });
  return harness;
}

const sandboxOf = (till: Harness) => till.services.connection.demoSandbox()!;
const ethInEuros = { money: '12.5', chainId: '1', asset: 'ETH' };

describe('a sale priced in euros', () => {
  it("converts at the provider's price, fee included, and journals how", async () => {
    const till = await euroTill();
    await till.services.rates.ready();
    const quote = (await call('quotePrice', ethInEuros)) as { ok: true; value: PriceQuote };
    // €12.50 × 1.08 / 3150.42 = 0.00428514293332317599... ETH, rounded up at 18 decimals;
    // the fee is 2 % + €0.30 = €0.55, i.e. 0.55 × 1.08 / 3150.42 ETH, rounded up too.
    expect(quote.value).toMatchObject({
      ok: true,
      amount: '0.004285142933323176',
      feeValue: '0.00018854628906622',
      pricing: {
        currency: 'EUR',
        moneyAmount: '12.5',
        feeMoney: '0.55',
        usdPrice: '3150.42',
        usdPerUnit: '1.08',
        source: 'provider',
        crossSource: 'provider',
      },
    });
    // The cashier sees how old the rate is: 40 s later on the till's clock, it is 40 s old.
    clock.advance(40_000);
    expect(await call('quotePrice', ethInEuros)).toMatchObject({ value: { ageSeconds: 40 } });
    const started = (await call('startQrSale', ethInEuros)) as { ok: true; value: SaleSnapshot };
    expect(started.value).toMatchObject({
      state: 'awaiting-payment',
      amount: '0.004285142933323176',
      fee: '0.00018854628906622',
      pricing: { moneyAmount: '12.5', feeMoney: '0.55' },
      rateDifferencePercent: '0',
    });
    const [order] = sandboxOf(till).orders();
    expect(order).toMatchObject({
      amount: '0.004285142933323176',
      feeValue: '0.00018854628906622',
    });
    const history = (await call('searchOrders', { query: started.value.reference })) as {
      value: { money: unknown }[];
    };
    expect(history.value[0]!.money).toEqual({
      currency: 'EUR',
      amount: '12.5',
      fee: '0.55',
      price: '2917.05555556',
      source: 'provider',
    });
  });

  const faults: [RatesFault | 'down', string][] = [
    ['stale', "No exchange rate for EUR: the rate provider's prices are 24 hours old."],
    ['garbage', "No exchange rate for EUR: the rate provider's answer could not be read."],
    ['down', 'No exchange rate for EUR: the rate provider answered HTTP 503.'],
    ['negative', 'No price for ETH: the rate provider gave no price for it.'],
    ['zero', 'No price for ETH: the rate provider gave no price for it.'],
    ['missing', 'No price for ETH: the rate provider gave no price for it.'],
  ];
  it.each(faults)(
    'refuses to price from a %s rate provider, and sends nothing',
    async (fault, reason) => {
      const till = await euroTill();
      await till.services.rates.ready();
      sandboxOf(till).setFaults([
        fault === 'down' ? { endpoint: 'rates', status: 503 } : { endpoint: 'rates', rates: fault },
      ]);
      // The book asks the provider again every minute on the till's clock; a failed request
      // leaves the last good prices in use until they are older than the 300 s maximum age.
      for (let minute = 0; minute < 6; minute += 1) {
        clock.advance(60_000);
        await till.services.rates.ready();
      }
      expect(await call('quotePrice', ethInEuros)).toEqual({
        ok: true,
        value: { ok: false, reason },
      });
      const refused = await call('startQrSale', ethInEuros);
      expect(refused).toMatchObject({ ok: false, error: { message: reason } });
      expect(sandboxOf(till).orders()).toEqual([]);
    },
  );

  it('prices an NFC sale in euros without a fee (generate_nfc carries none)', async () => {
    const till = await euroTill();
    await till.services.rates.ready();
    const started = (await call('startNfcSale', ethInEuros)) as { ok: true; value: SaleSnapshot };
    expect(started.value).toMatchObject({
      state: 'waiting-for-tap',
      amount: '0.004285142933323176',
      fee: '0',
      pricing: { moneyAmount: '12.5', feeMoney: '0' },
    });
  });

  it("prices from a manager's typed price where IT puts that source first, for this session", async () => {
    const till = await euroTill({
      settings: { rateSourceOrder: ['manual', 'provider'] },
      locked: ['rateSourceOrder'],
    });
    await till.services.rates.ready();
    expect(
      await call('setManualPrice', { asset: 'ETH', chainId: null, price: '-5' }),
    ).toMatchObject({
      ok: false,
    });
    expect(await call('setManualPrice', { asset: 'ETH', chainId: null, price: '2500' })).toEqual({
      ok: true,
      value: [
        {
          asset: 'ETH',
          chainId: null,
          price: '2500',
          currency: 'EUR',
          setBy: null,
          setAtMs: clock.now(),
          retired: false,
        },
      ],
    });
    const quote = (await call('quotePrice', ethInEuros)) as { value: PriceQuote };
    // €2,500 per ETH: €12.50 is exactly 0.005 ETH, at $2,700 per ETH ($1.08 per euro).
    expect(quote.value).toMatchObject({
      ok: true,
      amount: '0.005',
      pricing: { source: 'manual', usdPrice: '2700', price: '2500' },
    });
    await call('setManualPrice', { asset: 'ETH', chainId: null, price: null });
    expect(await call('quotePrice', ethInEuros)).toMatchObject({
      value: { ok: true, pricing: { source: 'provider' } },
    });
  });

  it("puts a service rate beyond IT's tolerance to the cashier before the customer sees the QR", async () => {
    await euroTill({
      settings: { ratePegs: [{ asset: 'ETH', currency: 'USD', price: '2500' }] },
      locked: ['ratePegs'],
    });
    await harness!.services.rates.ready();
    const started = (await call('startQrSale', ethInEuros)) as { ok: true; value: SaleSnapshot };
    expect(started.value).toMatchObject({
      state: 'amount-differs',
      showQr: false,
      pricing: { source: 'peg', usdPrice: '2500' },
      rateDifferencePercent: '26.02',
    });
    expect(await call('acceptLinkAmount')).toMatchObject({
      ok: true,
      value: { state: 'awaiting-payment', showQr: true },
    });
  });
});

describe('only prices the shop stands behind', () => {
  const manualOnly = {
    settings: { rateSourceOrder: ['manual', 'last-link'], lastLinkRateMaxAgeSeconds: 600 },
    locked: ['rateSourceOrder'],
  };
  const quote = async () => ((await call('quotePrice', ethInEuros)) as { value: PriceQuote }).value;

  it("retires a manager's price when the shop's currency changes: no price until a new one", async () => {
    await euroTill(manualOnly);
    await call('setManualPrice', { asset: 'ETH', chainId: null, price: '2000' });
    expect(await quote()).toMatchObject({ ok: true, pricing: { source: 'manual', price: '2000' } });
    // The fixed fee was in euros: it is given again with the new currency.
    const alone = await call('updateSettings', { patch: { currency: 'USD' } });
    expect(alone.ok ? null : alone.error.message).toContain(
      'The fixed fee 0.3 was set in EUR: give it again in USD (or 0) in the same change.',
    );
    expect(harness!.settings.current().values.currency).toBe('EUR');
    expect(
      await call('updateSettings', { patch: { currency: 'USD', feeFixed: '0.3' } }),
    ).toMatchObject({ ok: true });
    // 2000 euros are not 2000 dollars: the asset has no price, said in words.
    expect(await quote()).toEqual({
      ok: false,
      reason:
        'No price for ETH: the price typed by hand is in EUR, not in USD: a manager types a new one.',
    });
    const refused = await call('startQrSale', ethInEuros);
    expect(refused.ok ? null : refused.error.message).toMatch(/typed by hand is in EUR/);
    expect(sandboxOf(harness!).orders()).toEqual([]);
    expect(await call('manualPrices')).toMatchObject({
      value: [{ asset: 'ETH', price: '2000', currency: 'EUR', retired: true }],
    });
    await call('setManualPrice', { asset: 'ETH', chainId: null, price: '2100' });
    expect(await quote()).toMatchObject({ ok: true, pricing: { currency: 'USD', price: '2100' } });
  });

  it('never learns a rate the cashier turned down; learns one the cashier accepted', async () => {
    await euroTill(manualOnly);
    // €2,000 per ETH against the service's $3,150.42: the second opinion questions the link.
    await call('setManualPrice', { asset: 'ETH', chainId: null, price: '2000' });
    expect(await call('startQrSale', ethInEuros)).toMatchObject({
      value: { state: 'amount-differs' },
    });
    await call('cancelSale');
    await call('finishSale');
    await call('setManualPrice', { asset: 'ETH', chainId: null, price: null });
    // The turned-down link's rate does not price the next sale.
    expect(await quote()).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^No price for ETH/),
    });

    await call('setManualPrice', { asset: 'ETH', chainId: null, price: '2000' });
    await call('startQrSale', ethInEuros);
    expect(await call('acceptLinkAmount')).toMatchObject({ value: { state: 'awaiting-payment' } });
    await call('setManualPrice', { asset: 'ETH', chainId: null, price: null });
    expect(await quote()).toMatchObject({
      ok: true,
      pricing: { source: 'last-link', usdPrice: '3150.42' },
    });
  });
});

describe("the till's amount entry, enforced in main", () => {
  const ethInUnits = { amount: '0.004', chainId: '1', asset: 'ETH' };

  it('refuses a sale in asset units where IT locked prices in money: nothing is sent', async () => {
    await euroTill({ settings: { amountEntry: 'money' }, locked: ['amountEntry'] });
    for (const name of ['startQrSale', 'startNfcSale'] as const) {
      const refused = await call(name, ethInUnits);
      expect(refused.ok ? null : refused.error.message, name).toBe(
        'This till takes prices in EUR: type the price in EUR.',
      );
    }
    expect(sandboxOf(harness!).orders()).toEqual([]);
    expect(harness!.services.sale.current()).toBeNull();
    // A price in money is the way in.
    await harness!.services.rates.ready();
    expect(await call('startQrSale', ethInEuros)).toMatchObject({
      ok: true,
      value: { state: 'awaiting-payment', pricing: { currency: 'EUR', moneyAmount: '12.5' } },
    });
  });

  it('refuses a price in money where the till takes asset units', async () => {
    await euroTill({ settings: { amountEntry: 'asset' }, locked: ['amountEntry'] });
    const refused = await call('startQrSale', ethInEuros);
    expect(refused.ok ? null : refused.error.message).toBe(
      'This till takes amounts in units of the asset: type the amount of the asset.',
    );
    expect(sandboxOf(harness!).orders()).toEqual([]);
    expect(await call('startQrSale', ethInUnits)).toMatchObject({ ok: true });
  });
});
