import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../support/manual-clock';
import {
  byTestId,
  openTill,
  pickChainAndAsset,
  qrSaleEndedByCashier,
  type Till,
} from './cashier-kit';

// History and end of day: today's orders with their state, search by reference, the report
// by chain/asset/state, and the CSV export (in the harness it lands in exportsDir).
describe('cashier: history and end of day', () => {
  let till: Till;

  beforeAll(async () => {
    till = await openTill('cashier-history', { clock: new ManualClock() });
  });
  afterAll(async () => {
    await till?.close();
  });

  const sale = (amount: string, end: 'customer-paid' | 'cancel-sale') =>
    qrSaleEndedByCashier(till, amount, end);

  it('lists, searches, reports and exports the day', async () => {
    const { cashier, shots, harness } = till;
    await cashier.waitForSelector(byTestId('chain-picker-option-1'));
    await pickChainAndAsset(cashier, '1', 'USDT');
    const paid = await sale('10', 'customer-paid');
    const cancelled = await sale('2.5', 'cancel-sale');

    await cashier.click(byTestId('nav-history'));
    await cashier.waitForSelector(`${byTestId('order-row')}[data-reference="${paid}"]`);
    await expect(
      cashier.getAttribute(`${byTestId('order-row')}[data-reference="${paid}"]`, 'data-state'),
    ).resolves.toBe('paid-confirmed-by-cashier');
    await expect(
      cashier.getAttribute(`${byTestId('order-row')}[data-reference="${cancelled}"]`, 'data-state'),
    ).resolves.toBe('cancelled');
    const report = await cashier.textContent(byTestId('report-by-chain-asset'));
    expect(report).toContain('ETHEREUM');
    expect(report).toContain('USDT');
    expect(report).toContain('10.00');
    await expect(cashier.textContent(byTestId('report-by-state'))).resolves.toMatch(
      /Paid \(cashier\): 1.*Cancelled: 1/,
    );
    await shots.take('history');

    await cashier.fill(byTestId('history-search'), cancelled.toLowerCase());
    await cashier.press(byTestId('history-search'), 'Enter');
    await cashier.waitForFunction(
      () => document.querySelectorAll('[data-testid="order-row"]').length === 1,
    );
    await expect(cashier.getAttribute(byTestId('order-row'), 'data-reference')).resolves.toBe(
      cancelled,
    );
    await shots.take('search');

    await cashier.click(byTestId('export-csv'));
    await expect(cashier.locator(byTestId('export-result')).textContent()).resolves.toMatch(
      /Saved orders-\d{4}-\d{2}-\d{2}\.csv \(2 orders\)/,
    );
    const [fileName] = (await cashier.textContent(byTestId('export-result')))!.match(
      /orders-[\d-]+\.csv/,
    )!;
    const csv = readFileSync(join(harness.exportsDir, fileName), 'utf8');
    expect(csv).toContain(paid);
    expect(csv).toContain(cancelled);
  });
});
