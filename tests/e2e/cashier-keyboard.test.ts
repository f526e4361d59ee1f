import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../support/manual-clock';
import {
  byTestId,
  decodeQr,
  openTill,
  waitDisplayPhase,
  waitSaleState,
  type Till,
} from './cashier-kit';

// A whole sale without the mouse: type the amount, Tab to the chain and the asset, Enter to
// show the QR, Tab to "Customer paid", hold Enter; then a new sale. Esc and Backspace edit the amount.
describe('cashier: keyboard only', () => {
  let till: Till;

  beforeAll(async () => {
    till = await openTill('cashier-keyboard', { clock: new ManualClock() });
  });
  afterAll(async () => {
    await till?.close();
  });

  const focusedTestId = () =>
    till.cashier.evaluate(
      () => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName,
    );

  it('runs a whole QR sale from the keyboard', async () => {
    const { cashier, display, shots, harness } = till;
    const keyboard = cashier.keyboard;
    await cashier.waitForSelector(byTestId('chain-picker-option-1'));
    // The amount field has the focus when the sale screen opens.
    expect(await focusedTestId()).toBe('amount-input');
    await keyboard.type('99');
    await keyboard.press('Escape');
    expect(await cashier.inputValue(byTestId('amount-input'))).toBe('');
    await keyboard.type('8.1234567');
    await keyboard.press('Backspace');
    expect(await cashier.inputValue(byTestId('amount-input'))).toBe('8.123456');

    // Tab leaves the amount for the first chain; Enter picks it and moves to the assets.
    await keyboard.press('Tab');
    expect(await focusedTestId()).toBe('chain-picker-option-1');
    await keyboard.press('Enter');
    await cashier.waitForSelector(byTestId('asset-picker-option-USDT'));
    await cashier.waitForFunction(
      () => document.activeElement?.getAttribute('data-testid') === 'asset-picker-option-ETH',
    );
    await keyboard.press('Tab');
    expect(await focusedTestId()).toBe('asset-picker-option-USDT');
    await keyboard.press('Enter');
    // Picking the asset returns the focus to the amount; its 6 decimals fit.
    expect(await focusedTestId()).toBe('amount-input');
    await expect(cashier.getAttribute(byTestId('amount-status'), 'data-kind')).resolves.toBe(
      'ready',
    );
    // One more decimal is refused as typed, with the reason.
    await keyboard.type('9');
    await expect(cashier.textContent(byTestId('amount-status'))).resolves.toBe(
      'The amount has too many decimals: this asset allows at most 6.',
    );
    expect(await cashier.isDisabled(byTestId('show-qr'))).toBe(true);
    await shots.take('too-many-decimals');
    await keyboard.press('Backspace');
    await shots.take('amount-typed');

    await keyboard.press('Enter');
    await waitSaleState(cashier, 'awaiting-payment');
    await waitDisplayPhase(display, 'scan');
    const shot = await shots.take('qr-shown');
    expect(decodeQr(shot.display)).toBe(harness.services.sale.current()!.link!.qrUrl);
    expect(harness.services.sale.current()!.amount).toBe('8.123456');

    // The state heading holds the focus (an Enter now presses nothing); Tab reaches the actions.
    expect(await focusedTestId()).toBe('sale-state');
    await keyboard.press('Enter');
    expect(harness.services.sale.current()!.state).toBe('awaiting-payment');
    await keyboard.press('Tab');
    expect(await focusedTestId()).toBe('customer-paid');
    // A tap of Enter on "Customer paid" records nothing: it must be held until the bar fills.
    await keyboard.press('Enter');
    await cashier.waitForSelector(`${byTestId('customer-paid-hint')}:has-text("Keep holding")`);
    expect(harness.services.sale.current()!.state).toBe('awaiting-payment');
    await keyboard.down('Enter');
    await waitSaleState(cashier, 'paid-confirmed-by-cashier');
    await keyboard.up('Enter');
    await waitDisplayPhase(display, 'paid');
    await shots.take('paid');

    await keyboard.press('Tab');
    expect(await focusedTestId()).toBe('new-sale');
    await keyboard.press('Enter');
    await cashier.waitForSelector(byTestId('amount-input'));
    await cashier.waitForFunction(
      () => document.activeElement?.getAttribute('data-testid') === 'amount-input',
    );
    await shots.take('next-sale');
    expect(harness.services.connection.demoSandbox()!.orders()).toHaveLength(1);
  });
});
