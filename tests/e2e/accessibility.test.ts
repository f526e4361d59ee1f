import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { ManualClock } from '../support/manual-clock';
import { blockingViolations, levelOneHeadingFinding, smallTouchTargets } from './a11y-scan';
import {
  byTestId,
  openTill,
  pickChainAndAsset,
  tapAmount,
  waitDisplayPhase,
  waitSaleState,
  type Till,
} from './cashier-kit';

// Both pages, in the till's two screen sizes and in the OS's light and dark schemes, scanned
// by axe-core (WCAG 2.0 A/AA, 2.1 AA) at each step of a sale and on history, settings and
// setup: no violation a person is blocked by (serious or critical), and one level-one heading
// per page. History, the shift, settings and setup also keep every control at least 44×44 px,
// the size a finger hits at a counter.
const viewports = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;
const schemes = ['light', 'dark'] as const;
const cases = viewports.flatMap((viewport) =>
  schemes.map((colorScheme) => ({
    viewport,
    colorScheme,
    name: `${viewport.width}x${viewport.height}-${colorScheme}`,
  })),
);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(cases)('accessibility at $name', ({ viewport, colorScheme, name }) => {
  let till: Till;
  const clock = new ManualClock();

  beforeAll(async () => {
    till = await openTill(
      `accessibility-${name}`,
      { clock, settings: { shopName: 'Corner Café' } },
      browser,
      { viewport, colorScheme },
    );
  });
  afterAll(async () => {
    await till?.close();
  });

  /**
   * Screenshots of both pages, then the findings of each: none may block a person. Soft, so
   * one run lists the findings of every step.
   */
  const scan = async (step: string) => {
    await till.shots.take(step);
    for (const name of ['cashier', 'display'] as const) {
      const page = till[name];
      const found = [...(await blockingViolations(page)), ...(await levelOneHeadingFinding(page))];
      expect.soft({ step, page: name, found }).toEqual({ step, page: name, found: [] });
    }
  };

  it('pages follow the OS colour scheme', async () => {
    for (const page of [till.cashier, till.display]) {
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
        .toBe(colorScheme);
    }
  });

  it('a sale: start screen, QR shown, paid', async () => {
    const { cashier, display, harness } = till;
    await cashier.waitForSelector(byTestId('chain-picker-option-1'));
    await waitDisplayPhase(display, 'idle');
    await scan('sale-start');

    await tapAmount(cashier, '12.5');
    await pickChainAndAsset(cashier, '1', 'USDT');
    await cashier.click(byTestId('show-qr'));
    await waitSaleState(cashier, 'awaiting-payment');
    await waitDisplayPhase(display, 'scan');
    await cashier.waitForSelector(byTestId('cashier-qr'));
    await display.waitForSelector(byTestId('customer-qr'));
    await scan('qr-shown');

    // Paid as the cashier's "Customer paid" records it, through the same service call.
    await harness.services.handlers.confirmPaidByCashier({});
    await waitSaleState(cashier, 'paid-confirmed-by-cashier');
    await waitDisplayPhase(display, 'paid');
    await scan('paid');
  });

  it('history', async () => {
    const { cashier } = till;
    await cashier.click(byTestId('nav-history'));
    await cashier.waitForSelector(byTestId('order-row'));
    await cashier.waitForSelector(byTestId('report-by-chain-asset'));
    await scan('history');
    expect(await cashier.locator('h1').textContent()).toBe('History');
    expect(await smallTouchTargets(cashier, '[data-testid="history"]')).toEqual([]);
  });

  it('shift: open, X report, Z report', async () => {
    const { cashier } = till;
    await cashier.click(byTestId('nav-shift'));
    await cashier.click(byTestId('shift-open'));
    await cashier.click(byTestId('shift-x-report'));
    await cashier.waitForSelector(`${byTestId('shift-report')}[data-kind="x"]`);
    await scan('shift-x-report');
    await cashier.click(byTestId('shift-close'));
    await cashier.waitForSelector(byTestId('shift-close-confirm'));
    await scan('shift-close-confirm');
    await cashier.click(byTestId('shift-close-yes'));
    await cashier.waitForSelector(`${byTestId('shift-report')}[data-kind="z"]`);
    await scan('shift-z-report');
    expect(await cashier.locator('h1').textContent()).toBe('Shift');
    expect(await smallTouchTargets(cashier, '[data-testid="shift-screen"]')).toEqual([]);
  });

  it('settings, each section', async () => {
    const { cashier } = till;
    await cashier.click(byTestId('nav-settings'));
    await cashier.waitForSelector(byTestId('settings'));
    for (const section of ['shop', 'sale', 'receipts', 'sound', 'staff', 'it']) {
      await cashier.click(byTestId(`settings-section-${section}-tab`));
      await cashier.waitForSelector(`${byTestId(`settings-section-${section}`)}:visible`);
      if (section === 'sound') await cashier.waitForSelector(byTestId('display-choice'));
      await scan(`settings-${section}`);
      expect(await cashier.locator('h1').textContent()).toBe('Settings');
      expect({
        section,
        small: await smallTouchTargets(cashier, '[data-testid="settings"]'),
      }).toEqual({ section, small: [] });
    }
  });

  it('setup', async () => {
    const { cashier } = till;
    // Set-up is offered in the IT section, the one shown last above.
    await cashier.click(byTestId('open-setup'));
    await cashier.waitForSelector(byTestId('first-run'));
    await scan('setup');
    expect(await cashier.locator('h1').textContent()).toBe('Set up the till');
    expect(await smallTouchTargets(cashier, '[data-testid="first-run"]')).toEqual([]);
  });
});
