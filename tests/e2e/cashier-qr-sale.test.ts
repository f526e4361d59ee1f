import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT_SCREEN_DELAY_MS } from '../../shared/sale/wait-screen';
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

// A whole QR sale on both screens: amount on the touch keys, chain and asset, Show QR, the
// customer display shows the QR the sandbox issued, the cashier confirms, both show paid.
describe('cashier: a whole QR sale', () => {
  let till: Till;
  const clock = new ManualClock();

  beforeAll(async () => {
    till = await openTill('cashier-qr-sale', {
      clock,
      settings: { feeValue: '0.25', shopName: 'Corner Café' },
    });
  });
  afterAll(async () => {
    await till?.close();
  });

  it('takes a QR payment from the amount to paid on both screens', async () => {
    const { cashier, display, shots, harness } = till;
    await cashier.waitForSelector(byTestId('chain-picker-option-1'));
    await shots.take('idle');

    await tapAmount(cashier, '12.5');
    await pickChainAndAsset(cashier, '1', 'USDT');
    expect(await cashier.inputValue(byTestId('amount-input'))).toBe('12.5');
    await expect(cashier.textContent(byTestId('total-line'))).resolves.toContain('12.75 USDT');
    await expect(cashier.textContent(byTestId('fee-line'))).resolves.toContain('0.25 USDT');
    await expect(cashier.textContent(byTestId('currency-line'))).resolves.toContain('USD');
    await shots.take('amount-entered');

    // A double click still makes one order.
    await cashier.dblclick(byTestId('show-qr'));
    await waitSaleState(cashier, 'awaiting-payment');
    await waitDisplayPhase(display, 'scan');
    await display.waitForSelector(byTestId('customer-qr'));
    const orders = harness.services.connection.demoSandbox()!.orders();
    expect(orders).toHaveLength(1);
    const issued = harness.services.sale.current()!.link!.qrUrl;

    await expect(cashier.textContent(byTestId('link-amount'))).resolves.toContain('12.75 USDT');
    await expect(cashier.textContent(byTestId('usd-value'))).resolves.toContain('12.75');
    await cashier.waitForSelector(byTestId('cashier-qr'));
    // Both countdowns read the same main clock tick.
    await cashier.waitForSelector(`${byTestId('countdown')}[data-seconds="900"]`);
    await display.waitForSelector(`${byTestId('countdown')}[data-seconds="900"]`);
    clock.advance(61_000);
    await cashier.waitForSelector(`${byTestId('countdown')}[data-seconds="839"]`);
    await display.waitForSelector(`${byTestId('countdown')}[data-seconds="839"]`);

    const shot = await shots.take('qr-shown');
    expect(decodeQr(shot.display)).toBe(issued);

    await holdToConfirm(cashier, 'customer-paid');
    await waitSaleState(cashier, 'paid-confirmed-by-cashier');
    await waitDisplayPhase(display, 'paid');
    await expect(cashier.textContent(byTestId('sale-paid'))).resolves.toContain('confirmed by you');
    await shots.take('paid');

    await cashier.click(byTestId('new-sale'));
    await cashier.waitForSelector(byTestId('amount-input'));
    // The chain and asset are remembered for the next sale.
    await cashier.waitForSelector(`${byTestId('asset-picker-option-USDT')}[aria-checked="true"]`);
    expect(await cashier.inputValue(byTestId('amount-input'))).toBe('');
    await shots.take('next-sale');
  });

  it('holds the link back from the customer when it asks another amount, until the cashier accepts it', async () => {
    const { cashier, display, shots, harness } = till;
    harness.services.connection
      .demoSandbox()!
      .setFaults([{ endpoint: 'generate_qr', link: 'amount-mismatch', times: 1 }]);
    await tapAmount(cashier, '7');
    await cashier.click(byTestId('show-qr'));
    await waitSaleState(cashier, 'amount-differs');
    await expect(cashier.textContent(byTestId('amount-differs'))).resolves.toMatch(
      /You asked for 7\.00 USDT plus a fee of 0\.25 USDT.*asks for 8\.25 USDT/,
    );
    expect(await cashier.locator(byTestId('cashier-qr')).count()).toBe(0);
    expect(await display.locator(byTestId('customer-qr')).count()).toBe(0);
    await shots.take('amount-differs');

    await cashier.click(byTestId('accept-link-amount'));
    await waitSaleState(cashier, 'awaiting-payment');
    await waitDisplayPhase(display, 'scan');
    const shot = await shots.take('amount-accepted');
    expect(decodeQr(shot.display)).toBe(harness.services.sale.current()!.link!.qrUrl);
    await cashier.click(byTestId('cancel-sale'));
    await waitSaleState(cashier, 'cancelled');
  });

  it('waits for a slow service with the form inert, and says so on both screens once the wait lasts', async () => {
    const { cashier, display, shots, harness } = till;
    const sandbox = harness.services.connection.demoSandbox()!;
    await cashier.click(byTestId('new-sale'));
    await cashier.waitForSelector(byTestId('amount-input'));
    // The service takes two seconds of the manual clock to answer.
    sandbox.setFaults([{ endpoint: 'generate_qr', latencyMs: 2_000, times: 1 }]);
    const before = sandbox.requests().filter((r) => r.endpoint === 'generate_qr').length;
    await tapAmount(cashier, '3');
    // Resolves in the page when the start form turns inert (the browser then lets no click,
    // focus or key reach it while the sale starts); the keyboard guard is a component test.
    const formInert = cashier.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const form = document.querySelector('[data-testid="start-sale-form"]')!;
          new MutationObserver((_, observer) => {
            if (!form.hasAttribute('inert')) return;
            observer.disconnect();
            resolve(form.contains(document.querySelector('[data-testid="key-1"]')));
          }).observe(form, { attributes: true, attributeFilter: ['inert'] });
        }),
    );
    await cashier.click(byTestId('show-qr'));
    await sandbox.waitForRequests('generate_qr', before + 1);
    expect(await formInert).toBe(true);
    // After WAIT_SCREEN_DELAY_MS, the cashier's wait screen.
    const waitWords = cashier.getByText(/Asking the payment service for a link for 3(\.0+)? USDT/);
    await waitWords.waitFor();
    expect(await cashier.locator(byTestId('amount-input')).count()).toBe(0);

    // The customer keeps the last screen until main's clock says the wait is noticeable.
    expect(await display.locator('main[data-phase="preparing"]').count()).toBe(0);
    clock.advance(WAIT_SCREEN_DELAY_MS);
    await waitDisplayPhase(display, 'preparing');
    await shots.take('slow-service-waiting');

    clock.advance(2_000 - WAIT_SCREEN_DELAY_MS);
    await waitSaleState(cashier, 'awaiting-payment');
    await waitDisplayPhase(display, 'scan');
    await cashier.click(byTestId('cancel-sale'));
    await waitSaleState(cashier, 'cancelled');
  });
});
