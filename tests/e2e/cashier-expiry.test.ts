import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../support/manual-clock';
import {
  byTestId,
  decodeQr,
  openTill,
  pickChainAndAsset,
  tapAmount,
  waitDisplayPhase,
  waitSaleState,
  type Till,
} from './cashier-kit';

// The link expires by main's clock (a ManualClock here): both screens say so, and one touch
// on "New link" makes a fresh order for the same amount, shown on the customer display.
describe('cashier: expiry and New link', () => {
  let till: Till;
  const clock = new ManualClock();

  beforeAll(async () => {
    till = await openTill('cashier-expiry', { clock });
  });
  afterAll(async () => {
    await till?.close();
  });

  it('expires the link when the clock passes expire_at and makes a new link in one touch', async () => {
    const { cashier, display, shots, harness } = till;
    await cashier.waitForSelector(byTestId('chain-picker-option-56'));
    await tapAmount(cashier, '3');
    await pickChainAndAsset(cashier, '56', 'USDT');
    await cashier.click(byTestId('show-qr'));
    await waitSaleState(cashier, 'awaiting-payment');
    await waitDisplayPhase(display, 'scan');
    const first = harness.services.sale.current()!;
    await shots.take('link-shown');

    clock.advance(899_000);
    await cashier.waitForSelector(`${byTestId('countdown')}[data-seconds="1"]`);
    await display.waitForSelector(`${byTestId('countdown')}[data-seconds="1"]`);
    await shots.take('one-second-left');

    clock.advance(1_000);
    await waitSaleState(cashier, 'expired');
    await waitDisplayPhase(display, 'expired');
    expect(await cashier.locator(byTestId('cashier-qr')).count()).toBe(0);
    expect(await cashier.locator(byTestId('customer-paid')).count()).toBe(0);
    await shots.take('expired');

    await cashier.click(byTestId('new-link'));
    await waitSaleState(cashier, 'awaiting-payment');
    await waitDisplayPhase(display, 'scan');
    const second = harness.services.sale.current()!;
    expect(second.orderId).not.toBe(first.orderId);
    expect(second.replacesOrderId).toBe(first.orderId);
    expect(second.amount).toBe('3');
    expect(harness.services.connection.demoSandbox()!.orders()).toHaveLength(2);
    await cashier.waitForSelector(`${byTestId('countdown')}[data-seconds="900"]`);
    const shot = await shots.take('new-link');
    expect(decodeQr(shot.display)).toBe(second.link!.qrUrl);

    await cashier.click(byTestId('cancel-sale'));
    await waitSaleState(cashier, 'cancelled');
    await waitDisplayPhase(display, 'cancelled');
    await cashier.click(byTestId('new-sale'));
    await cashier.waitForSelector(byTestId('amount-input'));
  });

  it('shows "expiry unknown" without a countdown when the expiry cannot be trusted', async () => {
    const { cashier, display, shots, harness } = till;
    // An expire_at before the moment of sending cannot be right: the link has no known expiry.
    harness.services.connection.demoSandbox()!.configure({ expirySeconds: -60 });
    await tapAmount(cashier, '4');
    await cashier.waitForSelector(`${byTestId('asset-picker-option-USDT')}[aria-checked="true"]`);
    await cashier.click(byTestId('show-qr'));
    await waitSaleState(cashier, 'awaiting-payment');
    await waitDisplayPhase(display, 'scan');
    await cashier.waitForSelector(byTestId('expiry-unknown'));
    expect(await cashier.locator(byTestId('countdown')).count()).toBe(0);
    expect(await display.locator(byTestId('countdown')).count()).toBe(0);
    const shot = await shots.take('expiry-unknown');
    expect(decodeQr(shot.display)).toBe(harness.services.sale.current()!.link!.qrUrl);
    await cashier.click(byTestId('cancel-sale'));
    await waitSaleState(cashier, 'cancelled');
  });
});
