import { describe, expect, it } from 'vitest';
import { amountEntryRefusal } from '../../../electron/rates/amount-entry-rule';

describe('amountEntryRefusal: the amount entry IT or the shop chose, enforced in main', () => {
  it('lets both ways through where the till takes either', () => {
    const either = { amountEntry: 'money-or-asset', currency: 'EUR' } as const;
    expect(amountEntryRefusal(either, 'money')).toBeNull();
    expect(amountEntryRefusal(either, 'asset')).toBeNull();
  });

  it('refuses asset units where the till prices in money, and takes money', () => {
    const money = { amountEntry: 'money', currency: 'EUR' } as const;
    expect(amountEntryRefusal(money, 'asset')).toBe(
      'This till takes prices in EUR: type the price in EUR.',
    );
    expect(amountEntryRefusal(money, 'money')).toBeNull();
  });

  it('refuses a price in money where the till takes asset units, and takes asset units', () => {
    const asset = { amountEntry: 'asset', currency: 'JPY' } as const;
    expect(amountEntryRefusal(asset, 'money')).toBe(
      'This till takes amounts in units of the asset: type the amount of the asset.',
    );
    expect(amountEntryRefusal(asset, 'asset')).toBeNull();
  });
});
