import { describe, expect, it } from 'vitest';
import { checkSetting, settingSchemas } from '../../../../shared/settings';
import { pricingSettings } from '../../../../shared/settings/pricing';
import {
  accept,
  acceptEach,
  expectAtMost,
  expectDefaults,
  expectRange,
  httpsAddressOfLength,
  itRefusesEach,
  refuse,
  refuseEach,
  repeating,
} from './setting-checks';

// shared/settings/pricing.ts, one key at a time: what passes (and how it comes back), what is
// refused and in which words, every limit at N-1, N and N+1, junk on either side of every
// anchored pattern.

const digits = (count: number) => '9'.repeat(count);

describe('the pricing settings', () => {
  it('default to US dollars, no fees, no remembered pick, and every rate source in turn', () => {
    expectDefaults(pricingSettings, {
      currency: 'USD',
      feeValue: '0',
      lastChainId: null,
      lastAsset: null,
      amountEntry: 'money-or-asset',
      feePercent: '0',
      feeFixed: '0',
      ratePegs: [],
      rateProviderUrl: '',
      rateMaxAgeSeconds: 300,
      lastLinkRateMaxAgeSeconds: 600,
      rateSourceOrder: ['peg', 'manual', 'provider', 'last-link'],
      fixedUsdPerUnit: '',
      rateTolerancePercent: '1',
    });
  });
});

describe('currency', () => {
  const bad = 'The currency must be a three-letter ISO 4217 code such as "USD".';

  it('is three letters, upper-cased', () => {
    acceptEach('currency', ['EUR', 'AZZ']);
    accept('currency', 'usd', 'USD');
    accept('currency', 'cHf', 'CHF');
  });

  itRefusesEach('currency', bad, [
    ['two letters', 'US'],
    ['four letters', 'USDT'],
    ['a sign inside', 'U$D'],
    ['junk before', ' USD'],
    ['junk after', 'USD '],
    ['a digit', 'US1'],
    ['a non-ASCII letter', 'ÜSD'],
    ['nothing', ''],
  ]);
});

describe('feeValue', () => {
  it('is a plain decimal string, zero allowed, returned canonical', () => {
    accept('feeValue', '0');
    accept('feeValue', '0.50', '0.5');
    accept('feeValue', '007.25', '7.25');
    accept('feeValue', '1.000', '1');
  });

  it("takes 36 decimals and refuses 37, in checkFee's words about a fee", () => {
    expectAtMost(
      'feeValue',
      36,
      (decimals) => `0.${'1'.repeat(decimals)}`,
      'The fee has too many decimals: this asset allows at most 36.',
    );
  });

  it("reports checkFee's refusal as a custom issue of the setting itself", () => {
    expect(settingSchemas.feeValue.safeParse('1,5').error?.issues).toEqual([
      expect.objectContaining({
        code: 'custom',
        path: [],
        message: 'Use a point (.) as the decimal separator, not a comma.',
      }),
    ]);
  });

  it('refuses what is not a fee, saying why', () => {
    refuse('feeValue', '', 'The fee is empty.');
    refuse('feeValue', 0.5, 'Invalid input: expected string, received number');
    expect(checkSetting('feeValue', '-1')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^feeValue: The fee /),
    });
  });
});

describe('lastChainId', () => {
  const bad = 'The last chain id must be digits.';

  it('is 1 to 15 digits, or null', () => {
    acceptEach('lastChainId', [null, '0', '8453']);
    expectAtMost('lastChainId', 15, digits, bad);
    refuse('lastChainId', '', bad);
  });

  itRefusesEach('lastChainId', bad, [
    ['a sign', '-1'],
    ['junk before', 'x8453'],
    ['junk after', '8453x'],
    ['a space', '84 53'],
  ]);

  it('refuses a number', () => {
    refuse('lastChainId', 8453, 'Invalid input: expected string, received number');
  });
});

describe('lastAsset', () => {
  it('is 1 to 64 printable characters, or null', () => {
    acceptEach('lastAsset', [null, 'U', 'USDC']);
    expectAtMost('lastAsset', 64, repeating('x'), 'The last asset must be at most 64 characters.');
    refuse('lastAsset', '', 'The last asset must not be empty (use null).');
  });

  it('refuses spaces at either end and control characters, saying why', () => {
    const notPrintable = 'The last asset may only hold printable ASCII characters.';
    refuseEach('lastAsset', [' USDC', 'USDC\n'], notPrintable);
    refuse(
      'lastAsset',
      ` ${'x'.repeat(64)}`,
      `The last asset must be at most 64 characters. ${notPrintable}`,
    );
  });
});

describe('amountEntry', () => {
  it('is money, asset or money-or-asset', () => {
    acceptEach('amountEntry', ['money', 'asset', 'money-or-asset']);
    refuseEach(
      'amountEntry',
      ['Money', 'coin', ''],
      'The amount entry must be "money", "asset" or "money-or-asset".',
    );
  });
});

describe('feePercent', () => {
  const bad = 'The fee percentage must be a number from 0 to 99.99 with at most 2 decimals.';

  it('takes 0 to 99.99 with up to 2 decimals', () => {
    acceptEach('feePercent', ['0', '5', '10', '99', '0.5', '5.25', '99.99', '00', '09.5']);
  });

  itRefusesEach('feePercent', bad, [
    ['the whole price', '100'],
    ['the whole price with decimals', '100.00'],
    ['more than 100', '101'],
    ['just over 100', '100.01'],
    ['three digits under 100 with a leading zero', '099'],
    ['three decimals', '5.125'],
    ['a bare point', '5.'],
    ['no digit before the point', '.5'],
    ['junk before', 'x5'],
    ['junk after the decimals', '15.5x'],
    ['junk after', '5%'],
    ['a sign', '-5'],
    ['nothing', ''],
  ]);
});

describe('feeFixed', () => {
  const bad = 'The fixed fee must be an amount in the shop currency, such as "0.30".';

  it('takes up to 9 digits and 4 decimals', () => {
    acceptEach('feeFixed', ['0', '0.30', '1.999', '1.9999', `${digits(9)}.9999`]);
    expectAtMost('feeFixed', 9, digits, bad);
    refuse('feeFixed', '1.99999', bad);
  });

  itRefusesEach('feeFixed', bad, [
    ['a bare point', '1.'],
    ['no digit before the point', '.30'],
    ['junk before', '$0.30'],
    ['junk after', '0.30 EUR'],
    ['a comma', '0,30'],
    ['nothing', ''],
  ]);
});

describe('ratePegs', () => {
  const peg = { asset: 'USDT', currency: 'USD', price: '1' };
  /** The list of the one peg, at this price. */
  const atPrice = (price: string) => [{ ...peg, price }];

  it('takes fixed prices for stablecoins, optionally on one chain', () => {
    accept('ratePegs', []);
    accept('ratePegs', [peg, { asset: 'EURC', chainId: '8453', currency: 'EUR', price: '1.0' }]);
  });

  it('takes an asset of 1 to 64 printable characters and refuses 0 and 65', () => {
    const withAsset = (asset: string) => [{ ...peg, asset }];
    accept('ratePegs', withAsset('U'));
    expectAtMost(
      'ratePegs',
      64,
      (length) => withAsset('x'.repeat(length)),
      'Too big: expected string to have <=64 characters (at 0.asset)',
    );
    refuse(
      'ratePegs',
      withAsset(''),
      'Too small: expected string to have >=1 characters (at 0.asset)',
    );
    refuse(
      'ratePegs',
      withAsset(' USDT'),
      'Invalid string: must match pattern /^(?:[\\x21-\\x7e](?:[\\x20-\\x7e]*[\\x21-\\x7e])?)?$/ (at 0.asset)',
    );
  });

  it('takes a chain id of 1 to 15 digits', () => {
    const onChain = (chainId: string) => [{ ...peg, chainId }];
    const notDigits = 'Invalid string: must match pattern /^\\d{1,15}$/ (at 0.chainId)';
    accept('ratePegs', onChain('1'));
    expectAtMost('ratePegs', 15, (count) => onChain(digits(count)), notDigits);
    refuseEach('ratePegs', ['', 'x1', '1x', '-1', '1 '], notDigits, onChain);
  });

  it('takes a currency of three capital letters, not lower-cased ones', () => {
    const bad = 'A peg currency is a code such as "USD". (at 0.currency)';
    const inCurrency = (currency: string) => [{ ...peg, currency }];
    accept('ratePegs', inCurrency('AZZ'));
    refuseEach('ratePegs', ['usd', 'US', 'USDT', ' USD', 'USD ', 'U1D', ''], bad, inCurrency);
  });

  it('takes a price of up to 12 digits and 18 decimals', () => {
    acceptEach(
      'ratePegs',
      [
        '1',
        '0.5',
        '0.000000000000000001',
        digits(11),
        digits(12),
        `1.${digits(17)}`,
        `${digits(12)}.${digits(18)}`,
        '10',
        '0.10',
        '01',
      ],
      atPrice,
    );
    const bad = 'A peg price is a positive decimal such as "1". (at 0.price)';
    refuseEach(
      'ratePegs',
      [digits(13), `1.${digits(19)}`, '1.', '.5', '-1', '1e3', ' 1', '1 ', 'x1', ''],
      bad,
      atPrice,
    );
  });

  it('refuses a price of zero however it is written', () => {
    refuseEach(
      'ratePegs',
      ['0', '00', '0.0', '0.000', '000.00'],
      'A peg price must be more than zero. (at 0)',
      atPrice,
    );
  });

  it('refuses a peg with a key it does not know, or without a price', () => {
    refuse('ratePegs', [{ ...peg, note: 'x' }], 'Unrecognized key: "note" (at 0)');
    refuse(
      'ratePegs',
      [{ asset: 'USDT', currency: 'USD' }],
      'Invalid input: expected string, received undefined (at 0.price)',
    );
  });

  it('takes 63 and 64 pegs and refuses 65', () => {
    const pegs = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ ...peg, price: `${i + 1}` }));
    expectAtMost('ratePegs', 64, pegs, 'At most 64 pegs may be listed.');
  });
});

describe('rateProviderUrl', () => {
  const bad = 'The rate provider address must be empty or start with https://.';

  it('is empty or an https address', () => {
    acceptEach('rateProviderUrl', ['', 'https://rates.example.com/v1?base=USD', 'https://!~']);
  });

  itRefusesEach('rateProviderUrl', bad, [
    ['plain http', 'http://rates.example.com'],
    ['https:// alone', 'https://'],
    ['a space inside', 'https://rates.example.com/a b'],
    ['junk before', ' https://rates.example.com'],
    ['junk after', 'https://rates.example.com\n'],
    ['an upper-case scheme', 'HTTPS://rates.example.com'],
  ]);

  it('takes 1,999 and 2,000 characters and refuses 2,001, for their length', () => {
    expectAtMost(
      'rateProviderUrl',
      2000,
      httpsAddressOfLength,
      'The rate provider address is too long.',
    );
    refuse(
      'rateProviderUrl',
      `${httpsAddressOfLength(2000)} `,
      `The rate provider address is too long. ${bad}`,
    );
  });
});

describe('rateMaxAgeSeconds', () => {
  const notSeconds = 'The rate maximum age must be a number of seconds.';

  it('takes 10 seconds to a day', () => {
    expectRange(
      'rateMaxAgeSeconds',
      { min: 10, usual: 300, max: 86_400 },
      {
        below: 'The rate maximum age must be at least 10 seconds.',
        above: 'The rate maximum age must be at most a day.',
      },
    );
  });

  it('refuses what is not a whole number of seconds', () => {
    refuseEach('rateMaxAgeSeconds', [10.5, '300', Number.NaN], notSeconds);
  });
});

describe('lastLinkRateMaxAgeSeconds', () => {
  const notSeconds = 'The last-link rate maximum age must be a number of seconds.';

  it('takes 0 (never) to a day', () => {
    expectRange(
      'lastLinkRateMaxAgeSeconds',
      { min: 0, usual: 600, max: 86_400 },
      { below: notSeconds, above: 'The last-link rate maximum age must be at most a day.' },
    );
  });

  it('refuses what is not a whole number of seconds', () => {
    refuseEach('lastLinkRateMaxAgeSeconds', [0.5, '600'], notSeconds);
  });
});

describe('rateSourceOrder', () => {
  it('names 1 to 4 rate sources, each once, in any order', () => {
    acceptEach('rateSourceOrder', [
      ['peg'],
      ['manual'],
      ['provider'],
      ['last-link'],
      ['last-link', 'provider', 'manual'],
      ['provider', 'peg', 'last-link', 'manual'],
    ]);
  });

  it('refuses none, a source twice, an unknown source or more than four, saying why', () => {
    refuse('rateSourceOrder', [], 'Name at least one rate source.');
    refuse('rateSourceOrder', ['peg', 'peg'], 'Name each rate source once.');
    refuse('rateSourceOrder', ['peg', 'manual', 'peg'], 'Name each rate source once.');
    refuse(
      'rateSourceOrder',
      ['peg', 'oracle'],
      'A rate source is "peg", "manual", "provider" or "last-link". (at 1)',
    );
    refuse(
      'rateSourceOrder',
      ['peg', 'manual', 'provider', 'last-link', 'peg'],
      'Too big: expected array to have <=4 items',
    );
  });
});

describe('fixedUsdPerUnit', () => {
  const bad = 'The fixed exchange rate must be empty or a decimal such as "1.08".';

  it('is empty or up to 9 digits with up to 12 decimals', () => {
    acceptEach('fixedUsdPerUnit', [
      '',
      '1.08',
      '0.000000000001',
      '10',
      `1.${digits(11)}`,
      `${digits(9)}.${digits(12)}`,
    ]);
    expectAtMost('fixedUsdPerUnit', 9, digits, bad);
    refuse('fixedUsdPerUnit', `1.${digits(13)}`, bad);
  });

  itRefusesEach('fixedUsdPerUnit', 'The fixed exchange rate must be more than zero.', [
    ['zero', '0'],
    ['zeros', '000'],
    ['zero with decimals', '0.000000000000'],
  ]);

  itRefusesEach('fixedUsdPerUnit', bad, [
    ['a bare point', '1.'],
    ['no digit before the point', '.08'],
    ['junk before', ' 1.08'],
    ['junk after', '1.08 '],
    ['a sign', '-1.08'],
  ]);
});

describe('rateTolerancePercent', () => {
  const bad = 'The rate tolerance must be a percentage from 0 to 99.99.';

  it('takes 0 to 99.99 with up to 2 decimals', () => {
    acceptEach('rateTolerancePercent', ['0', '1', '9', '10', '99', '0.5', '1.25', '99.99']);
  });

  itRefusesEach('rateTolerancePercent', bad, [
    ['100', '100'],
    ['three decimals', '1.125'],
    ['a bare point', '1.'],
    ['no digit before the point', '.5'],
    ['junk before', '+1'],
    ['junk after', '1%'],
    ['nothing', ''],
  ]);
});
