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

// The service processes generate_qr but the connection drops before the answer: the order
// may exist. The cashier sees "outcome unknown" with Retry same order and Void, never a new
// order; the retry (same order_id) meets the service's duplicate complaint, shown as is.
describe('cashier: outcome unknown after a dropped connection', () => {
  let till: Till;

  beforeAll(async () => {
    till = await openTill('cashier-outcome-unknown', { clock: new ManualClock() });
  });
  afterAll(async () => {
    await till?.close();
  });

  it('offers retry-same-order and void, shows the duplicate message as is, and voids', async () => {
    const { cashier, display, shots, harness } = till;
    const sandbox = harness.services.connection.demoSandbox()!;
    await cashier.waitForSelector(byTestId('chain-picker-option-1'));
    await tapAmount(cashier, '20');
    await pickChainAndAsset(cashier, '1', 'USDC');
    sandbox.setFaults([{ endpoint: 'generate_qr', drop: 'after-processing', times: 1 }]);
    await cashier.click(byTestId('show-qr'));

    await waitSaleState(cashier, 'outcome-unknown');
    await waitDisplayPhase(display, 'problem');
    const sale = harness.services.sale.current()!;
    await expect(cashier.getAttribute(byTestId('error-message'), 'data-kind')).resolves.toBe(
      'outcome-unknown',
    );
    await expect(cashier.textContent(byTestId('next-step'))).resolves.toContain('Retry same order');
    await cashier.waitForSelector(byTestId('retry-same-order'));
    await cashier.waitForSelector(byTestId('void-order'));
    expect(await cashier.locator(byTestId('show-qr')).count()).toBe(0);
    expect(await display.locator(byTestId('customer-qr')).count()).toBe(0);
    await shots.take('outcome-unknown');

    await cashier.click(byTestId('retry-same-order'));
    await waitSaleState(cashier, 'retry-refused');
    const retried = sandbox.requests().filter((request) => request.endpoint === 'generate_qr');
    expect(retried).toHaveLength(2);
    expect(retried.map((request) => (request.body as { order_id: string }).order_id)).toEqual([
      sale.orderId,
      sale.orderId,
    ]);
    await expect(cashier.textContent(byTestId('service-message'))).resolves.toBe(
      'This order already exists: its order_id was used before.',
    );
    expect(await cashier.locator(byTestId('retry-same-order')).count()).toBe(0);
    await shots.take('retry-refused');

    await cashier.click(byTestId('void-order'));
    await waitSaleState(cashier, 'voided');
    await waitDisplayPhase(display, 'cancelled');
    expect(sandbox.orders()).toHaveLength(1);
    await shots.take('voided');
  });
});
