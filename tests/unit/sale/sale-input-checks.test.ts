import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { OrderRecord } from '../../../electron/journal/order-record';
import { SaleRuleError } from '../../../electron/sale/sale-errors';
import {
  checkNfcAmount,
  checkQrSale,
  isSameNfcSale,
  isSameQrSale,
  parseNfcOrder,
  parseQrRequest,
} from '../../../electron/sale/sale-input-checks';
import type {
  MoneyPricing,
  NfcSaleRequest,
  QrSaleRequest,
} from '../../../electron/sale/sale-requests';
import type { OrderPricing } from '../../../shared/pricing/pricing-types';
import { saleStates, type SaleState } from '../../../shared/sale/sale-states';
import type { Asset } from '../../../shared/wire/asset';
import type { Chain } from '../../../shared/wire/chain';
import { testAsset, testChain, testTerms } from '../../support/sale-fixtures';

const ORDER_ID = '019a9f1e-7c00-7abc-8def-0123456789ab';

/** USDC on chain 101 (testAsset), and the same symbol on another chain. */
const otherChain: Chain = { name: 'Ethereum', chain_id: 1, logo: 'https://logos.example/eth.svg' };
const usdcOnOtherChain: Asset = { ...testAsset, chain: 'Ethereum', chain_id: 1 };
const usdt: Asset = { ...testAsset, asset: 'USDT' };

const pricing: OrderPricing = {
  currency: 'EUR',
  moneyAmount: '11.5',
  feeMoney: '0.23',
  price: '0.92',
  usdPrice: '1',
  usdPerUnit: '1.087',
  source: 'provider',
  crossSource: 'provider',
  asOfMs: 1_790_000_000_000,
  rounding: 'up-to-asset-decimals',
};
const priced = (feeValue: string): MoneyPricing => ({ feeValue, pricing });

function openOrder(fields: Partial<OrderRecord> = {}): OrderRecord {
  return {
    orderId: ORDER_ID,
    reference: 'K7M-Q4X',
    kind: 'qr',
    state: 'awaiting-payment',
    amount: '12.5',
    fee: '0.25',
    asset: 'USDC',
    assetDecimals: 6,
    chainId: '101',
    chainName: 'SUI',
    currency: 'USD',
    serialNumber: 'POS-0001',
    createdAtMs: 1_790_000_000_000,
    updatedAtMs: 1_790_000_000_000,
    attempts: 1,
    replacesOrderId: null,
    cashierId: null,
    shiftId: null,
    pricing: null,
    rateDifferencePercent: null,
    link: null,
    lastFailure: null,
    ...fields,
  };
}

const openNfc = (fields: Partial<OrderRecord> = {}) =>
  openOrder({ kind: 'nfc', state: 'waiting-for-tap', fee: '0', ...fields });

const qr = (fields: Partial<QrSaleRequest> = {}): QrSaleRequest => ({
  amount: '12.5',
  asset: testAsset,
  chain: testChain,
  ...fields,
});

const nfc = (fields: Partial<NfcSaleRequest> = {}): NfcSaleRequest => ({
  amount: '12.5',
  asset: testAsset,
  ...fields,
});

/** The SaleRuleError an action throws; fails the test when it does not throw one. */
function refusalOf(action: () => unknown): SaleRuleError {
  try {
    action();
  } catch (error) {
    if (error instanceof SaleRuleError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('checkQrSale', () => {
  it("returns the amount and the settings' fee in canonical form", () => {
    expect(checkQrSale(qr({ amount: '012.500' }), testTerms)).toEqual({
      amount: '12.5',
      fee: '0.25',
    });
    expect(checkQrSale(qr(), { ...testTerms, feeValue: '0.250' })).toEqual({
      amount: '12.5',
      fee: '0.25',
    });
    expect(checkQrSale(qr(), { ...testTerms, feeValue: '0' })).toEqual({
      amount: '12.5',
      fee: '0',
    });
  });

  it("takes a money price's own fee instead of the settings' fee", () => {
    expect(checkQrSale(qr({ priced: priced('0.230') }), testTerms)).toEqual({
      amount: '12.5',
      fee: '0.23',
    });
    // The settings' fee is not read at all then, even when it would be refused.
    expect(checkQrSale(qr({ priced: priced('0') }), { ...testTerms, feeValue: '-1' })).toEqual({
      amount: '12.5',
      fee: '0',
    });
  });

  it("checks the amount against the asset's decimals: 5 and 6 fraction digits, not 7", () => {
    expect(checkQrSale(qr({ amount: '1.00001' }), testTerms).amount).toBe('1.00001');
    expect(checkQrSale(qr({ amount: '1.000001' }), testTerms).amount).toBe('1.000001');
    const refusal = refusalOf(() => checkQrSale(qr({ amount: '1.0000001' }), testTerms));
    expect(refusal.code).toBe('invalid-sale');
    expect(refusal.message).toBe('The amount has too many decimals: this asset allows at most 6.');
  });

  it("checks the fee against the asset's decimals: 6 fraction digits, not 7", () => {
    expect(checkQrSale(qr(), { ...testTerms, feeValue: '0.000001' }).fee).toBe('0.000001');
    const refusal = refusalOf(() => checkQrSale(qr(), { ...testTerms, feeValue: '0.0000001' }));
    expect(refusal.code).toBe('invalid-sale');
    expect(refusal.message).toBe('The fee has too many decimals: this asset allows at most 6.');
  });

  it.each([
    ['a zero amount', qr({ amount: '0' }), testTerms, 'The amount must be more than zero.'],
    ['an empty amount', qr({ amount: '' }), testTerms, 'The amount is empty.'],
    [
      'a signed amount',
      qr({ amount: '-12.5' }),
      testTerms,
      'The amount must be written without a sign.',
    ],
    [
      'an asset of another chain',
      qr({ asset: usdcOnOtherChain }),
      testTerms,
      'The asset does not belong to the chosen chain.',
    ],
    [
      'a chain the asset is not on',
      qr({ chain: otherChain }),
      testTerms,
      'The asset does not belong to the chosen chain.',
    ],
    [
      "a signed settings' fee",
      qr(),
      { ...testTerms, feeValue: '-0.25' },
      'The fee must be written without a sign.',
    ],
    ["an empty settings' fee", qr(), { ...testTerms, feeValue: '' }, 'The fee is empty.'],
    [
      'a money price with a signed fee',
      qr({ priced: priced('-0.23') }),
      testTerms,
      'The fee must be written without a sign.',
    ],
  ])('refuses %s, in its own words', (_name, request, terms, reason) => {
    const refusal = refusalOf(() => checkQrSale(request, terms));
    expect(refusal.code).toBe('invalid-sale');
    expect(refusal.message).toBe(reason);
  });

  it('checks the amount before the chain, and the chain before the fee', () => {
    const everythingWrong = qr({ amount: '0', chain: otherChain });
    const terms = { ...testTerms, feeValue: '-1' };
    expect(refusalOf(() => checkQrSale(everythingWrong, terms)).message).toBe(
      'The amount must be more than zero.',
    );
    expect(refusalOf(() => checkQrSale(qr({ chain: otherChain }), terms)).message).toBe(
      'The asset does not belong to the chosen chain.',
    );
  });
});

describe('checkNfcAmount', () => {
  it("checks the amount against the picked asset's decimals: 6 fraction digits, not 7", () => {
    expect(checkNfcAmount(nfc({ amount: '007.50' }))).toBe('7.5');
    expect(checkNfcAmount(nfc({ amount: '1.000001' }))).toBe('1.000001');
    const refusal = refusalOf(() => checkNfcAmount(nfc({ amount: '1.0000001' })));
    expect(refusal.code).toBe('invalid-sale');
    expect(refusal.message).toBe('The amount has too many decimals: this asset allows at most 6.');
  });

  it('without an asset, takes up to 36 fraction digits (the most the service could take)', () => {
    const digits = (n: number) => `1.${'0'.repeat(n - 1)}1`;
    expect(checkNfcAmount(nfc({ asset: undefined, amount: digits(35) }))).toBe(digits(35));
    expect(checkNfcAmount(nfc({ asset: undefined, amount: digits(36) }))).toBe(digits(36));
    expect(
      refusalOf(() => checkNfcAmount(nfc({ asset: undefined, amount: digits(37) }))).message,
    ).toBe('The amount has too many decimals: this asset allows at most 36.');
  });

  it('takes a whole amount for a 0-decimal asset, and refuses a fraction', () => {
    const whole = { ...testAsset, decimal: 0 };
    expect(checkNfcAmount(nfc({ asset: whole, amount: '7' }))).toBe('7');
    expect(refusalOf(() => checkNfcAmount(nfc({ asset: whole, amount: '7.5' }))).message).toBe(
      'The amount must be a whole number for this asset.',
    );
  });

  it.each([
    ['a zero amount', '0', 'The amount must be more than zero.'],
    ['an exponent', '1e3', 'The amount must be written out in digits, without an exponent.'],
    ['a comma', '12,5', 'Use a point (.) as the decimal separator, not a comma.'],
  ])('refuses %s, in its own words', (_name, amount, reason) => {
    const refusal = refusalOf(() => checkNfcAmount(nfc({ amount })));
    expect(refusal.code).toBe('invalid-sale');
    expect(refusal.message).toBe(reason);
  });
});

/** Every state but these. */
const statesOtherThan = (...kept: SaleState[]) =>
  saleStates.filter((state) => !kept.includes(state));

describe('isSameQrSale: a second press gets the link on screen only for the very same sale', () => {
  it('is the same sale for the same amount, asset and chain while the link is shown', () => {
    expect(isSameQrSale(openOrder(), qr())).toBe(true);
    expect(isSameQrSale(openOrder({ state: 'amount-differs' }), qr())).toBe(true);
  });

  it('compares amounts by value, not by how they are written', () => {
    expect(isSameQrSale(openOrder(), qr({ amount: '12.50' }))).toBe(true);
    expect(isSameQrSale(openOrder(), qr({ amount: '0012.500000' }))).toBe(true);
  });

  it.each(statesOtherThan('awaiting-payment', 'amount-differs'))(
    'is another sale when the open sale is %s (no link on screen)',
    (state) => {
      expect(isSameQrSale(openOrder({ state }), qr())).toBe(false);
    },
  );

  it('is another sale when the open sale is an NFC sale', () => {
    expect(isSameQrSale(openOrder({ kind: 'nfc' }), qr())).toBe(false);
  });

  it.each([
    ['one smallest unit more', '12.500001'],
    ['one smallest unit less', '12.499999'],
    ['ten times as much', '125'],
    ['an amount that is not valid', '0'],
    ['an amount with too many decimals for the asset', '12.5000001'],
  ])('is another sale for %s', (_name, amount) => {
    expect(isSameQrSale(openOrder(), qr({ amount }))).toBe(false);
  });

  it('is another sale in another asset on the same chain', () => {
    expect(isSameQrSale(openOrder(), qr({ asset: usdt }))).toBe(false);
  });

  it('is another sale for the same asset symbol on another chain', () => {
    expect(isSameQrSale(openOrder(), qr({ asset: usdcOnOtherChain, chain: otherChain }))).toBe(
      false,
    );
    // The chain chosen decides, on its own.
    expect(isSameQrSale(openOrder(), qr({ chain: otherChain }))).toBe(false);
  });

  it('is the same sale for the same fee: the settings fee both times, or the same money fee', () => {
    expect(isSameQrSale(openOrder({ pricing: null }), qr())).toBe(true);
    const pricedOpen = openOrder({ pricing, fee: '0.23' });
    expect(isSameQrSale(pricedOpen, qr({ priced: priced('0.23') }))).toBe(true);
    expect(isSameQrSale(pricedOpen, qr({ priced: priced('0.230') }))).toBe(true);
    // A money price whose fee happens to be the open sale's settings fee asks for the same money.
    expect(isSameQrSale(openOrder(), qr({ priced: priced('0.25') }))).toBe(true);
  });

  it('is another sale for another fee (the link asks for amount plus fee)', () => {
    const pricedOpen = openOrder({ pricing, fee: '0.23' });
    expect(isSameQrSale(pricedOpen, qr({ priced: priced('0.24') }))).toBe(false);
    expect(isSameQrSale(pricedOpen, qr({ priced: priced('0') }))).toBe(false);
    expect(isSameQrSale(openOrder(), qr({ priced: priced('0.26') }))).toBe(false);
    // A fee that is not valid is no fee of the open sale's.
    expect(isSameQrSale(pricedOpen, qr({ priced: priced('-0.23') }))).toBe(false);
  });

  it("is another sale in asset units when the open sale's fee came from a money price", () => {
    // The press would take the settings' fee, which is not the open sale's.
    expect(isSameQrSale(openOrder({ pricing, fee: '0.23' }), qr())).toBe(false);
    expect(isSameQrSale(openOrder({ pricing, fee: '0.25' }), qr())).toBe(false);
  });

  it('property: the same sale exactly when the amounts are equal in value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.nat({ max: 3 }),
        (openMicros, pressMicros, zeros) => {
          const text = (micros: number) =>
            `${Math.floor(micros / 1_000_000)}.${String(micros % 1_000_000).padStart(6, '0')}`;
          const open = openOrder({ amount: text(openMicros).replace(/\.?0+$/, '') });
          const press = qr({ amount: `${text(pressMicros)}${'0'.repeat(zeros)}` });
          expect(isSameQrSale(open, press)).toBe(openMicros === pressMicros);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('isSameNfcSale: a second press gets the sale waiting for a tap only for the very same sale', () => {
  it('is the same sale for the same amount and asset while it waits for the tap', () => {
    expect(isSameNfcSale(openNfc(), nfc())).toBe(true);
    expect(isSameNfcSale(openNfc(), nfc({ amount: '12.500' }))).toBe(true);
    expect(isSameNfcSale(openNfc({ asset: null, chainId: null }), nfc({ asset: undefined }))).toBe(
      true,
    );
  });

  it.each(statesOtherThan('waiting-for-tap'))(
    'is another sale when the open sale is %s',
    (state) => {
      expect(isSameNfcSale(openNfc({ state }), nfc())).toBe(false);
    },
  );

  it('is another sale when the open sale is a QR sale, even one waiting in the same state', () => {
    expect(isSameNfcSale(openNfc({ kind: 'qr' }), nfc())).toBe(false);
  });

  it.each([
    ['one smallest unit more', '12.500001'],
    ['one smallest unit less', '12.499999'],
    ['an amount that is not valid', '0'],
    ['an amount with too many decimals for the asset', '12.5000001'],
  ])('is another sale for %s', (_name, amount) => {
    expect(isSameNfcSale(openNfc(), nfc({ amount }))).toBe(false);
  });

  it('checks the amount against MAX_DECIMALS when no asset was picked', () => {
    const open = openNfc({ asset: null, chainId: null, amount: '12.5000001' });
    expect(isSameNfcSale(open, nfc({ asset: undefined, amount: '12.5000001' }))).toBe(true);
  });

  it('is another sale in another asset, or with an asset picked on one press only', () => {
    expect(isSameNfcSale(openNfc(), nfc({ asset: usdt }))).toBe(false);
    expect(isSameNfcSale(openNfc(), nfc({ asset: undefined }))).toBe(false);
    expect(isSameNfcSale(openNfc({ asset: null, chainId: null }), nfc())).toBe(false);
  });
});

describe('parseQrRequest', () => {
  const input = {
    order_id: ORDER_ID,
    amount: '12.5',
    asset: 'USDC',
    chain_id: 101,
    currency: 'USD',
    fee_value: '0.25',
    serial_number: '  POS-0001 ',
  };

  it('returns the body as it goes on the wire: chain_id as digits, the serial trimmed', () => {
    expect(parseQrRequest(input)).toEqual({
      order_id: ORDER_ID,
      amount: '12.5',
      asset: 'USDC',
      chain_id: '101',
      currency: 'USD',
      fee_value: '0.25',
      serial_number: 'POS-0001',
    });
  });

  it.each([
    [
      'no serial number',
      { serial_number: '   ' },
      'The sale cannot be sent: the till has no serial number: set it in Settings, or ask IT',
    ],
    [
      'a lower-case currency',
      { currency: 'usd' },
      'The sale cannot be sent: currency must be an upper-case code',
    ],
    [
      'an amount with an exponent',
      { amount: '1e3' },
      'The sale cannot be sent: must be a plain decimal string',
    ],
  ])('refuses %s as an invalid sale that cannot be sent', (_name, change, reason) => {
    const refusal = refusalOf(() => parseQrRequest({ ...input, ...change }));
    expect(refusal.code).toBe('invalid-sale');
    expect(refusal.message).toBe(reason);
  });
});

describe('parseNfcOrder', () => {
  const input = { order_id: ORDER_ID, amount: '12.5', token: null, serial_number: ' POS-0001' };

  it('returns the order without its token, the serial trimmed', () => {
    expect(parseNfcOrder(input)).toEqual({
      order_id: ORDER_ID,
      amount: '12.5',
      token: null,
      serial_number: 'POS-0001',
    });
  });

  it.each([
    [
      'no serial number',
      { serial_number: '' },
      'The sale cannot be sent: the till has no serial number: set it in Settings, or ask IT',
    ],
    [
      'a signed amount',
      { amount: '-1' },
      'The sale cannot be sent: must be a plain decimal string',
    ],
  ])('refuses %s as an invalid sale that cannot be sent', (_name, change, reason) => {
    const refusal = refusalOf(() => parseNfcOrder({ ...input, ...change }));
    expect(refusal.code).toBe('invalid-sale');
    expect(refusal.message).toBe(reason);
  });
});
