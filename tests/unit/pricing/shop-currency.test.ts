import { describe, expect, it } from 'vitest';
import { checkMoney, currencyFacts, formatMoney } from '../../../shared/pricing/shop-currency';

describe("the shop's currency", () => {
  it('knows minor units and symbols from Intl, and never throws for an unknown code', () => {
    expect(currencyFacts('EUR')).toEqual({ code: 'EUR', minorUnits: 2, symbol: '€' });
    expect(currencyFacts('JPY').minorUnits).toBe(0);
    expect(currencyFacts('KWD').minorUnits).toBe(3);
    expect(currencyFacts('USD').symbol).toBe('$');
    expect(currencyFacts('XQQ')).toMatchObject({ minorUnits: 2 });
  });

  it('formats exact decimal text, showing every digit it has', () => {
    expect(formatMoney('12.5', 'EUR')).toBe('€12.50');
    expect(formatMoney('1234567.5', 'USD')).toBe('$1,234,567.50');
    expect(formatMoney('0.33333333', 'EUR')).toBe('€0.33333333');
    expect(formatMoney('123456789012.99', 'EUR')).toBe('€123,456,789,012.99');
    expect(formatMoney('1500', 'JPY')).toBe('¥1,500');
  });

  it("checks a typed price against the currency's minor units", () => {
    expect(checkMoney('12.50', 'EUR')).toEqual({ ok: true, value: '12.5' });
    expect(checkMoney('12.505', 'EUR')).toEqual({
      ok: false,
      reason: 'EUR amounts have at most 2 decimals.',
    });
    expect(checkMoney('12.5', 'JPY')).toEqual({
      ok: false,
      reason: 'JPY prices are whole numbers.',
    });
    expect(checkMoney('0', 'EUR').ok).toBe(false);
    expect(checkMoney('1234567890123', 'EUR')).toEqual({
      ok: false,
      reason: 'The price is too large.',
    });
  });
});
