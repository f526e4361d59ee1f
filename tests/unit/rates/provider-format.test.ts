import { describe, expect, it } from 'vitest';
import { readProviderAnswer } from '../../../electron/rates/provider-format';

const NOW = Date.UTC(2026, 10, 25, 9, 0, 0);
const at = (ms: number) => new Date(ms).toISOString();
const read = (body: unknown) =>
  readProviderAnswer(typeof body === 'string' ? body : JSON.stringify(body), NOW);

describe('the rate provider format', () => {
  it('reads asset prices, chain-specific keys and currency rates as decimal text', () => {
    const answer = read({
      asOf: '2026-11-25T08:00:00Z',
      usd: { ETH: '3185.50', USDT: '1.0002', '1:USDC': '0.9999' },
      usdPerUnit: { EUR: '1.0832', GBP: '1.2710' },
    });
    expect(answer).toEqual({
      ok: true,
      prices: {
        asOfMs: Date.UTC(2026, 10, 25, 8, 0, 0),
        usd: new Map([
          ['ETH', '3185.50'],
          ['USDT', '1.0002'],
          ['1:USDC', '0.9999'],
        ]),
        usdPerUnit: new Map([
          ['EUR', '1.0832'],
          ['GBP', '1.2710'],
        ]),
        refused: [],
      },
    });
  });

  it('leaves out only the entries that are not a positive decimal string', () => {
    const answer = read({
      asOf: at(NOW),
      usd: {
        ETH: '-3150',
        USDT: '0',
        USDC: '0.000',
        BNB: 612.3,
        POL: '1e3',
        SUI: 'abc',
        SOL: '2.5',
      },
      usdPerUnit: { EUR: '1.08', GBP: 1.27, JPY: '0' },
    });
    expect(answer.ok && [...answer.prices.usd]).toEqual([['SOL', '2.5']]);
    expect(answer.ok && [...answer.prices.usdPerUnit]).toEqual([['EUR', '1.08']]);
    // JSON numbers are refused too: they went through a float before the till saw them.
    expect(answer.ok && answer.prices.refused).toEqual([
      'ETH',
      'USDT',
      'USDC',
      'BNB',
      'POL',
      'SUI',
      'GBP',
      'JPY',
    ]);
  });

  it.each([
    ['not JSON', '<html>rates</html>', "the rate provider's answer could not be read"],
    ['no asOf', { usd: { ETH: '1' } }, "the rate provider's answer could not be read"],
    ['no usd', { asOf: at(NOW) }, "the rate provider's answer could not be read"],
    [
      'usd as a list',
      { asOf: at(NOW), usd: ['1'] },
      "the rate provider's answer could not be read",
    ],
    [
      'asOf not a date',
      { asOf: 'yesterday', usd: {} },
      "the rate provider's answer could not be read",
    ],
    [
      'asOf over a minute ahead',
      { asOf: at(NOW + 61_000), usd: { ETH: '1' } },
      "the rate provider's prices are dated in the future",
    ],
    [
      'over 256 KiB',
      { asOf: at(NOW), usd: { ETH: '1' }, pad: 'x'.repeat(256 * 1024) },
      "the rate provider's answer is too large",
    ],
  ])('refuses the whole answer when it is %s', (_name, body, reason) => {
    expect(read(body)).toEqual({ ok: false, reason });
  });

  it('accepts a clock a minute behind the provider (clocks drift)', () => {
    expect(read({ asOf: at(NOW + 60_000), usd: { ETH: '1' } }).ok).toBe(true);
  });
});
