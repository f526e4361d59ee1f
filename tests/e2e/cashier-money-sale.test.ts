import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadManagedPolicy } from '../../electron/settings/managed-policy-loader';
import { ManualClock } from '../support/manual-clock';
import {
  byTestId,
  holdToConfirm,
  decodeQr,
  openTill,
  pickChainAndAsset,
  tapAmount,
  waitDisplayPhase,
  waitSaleState,
  type Till,
} from './cashier-kit';

// A shop that prices in euros: the cashier types €12.50, the till converts it at IT's rates
// (USDT pegged to the dollar, ETH from the demo rate provider, the euro fixed by IT at
// $1.25), both screens show the money and the asset amount, and the day's report adds up
// €25.00 for two sales in two assets.
describe('cashier: prices in the shop currency', () => {
  let till: Till;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    till = await openTill('cashier-money-sale', {
      clock,
      settings: { amountEntry: 'money', currency: 'EUR', shopName: 'Café Euro' },
      policy: loadManagedPolicy({
        path: '/etc/counter-app/policy.json',
        readFile: () =>
          JSON.stringify({
            settings: {
              fixedUsdPerUnit: '1.25',
              ratePegs: [{ asset: 'USDT', currency: 'USD', price: '1' }],
            },
            locked: ['fixedUsdPerUnit', 'ratePegs'],
          }),
      }),
    });
  });
  afterAll(async () => {
    await till?.close();
  });

  async function sell(asset: string, expectedAmount: string | null): Promise<string> {
    const { cashier, display, shots, harness } = till;
    await cashier.waitForSelector(byTestId('chain-picker-option-1'));
    await tapAmount(cashier, '12.5');
    await pickChainAndAsset(cashier, '1', asset);
    await expect(cashier.textContent('label[for="amount-input"]')).resolves.toBe('Price in EUR');
    await cashier.waitForSelector(byTestId('quote-asset-amount'));
    const quoted = (await cashier.textContent(byTestId('quote-asset-amount')))!.trim();
    if (expectedAmount) expect(quoted).toBe(`${expectedAmount} ${asset}`);
    await shots.take(`${asset}-priced`);

    await cashier.click(byTestId('show-qr'));
    await waitSaleState(cashier, 'awaiting-payment');
    await waitDisplayPhase(display, 'scan');
    await display.waitForSelector(byTestId('customer-qr'));
    await expect(display.textContent(byTestId('customer-money'))).resolves.toBe('€12.50');
    const shownAmount = (await display.textContent(byTestId('customer-amount')))!.trim();
    expect(shownAmount).toBe(quoted);
    await expect(cashier.textContent(byTestId('sale-money'))).resolves.toContain('€12.50');
    const shot = await shots.take(`${asset}-qr`);
    expect(decodeQr(shot.display)).toBe(harness.services.sale.current()!.link!.qrUrl);

    await holdToConfirm(cashier, 'customer-paid');
    await waitSaleState(cashier, 'paid-confirmed-by-cashier');
    await cashier.click(byTestId('new-sale'));
    await cashier.waitForSelector(byTestId('amount-input'));
    return quoted;
  }

  it('sells €12.50 in a pegged stablecoin: 15.625 USDT at $1.25 per euro', async () => {
    await sell('USDT', '15.625');
  });

  it('sells €12.50 in a volatile asset at the rate provider price, rounded up', async () => {
    const quoted = await sell('ETH', null);
    expect(quoted).toMatch(/^0\.\d+ ETH$/);
  });

  it("adds up the day's sales in euros in the report", async () => {
    const { cashier, shots } = till;
    await cashier.click(byTestId('nav-history'));
    await cashier.waitForSelector(byTestId('report-money'));
    await expect(cashier.textContent(byTestId('report-money'))).resolves.toContain('€25.00');
    const rows = await cashier.locator(byTestId('order-money')).allTextContents();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toContain('€12.50');
    await shots.take('report');
  });
});
