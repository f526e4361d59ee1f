import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calls } from '../../shared/ipc/contract';
import type { StaffSession } from '../../shared/staff';
import { dispatchCall } from '../../electron/app/dispatch-call';
import { silentLogger } from '../../electron/logging/logger';
import { ManualClock } from '../support/manual-clock';
import { blockingViolations, smallTouchTargets } from './a11y-scan';
import {
  byTestId,
  holdToConfirm,
  openTill,
  pickChainAndAsset,
  qrSaleEndedByCashier,
  tapPin,
  type Till,
} from './cashier-kit';

// The history a manager uses, in Chromium on the production page, staff PINs on: a cashier's
// sales over two days on the injected clock, the range across both days, filters, one order
// in detail, and its payment voided with the manager's PIN typed in place; the report then
// no longer counts the money and lists the void (screenshots at 1280x800 and 1024x768).
const DAY = 24 * 60 * 60 * 1000;
const row = (reference: string) => `${byTestId('order-row')}[data-reference="${reference}"]`;

describe('cashier: history a manager can use, and voiding a payment', () => {
  let till: Till;
  const clock = new ManualClock();

  beforeAll(async () => {
    till = await openTill('cashier-history-manager', {
      clock,
      settings: {
        staffPinsRequired: true,
        reportTimeZone: 'UTC',
        autoLockMinutes: 0,
        // Receipts print by themselves on the harness's recording printer.
        receiptPrinting: 'automatic',
        receiptPrinter: { kind: 'os' },
      },
    });
  });
  afterAll(async () => {
    await till?.close();
  });

  const call = (name: keyof Calls & string, args: unknown = {}) =>
    dispatchCall(till.harness.services.handlers, name, args, silentLogger);

  const sale = (amount: string, end: 'customer-paid' | 'cancel-sale') =>
    qrSaleEndedByCashier(till, amount, end);

  async function choose(filter: string, option: string): Promise<void> {
    const { cashier } = till;
    await cashier.click(byTestId(`filter-${filter}`));
    await cashier.getByRole('option', { name: option, exact: true }).click();
  }

  /** The report's row for USDT on ETHEREUM: chain, asset, orders, taken, amount, fees. */
  const reportCells = () =>
    till.cashier.$$eval(`[data-testid="report-by-chain-asset"] tbody td`, (cells) =>
      cells.map((cell) => cell.textContent),
    );

  const shownRows = () =>
    till.cashier.$$eval('[data-testid="order-row"]', (rows) =>
      rows.map((one) => one.getAttribute('data-reference')),
    );

  let paidDayOne = '';
  let cancelledDayOne = '';
  let paidDayTwo = '';

  it('a cashier sells on two days', async () => {
    const { cashier } = till;
    // The first manager (the till's first screen), then a cashier added and signed in.
    await cashier.waitForSelector(byTestId('first-manager-screen'));
    await cashier.fill(byTestId('first-manager-name'), 'Ana');
    await cashier.fill(byTestId('first-manager-pin'), '2468');
    await cashier.fill(byTestId('first-manager-pin-again'), '2468');
    await cashier.click(byTestId('first-manager-create'));
    await cashier.waitForSelector(byTestId('signed-in-person'));
    const added = await call('addStaff', { name: 'Ben', role: 'cashier', pin: '1357' });
    if (!added.ok) throw new Error(added.error.message);
    const ben = (added.value as StaffSession).staff.find((person) => person.name === 'Ben')!;
    await cashier.click(byTestId('switch-person'));
    await cashier.click(byTestId(`staff-tile-${ben.staffId}`));
    await tapPin(cashier, '1357');
    await cashier.waitForSelector(byTestId('nav-sale'));
    // With staff PINs the till sells only in a shift: the sale screen opens one in one tap.
    await cashier.click(byTestId('sale-open-shift'));
    await cashier.waitForSelector(byTestId('open-shift-prompt'), { state: 'detached' });
    await cashier.waitForSelector(`${byTestId('shift-indicator')}:text-is("Shift 1")`);

    await cashier.waitForSelector(byTestId('chain-picker-option-1'));
    await pickChainAndAsset(cashier, '1', 'USDT');
    paidDayOne = await sale('10', 'customer-paid');
    clock.advance(60_000);
    cancelledDayOne = await sale('2.5', 'cancel-sale');
    clock.advance(DAY);
    paidDayTwo = await sale('4', 'customer-paid');
  });

  it('shows a range across both days, filtered by state and payment way', async () => {
    const { cashier, shots } = till;
    await cashier.click(byTestId('nav-history'));
    await cashier.waitForSelector(row(paidDayTwo));
    expect(await shownRows()).toEqual([paidDayTwo]);
    await expect(cashier.textContent(byTestId('report-title'))).resolves.toBe(
      'End of day — 2026-11-23',
    );

    await cashier.fill(byTestId('history-from'), '2026-11-22');
    await cashier.waitForSelector(row(paidDayOne));
    expect(await shownRows()).toEqual([paidDayTwo, cancelledDayOne, paidDayOne]);
    await expect(cashier.textContent(byTestId('report-title'))).resolves.toBe(
      'Report — 2026-11-22 to 2026-11-23',
    );
    expect(await reportCells()).toEqual(['ETHEREUM', 'USDT', '3', '2', '14.00', '0.00']);
    await shots.take('range-two-days');

    await choose('outcome', 'Paid');
    await cashier.waitForSelector(row(cancelledDayOne), { state: 'detached' });
    expect(await shownRows()).toEqual([paidDayTwo, paidDayOne]);
    await choose('way', 'Tap to pay (NFC)');
    await cashier.waitForSelector(row(paidDayOne), { state: 'detached' });
    await expect(cashier.textContent(byTestId('history'))).resolves.toContain('No orders.');
    await choose('way', 'QR code');
    await choose('cashier', 'Ben');
    await cashier.waitForSelector(row(paidDayOne));
    expect(await shownRows()).toEqual([paidDayTwo, paidDayOne]);
    await shots.take('filtered-paid-by-ben');
    await choose('outcome', 'All states');
    await cashier.waitForSelector(row(cancelledDayOne));
  });

  it("opens an order's detail: every event, who acted, the link and its expiry", async () => {
    const { cashier, shots } = till;
    await cashier.click(`${row(paidDayOne)} td:first-child`);
    const detail = byTestId('order-detail');
    await cashier.waitForSelector(`${detail}[data-state="paid-confirmed-by-cashier"]`);
    const events = await cashier.$$eval('[data-testid="order-event"]', (rows) =>
      rows.map((one) => [
        one.getAttribute('data-to-state'),
        one.querySelector('[data-testid="event-actor"]')?.textContent,
      ]),
    );
    expect(events).toEqual([
      ['requesting', 'Ben'],
      ['awaiting-payment', 'The payment service'],
      ['paid-confirmed-by-cashier', 'Ben'],
    ]);
    await expect(cashier.textContent(byTestId('detail-link'))).resolves.toMatch(
      /https?:\/\/.*Expires/,
    );
    await expect(cashier.textContent(byTestId('detail-cashier'))).resolves.toContain('Ben');
    await expect(cashier.textContent(byTestId('detail-amount'))).resolves.toContain('10.00');
    expect(await blockingViolations(cashier)).toEqual([]);
    expect(await smallTouchTargets(cashier, byTestId('order-actions'))).toEqual([]);
    await shots.take('order-detail');
    await cashier.setViewportSize({ width: 1024, height: 768 });
    const voidButton = await cashier.locator(byTestId('void-payment')).boundingBox();
    expect(voidButton && voidButton.x + voidButton.width).toBeLessThanOrEqual(1024);
    await shots.take('order-detail-1024x768');
    await cashier.setViewportSize({ width: 1280, height: 860 });
  });

  it("voids the payment with the manager's PIN; the report stops counting it and lists the void", async () => {
    const { cashier, shots, harness } = till;
    await cashier.click(byTestId('void-payment'));
    await cashier.waitForSelector(byTestId('void-payment-dialog'));
    await cashier.click(byTestId('void-reason-twice'));
    await shots.take('void-dialog');
    await holdToConfirm(cashier, 'confirm-void-payment');
    // Ben is a cashier: main asks for a manager, whose PIN is typed in place.
    const approval = byTestId('manager-approval');
    await cashier.waitForSelector(approval);
    await expect(cashier.textContent(approval)).resolves.toContain('Voiding a payment');
    await cashier.locator(byTestId('pin-key-2')).waitFor({ state: 'visible' });
    await shots.take('approval-asked');
    await tapPin(cashier, '2468');
    await cashier.waitForSelector(`${byTestId('order-detail')}[data-state="voided"]`);
    await expect(
      cashier.textContent(`${byTestId('order-event')}[data-to-state="voided"]`),
    ).resolves.toMatch(/Paid \(cashier\) → Voided.*Ana.*Charged twice.*Asked by Ben/);
    // Printing is automatic: the voided payment's slip printed by itself, and the order's
    // actions offer it again.
    await cashier.waitForSelector(
      `${byTestId('order-print-status')} ${byTestId('receipt-status')}[data-state="printed"]`,
    );
    const slip = harness.printing.jobs.at(-1)!.document;
    expect(slip.kind).toBe('void-slip');
    const slipText = JSON.stringify(slip.blocks);
    expect(slipText).toContain('The payment for this order was voided after it was taken.');
    expect(slipText).toContain('"label":"Voided by","value":"Ana"');
    expect(slipText).toContain('Reason: Charged twice');
    await expect(
      cashier.textContent(`${byTestId('order-actions')} ${byTestId('order-receipt')}`),
    ).resolves.toBe('Print void slip…');
    await shots.take('order-voided');
    await cashier.locator(byTestId('order-actions')).scrollIntoViewIfNeeded();
    await shots.take('order-voided-slip-printed');
    // Never deleted: the journal keeps the order and each of its events.
    const found = await call('searchOrders', { query: paidDayOne });
    const orderId = found.ok ? (found.value as { orderId: string }[])[0]!.orderId : '';
    expect(harness.services.journal.events(orderId).map((event) => event.toState)).toEqual([
      'requesting',
      'awaiting-payment',
      'paid-confirmed-by-cashier',
      'voided',
    ]);

    await cashier.keyboard.press('Escape');
    await cashier.waitForSelector(byTestId('order-detail'), { state: 'detached' });
    await cashier.waitForSelector(`${row(paidDayOne)}[data-state="voided"]`);
    await cashier.waitForSelector(`${byTestId('report-void')}[data-reference="${paidDayOne}"]`);
    expect(await reportCells()).toEqual(['ETHEREUM', 'USDT', '3', '1', '4.00', '0.00']);
    await expect(cashier.textContent(byTestId('report-voids'))).resolves.toMatch(
      /10\.00 USDT.*Ana.*Charged twice/,
    );
    await cashier.setViewportSize({ width: 1280, height: 800 });
    await cashier.locator(byTestId('report')).scrollIntoViewIfNeeded();
    await shots.take('report-with-void-1280x800');
    await cashier.setViewportSize({ width: 1024, height: 768 });
    await cashier.locator(byTestId('report')).scrollIntoViewIfNeeded();
    await shots.take('report-with-void-1024x768');
    expect(await smallTouchTargets(cashier, byTestId('history-filters'))).toEqual([]);
  });
});
