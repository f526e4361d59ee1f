import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMoney, currencyFacts, formatMoney } from '../../../../shared/pricing/shop-currency';
import { moneyIn } from './pricing-arbitraries';

describe("the shop's currency", () => {
  it('knows minor units and symbols from Intl', () => {
    expect(currencyFacts('USD')).toEqual({ code: 'USD', minorUnits: 2, symbol: '$' });
    expect(currencyFacts('EUR')).toEqual({ code: 'EUR', minorUnits: 2, symbol: '€' });
    expect(currencyFacts('JPY')).toEqual({ code: 'JPY', minorUnits: 0, symbol: '¥' });
    expect(currencyFacts('KWD')).toEqual({ code: 'KWD', minorUnits: 3, symbol: 'KWD' });
    expect(currencyFacts('CHF')).toEqual({ code: 'CHF', minorUnits: 2, symbol: 'CHF' });
  });

  it('never throws for a code it does not know: 2 minor units, the code as symbol', () => {
    for (const code of ['XQQ', 'EURO', '', 'eu', '€'])
      expect(currencyFacts(code)).toEqual({ code, minorUnits: 2, symbol: code });
  });
});

describe('money shown', () => {
  it('uses the minor units at least and shows every digit the amount has', () => {
    expect(formatMoney('12.5', 'EUR')).toBe('€12.50');
    expect(formatMoney('12.5', 'EUR', 'de')).toBe('12,50\u00a0€');
    expect(formatMoney('1234567.5', 'USD')).toBe('$1,234,567.50');
    expect(formatMoney('0.33333333', 'EUR')).toBe('€0.33333333');
    expect(formatMoney('123456789012.99', 'EUR')).toBe('€123,456,789,012.99');
    expect(formatMoney('999999999999999999.123456789012345678', 'EUR')).toBe(
      '€999,999,999,999,999,999.123456789012345678',
    );
    expect(formatMoney('1500', 'JPY')).toBe('¥1,500');
    expect(formatMoney('1.5', 'KWD')).toBe('KWD\u00a01.500');
    expect(formatMoney('-0.3', 'EUR')).toBe('-€0.30');
  });

  it("writes out the service's rate when JSON gave it in exponent notation", () => {
    expect(formatMoney('1e-7', 'USD')).toBe('$0.0000001');
    expect(formatMoney('1.25e-7', 'USD')).toBe('$0.000000125');
    expect(formatMoney('1e+21', 'USD')).toBe('$1,000,000,000,000,000,000,000.00');
  });

  it('shows text that is not an amount as it is, with the code', () => {
    expect(formatMoney('abc', 'EUR')).toBe('abc EUR');
    expect(formatMoney('12.5', 'EURO')).toBe('12.5 EURO');
    expect(formatMoney('1e99999', 'USD')).toBe('1e99999 USD');
  });

  it('keeps every digit of any price typed in the currency (no float on the way)', () => {
    fc.assert(
      fc.property(moneyIn, ({ money, currency }) => {
        const digitsOnly = formatMoney(money, currency).replace(/[^\d.]/g, '');
        expect(digitsOnly).toBe(money);
      }),
      { numRuns: 500 },
    );
  });
});

describe('a price typed in the currency', () => {
  it("has at most the currency's minor units", () => {
    expect(checkMoney('12.50', 'EUR')).toEqual({ ok: true, value: '12.5' });
    expect(checkMoney('12.345', 'EUR')).toEqual({
      ok: false,
      reason: 'EUR amounts have at most 2 decimals.',
    });
    expect(checkMoney('1.2345', 'KWD')).toEqual({
      ok: false,
      reason: 'KWD amounts have at most 3 decimals.',
    });
    expect(checkMoney('1.234', 'KWD')).toEqual({ ok: true, value: '1.234' });
    expect(checkMoney('12.5', 'JPY')).toEqual({
      ok: false,
      reason: 'JPY prices are whole numbers.',
    });
    expect(checkMoney('12.0', 'JPY')).toEqual({ ok: true, value: '12' });
  });

  it('is more than zero, at most 12 integer digits, and written plainly', () => {
    expect(checkMoney('0', 'EUR')).toEqual({
      ok: false,
      reason: 'The price must be more than zero.',
    });
    expect(checkMoney('999999999999.99', 'EUR')).toEqual({ ok: true, value: '999999999999.99' });
    expect(checkMoney('1234567890123', 'EUR')).toEqual({
      ok: false,
      reason: 'The price is too large.',
    });
    expect(checkMoney('1,5', 'EUR')).toEqual({
      ok: false,
      reason: 'Use a point (.) as the decimal separator, not a comma.',
    });
    expect(checkMoney('', 'EUR')).toEqual({ ok: false, reason: 'The price is empty.' });
    expect(checkMoney('-1', 'EUR').ok).toBe(false);
    expect(checkMoney('1e3', 'EUR').ok).toBe(false);
  });

  it('takes every price up to 12 integer digits with the minor units', () => {
    fc.assert(
      fc.property(moneyIn, ({ money, currency }) => {
        const checked = checkMoney(money, currency);
        expect(checked.ok).toBe(true);
        if (checked.ok) expect(checked.value).toMatch(/^(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/);
      }),
      { numRuns: 300 },
    );
  });
});
