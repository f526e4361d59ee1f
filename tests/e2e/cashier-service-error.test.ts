import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../support/manual-clock';
import {
  byTestId,
  openTill,
  pickChainAndAsset,
  tapAmount,
  waitDisplayPhase,
  waitSaleState,
  type Till,
} from './cashier-kit';

// Errors from the service, each with words and a next step: an error envelope (its msg shown
// as it came) and a refused token (call IT).
describe('cashier: errors from the service', () => {
  let till: Till;

  beforeAll(async () => {
    till = await openTill('cashier-service-error', { clock: new ManualClock() });
  });
  afterAll(async () => {
    await till?.close();
  });

  it("shows the service's msg when it refuses with an error envelope", async () => {
    const { cashier, display, shots, harness } = till;
    const sandbox = harness.services.connection.demoSandbox()!;
    await cashier.waitForSelector(byTestId('chain-picker-option-137'));
    await tapAmount(cashier, '5');
    await pickChainAndAsset(cashier, '137', 'USDT');
    sandbox.setFaults([{ endpoint: 'generate_qr', status: 400, body: 'envelope-error', times: 1 }]);
    await cashier.click(byTestId('show-qr'));
    await waitSaleState(cashier, 'refused');
    // The customer never had a code: a calm screen, not "declined".
    await waitDisplayPhase(display, 'problem');
    await expect(display.textContent('h1')).resolves.toBe('One moment, please');
    await expect(cashier.getAttribute(byTestId('error-message'), 'data-kind')).resolves.toBe(
      'rejected',
    );
    await expect(cashier.textContent(byTestId('service-message'))).resolves.toBe(
      'The payment service is temporarily unavailable. Try again shortly.',
    );
    await expect(cashier.textContent(byTestId('next-step'))).resolves.toMatch(/Try again/);
    await shots.take('rejected');
    // One touch asks again for the same amount, asset and chain (a new order: none was made).
    const refusedId = harness.services.sale.current()!.orderId;
    await cashier.click(byTestId('new-link'));
    await waitSaleState(cashier, 'awaiting-payment');
    await waitDisplayPhase(display, 'scan');
    expect(harness.services.sale.current()).toMatchObject({
      amount: '5',
      asset: 'USDT',
      chainId: '137',
      replacesOrderId: refusedId,
    });
    await shots.take('tried-again');
    await cashier.click(byTestId('cancel-sale'));
    await waitSaleState(cashier, 'cancelled');
    await cashier.click(byTestId('new-sale'));
    await cashier.waitForSelector(byTestId('amount-input'));
  });

  it('tells the cashier to call IT when the token is refused, with retry and void', async () => {
    const { cashier, shots, harness } = till;
    const sandbox = harness.services.connection.demoSandbox()!;
    await tapAmount(cashier, '6');
    await cashier.waitForSelector(`${byTestId('asset-picker-option-USDT')}[aria-checked="true"]`);
    sandbox.setFaults([{ endpoint: 'generate_qr', status: 401, times: 1 }]);
    await cashier.click(byTestId('show-qr'));
    await waitSaleState(cashier, 'failed');
    await expect(cashier.getAttribute(byTestId('error-message'), 'data-kind')).resolves.toBe(
      'invalid-token',
    );
    await expect(cashier.textContent(byTestId('next-step'))).resolves.toContain('Call IT');
    await cashier.waitForSelector(byTestId('retry-same-order'));
    await shots.take('invalid-token');

    // The fault was one-off: the retry goes through with the same order.
    const orderId = harness.services.sale.current()!.orderId;
    await cashier.click(byTestId('retry-same-order'));
    await waitSaleState(cashier, 'awaiting-payment');
    expect(harness.services.sale.current()!.orderId).toBe(orderId);
    await shots.take('retried');
    await cashier.click(byTestId('cancel-sale'));
    await waitSaleState(cashier, 'cancelled');
  });
});
