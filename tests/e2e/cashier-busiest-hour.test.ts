import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTCOME_HOLD_MS } from '../../shared/sale/wait-screen';
import { ManualClock } from '../support/manual-clock';
import {
  byTestId,
  holdToConfirm,
  openTill,
  pickChainAndAsset,
  tapAmount,
  waitDisplayPhase,
  waitSaleState,
  type Till,
} from './cashier-kit';

/** A small PNG (1×1, orange) as IT would set the shop logo: a data: URL. */
const SHOP_LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** Counts every press on the page (mouse, touch or pen): what a cashier's finger does. */
async function countPresses(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const counted = window as unknown as { presses: number };
    counted.presses = 0;
    document.addEventListener('pointerdown', () => (counted.presses += 1), { capture: true });
  });
  return () => page.evaluate(() => (window as unknown as { presses: number }).presses);
}

/** The element is wholly inside the window, with the page not scrolled: no scroll to reach it. */
async function inView(page: Page, testId: string): Promise<boolean> {
  return page.evaluate((selector) => {
    const element = document.querySelector(selector);
    if (!element || window.scrollY !== 0) return false;
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
  }, byTestId(testId));
}

/** Visible controls smaller than 44×44 px, by their test id or text. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, [role="radio"], a[href], input, select')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const shown = box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
        return (
          shown && !element.closest('[aria-hidden="true"]') && (box.width < 44 || box.height < 44)
        );
      })
      .map(
        (element) => element.getAttribute('data-testid') ?? element.textContent ?? element.tagName,
      ),
  );
}

// The review's measure of a busy counter, at the two screen sizes shops have: a repeat sale
// is the amount's keys plus two touches (Show QR, hold "Customer paid"), nothing needed for a
// sale is below the fold, and the till is ready for the next customer by itself.
describe.each([
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
])('cashier at $width×$height: the busiest hour', (viewport) => {
  let till: Till;
  const clock = new ManualClock();

  beforeAll(async () => {
    till = await openTill(
      `cashier-busiest-hour-${viewport.width}x${viewport.height}`,
      {
        clock,
        settings: { shopName: 'Corner Café', shopLogo: SHOP_LOGO, customerDisplaySound: true },
      },
      undefined,
      { viewport },
    );
  });
  afterAll(async () => {
    await till?.close();
  });

  it('sells with the ways to pay in view, confirms on facts by holding, and returns to ready by itself', async () => {
    const { cashier, display, shots, harness } = till;
    await cashier.waitForSelector(byTestId('chain-picker-option-1'));
    // The customer display belongs to the shop: its logo, its name, and the demo banner.
    await display.waitForSelector(byTestId('shop-logo'));
    await expect(display.getAttribute(byTestId('shop-logo'), 'src')).resolves.toBe(SHOP_LOGO);
    await expect(display.textContent(byTestId('demo-banner'))).resolves.toContain(
      'no real payment',
    );
    await tapAmount(cashier, '23.75');
    await pickChainAndAsset(cashier, '1', 'USDT');
    expect(await inView(cashier, 'show-qr')).toBe(true);
    expect(await inView(cashier, 'tap-to-pay')).toBe(true);
    // "Tap to pay" reads in full, not cut.
    expect(
      await cashier.evaluate((selector) => {
        const label = document.querySelector(`${selector} .mantine-Button-label`)!;
        return label.scrollWidth <= label.clientWidth;
      }, byTestId('tap-to-pay')),
    ).toBe(true);
    expect(await smallTargets(cashier)).toEqual([]);
    // The status bar: demo mode, the shop's currency, the reader, and the service not asked yet
    // or answering (the chain list was its first request).
    await expect(cashier.textContent(byTestId('status-demo'))).resolves.toContain('Demo mode');
    await expect(cashier.textContent(byTestId('status-currency'))).resolves.toBe('Prices in USD');
    expect(await inView(cashier, 'service-health')).toBe(true);
    await shots.take('first-sale-typed');

    await cashier.click(byTestId('show-qr'));
    await waitSaleState(cashier, 'awaiting-payment');
    await waitDisplayPhase(display, 'scan');
    await cashier.waitForSelector(`${byTestId('service-health')}[data-state="reachable"]`);
    const sale = harness.services.sale.current()!;
    // The facts to find in the customer's wallet, beside the control.
    await expect(cashier.textContent(byTestId('check-amount'))).resolves.toBe(
      `${sale.link!.linkAmount} USDT`,
    );
    await expect(cashier.textContent(byTestId('check-network'))).resolves.toBe('ETHEREUM');
    await expect(cashier.textContent(byTestId('check-order'))).resolves.toContain(sale.reference);
    expect(await inView(cashier, 'customer-paid')).toBe(true);
    expect(await inView(cashier, 'cancel-sale')).toBe(true);
    expect(await smallTargets(cashier)).toEqual([]);
    await expect(cashier.innerText('body')).resolves.not.toContain('awaiting-payment');
    await display.waitForSelector(byTestId('shop-logo'));
    // The customer's screen holds the QR, what to pay and the reference, all in view.
    for (const part of ['customer-qr', 'customer-amount', 'countdown', 'reference'])
      expect(await inView(display, part), part).toBe(true);
    await shots.take('qr-shown');

    // A stray tap records nothing.
    await cashier.click(byTestId('customer-paid'));
    await cashier.waitForSelector(`${byTestId('customer-paid-hint')}:has-text("Keep holding")`);
    expect(harness.services.sale.current()!.state).toBe('awaiting-payment');
    await holdToConfirm(cashier, 'customer-paid');
    await waitSaleState(cashier, 'paid-confirmed-by-cashier');
    await waitDisplayPhase(display, 'paid');
    const confirmed = harness.services.journal.events(sale.orderId).at(-1)!;
    expect(confirmed).toMatchObject({
      toState: 'paid-confirmed-by-cashier',
      reasonKind: 'cashier',
    });
    expect(confirmed.atMs).toBe(clock.now());
    // Heard at the till and, as this shop asked, on the customer display.
    // What was played is an attribute of the feedback root, which has no size once its flash
    // has faded: wait for it in the page, not on screen (a busy machine checks after the fade).
    await cashier.waitForSelector(`${byTestId('sale-feedback')}[data-last-sound="accepted"]`, {
      state: 'attached',
    });
    await display.waitForSelector(`${byTestId('display-feedback')}[data-last-sound="accepted"]`, {
      state: 'attached',
    });
    await shots.take('paid');

    // Ready for the next customer by itself: the cashier's amount screen, the display's welcome.
    clock.advance(OUTCOME_HOLD_MS);
    await cashier.waitForSelector(byTestId('amount-input'));
    await waitDisplayPhase(display, 'idle');
    await shots.take('ready-by-itself');
  });

  it('repeats a sale with the amount keys and two touches, from the paid screen', async () => {
    const { cashier, display, shots, harness } = till;
    const presses = await countPresses(cashier);
    // On the touch keys: the keys, Show QR, hold "Customer paid".
    await tapAmount(cashier, '23.75');
    await cashier.click(byTestId('show-qr'));
    await waitSaleState(cashier, 'awaiting-payment');
    await holdToConfirm(cashier, 'customer-paid');
    await waitSaleState(cashier, 'paid-confirmed-by-cashier');
    expect(await presses()).toBe('23.75'.length + 2);
    expect(harness.services.sale.current()).toMatchObject({ amount: '23.75', asset: 'USDT' });
    await shots.take('repeat-by-touch');

    // From the keyboard, on the paid screen itself: typing starts the next sale at once.
    const before = await presses();
    await cashier.keyboard.type('23.75');
    await cashier.waitForSelector(byTestId('amount-input'));
    await expect(cashier.inputValue(byTestId('amount-input'))).resolves.toBe('23.75');
    await cashier.click(byTestId('show-qr'));
    await waitSaleState(cashier, 'awaiting-payment');
    await waitDisplayPhase(display, 'scan');
    await holdToConfirm(cashier, 'customer-paid');
    await waitSaleState(cashier, 'paid-confirmed-by-cashier');
    expect((await presses()) - before).toBe(2);
    await shots.take('repeat-by-keyboard');
    clock.advance(OUTCOME_HOLD_MS);
    await cashier.waitForSelector(byTestId('amount-input'));
  });

  it('records a link paid after it expired, on the same order, and warns a new link may leave the old one payable', async () => {
    const { cashier, display, shots, harness } = till;
    await tapAmount(cashier, '4');
    await cashier.click(byTestId('show-qr'));
    await waitSaleState(cashier, 'awaiting-payment');
    const first = harness.services.sale.current()!;
    const expiry = first.expiry;
    if (expiry?.kind !== 'known') throw new Error('the sandbox link has a known expiry');
    clock.advance(expiry.atMs - clock.now());
    await waitSaleState(cashier, 'expired');
    await waitDisplayPhase(display, 'expired');
    // The customer's screen goes back to the welcome by itself; the cashier's stays to decide.
    clock.advance(OUTCOME_HOLD_MS);
    await waitDisplayPhase(display, 'idle');
    await waitSaleState(cashier, 'expired');
    await shots.take('expired');

    // "New link": the same amount, and a warning that the expired code may still be paid.
    await cashier.click(byTestId('new-link'));
    await waitSaleState(cashier, 'awaiting-payment');
    await expect(cashier.textContent(byTestId('old-link-warning'))).resolves.toContain(
      first.reference,
    );
    expect(harness.services.sale.current()).toMatchObject({
      amount: first.amount,
      replacesOrderId: first.orderId,
    });
    await shots.take('new-link-warned');
    // The customer's wallet shows the first code paid: cancel this one, record the first.
    await cashier.click(byTestId('cancel-sale'));
    await waitSaleState(cashier, 'cancelled');
    clock.advance(OUTCOME_HOLD_MS);
    await cashier.waitForSelector(byTestId('amount-input'));

    await cashier.click(byTestId('nav-history'));
    const row = `${byTestId('order-row')}[data-reference="${first.reference}"]`;
    await cashier.waitForSelector(`${row}[data-state="expired"]`);
    await cashier.click(`${row} ${byTestId('history-paid-after-all')}`);
    await cashier.waitForSelector(byTestId('paid-after-all-dialog'));
    await cashier.click(byTestId('late-reason-other'));
    await cashier.fill(byTestId('late-reason-text'), 'Seen on the block\nexplorer');
    await shots.take('paid-after-all-dialog');
    await holdToConfirm(cashier, 'confirm-paid-after-all');
    await cashier.waitForSelector(`${row}[data-state="paid-after-all"]`);
    expect(harness.services.journal.get(first.orderId)!.state).toBe('paid-after-all');
    expect(harness.services.journal.events(first.orderId).at(-1)).toMatchObject({
      fromState: 'expired',
      toState: 'paid-after-all',
      detail: { action: 'paid-after-all', note: 'Seen on the block explorer' },
    });
    await shots.take('history-paid-late');
    await cashier.click(byTestId('nav-sale'));
    await cashier.waitForSelector(byTestId('amount-input'));

    // From the expired sale's own screen, with the wallet as the reason: the customer sees it paid.
    await tapAmount(cashier, '6');
    await cashier.click(byTestId('show-qr'));
    await waitSaleState(cashier, 'awaiting-payment');
    const second = harness.services.sale.current()!;
    if (second.expiry?.kind !== 'known') throw new Error('the sandbox link has a known expiry');
    clock.advance(second.expiry.atMs - clock.now());
    await waitSaleState(cashier, 'expired');
    await cashier.click(byTestId('paid-after-all'));
    await cashier.waitForSelector(byTestId('paid-after-all-dialog'));
    await cashier.click(byTestId('late-reason-wallet'));
    await holdToConfirm(cashier, 'confirm-paid-after-all');
    await waitSaleState(cashier, 'paid-after-all');
    await waitDisplayPhase(display, 'paid');
    expect(harness.services.journal.events(second.orderId).at(-1)).toMatchObject({
      toState: 'paid-after-all',
      detail: { note: 'The customer’s wallet shows this order paid' },
    });
    await shots.take('sale-screen-paid-late');
    clock.advance(OUTCOME_HOLD_MS);
    await cashier.waitForSelector(byTestId('amount-input'));
  });

  it("shows the customer a calm screen for the till's trouble, and retries in one touch with the amount kept", async () => {
    const { cashier, display, shots, harness } = till;
    const sandbox = harness.services.connection.demoSandbox()!;
    // The service answers with a proxy's HTML page instead of the link.
    sandbox.setFaults([{ endpoint: 'generate_qr', status: 503, body: 'html', times: 1 }]);
    await tapAmount(cashier, '8.5');
    await cashier.click(byTestId('show-qr'));
    await waitSaleState(cashier, 'failed');
    await waitDisplayPhase(display, 'problem');
    await expect(display.textContent('h1')).resolves.toBe('One moment, please');
    await expect(display.getAttribute('[role="status"]', 'data-tone')).resolves.toBe('neutral');
    await expect(display.innerText('main')).resolves.not.toMatch(/declined|error|failed/i);
    // The cashier sees what happened and the next step; the status bar says the service is in trouble.
    await cashier.waitForSelector(byTestId('next-step'));
    await cashier.waitForSelector(`${byTestId('service-health')}[data-state="trouble"]`);
    await shots.take('till-trouble');
    const failed = harness.services.sale.current()!;
    await cashier.click(byTestId('retry-same-order'));
    await waitSaleState(cashier, 'awaiting-payment');
    await waitDisplayPhase(display, 'scan');
    expect(harness.services.sale.current()).toMatchObject({
      orderId: failed.orderId,
      amount: '8.5',
      asset: 'USDT',
      chainId: '1',
    });
    await cashier.waitForSelector(`${byTestId('service-health')}[data-state="reachable"]`);
    await shots.take('retried');
    await cashier.click(byTestId('cancel-sale'));
    await waitSaleState(cashier, 'cancelled');
  });
});
