// The cashier page's start screen in Chromium, served by the harness as main serves it: its
// amount field is there before the till's code has loaded, what the cashier types in it
// becomes the sale's amount, and a till that signs staff in first shows no field to type in.
// The till's code is held back by intercepting its script, so the keys are typed while it
// loads, whatever this machine's speed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { launchChromium } from '../support/browser';
import { openWithScriptHeld, type HeldScript } from './held-script';
import { openNotingStartFiles } from './start-files-asked';
import { startHarness, type Harness, type HarnessOptions } from '../support/harness/harness';

/** The till's code: the chunk main.tsx imports once the start screen is painted. */
const tillCode = '**/assets/cashier-page-*.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A cashier page on a fresh harness, its till code held until released, or failing for good. */
async function openHeld(options: HarnessOptions): Promise<
  HeldScript & {
    page: Page;
    harness: Harness;
    close: () => Promise<void>;
  }
> {
  const harness = await startHarness(options);
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const held = await openWithScriptHeld(page, harness.cashierUrl, tillCode);
  return {
    page,
    harness,
    ...held,
    close: async () => {
      await context.close();
      await harness.close();
    },
  };
}

describe('cashier: the start screen', () => {
  it('takes the first amount while the till code loads, and the sale screen goes on with it', async () => {
    const till = await openHeld({ settings: { amountEntry: 'money' } });
    try {
      const { page } = till;
      const startField = page.getByTestId('start-amount-input');
      await expect.poll(() => startField.isVisible()).toBe(true);
      // Focused by itself: the cashier just types.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id))
        .toBe('start-amount-field');
      await page.keyboard.type('12.5');
      expect(await page.getByTestId('amount-input').count()).toBe(0);
      await till.release();
      const amount = page.getByTestId('amount-input');
      await expect.poll(() => amount.inputValue()).toBe('12.5');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('amount-input');
      expect(await page.locator('#start-screen').count()).toBe(0);
      // The cashier goes on typing where the start field left off.
      await page.keyboard.type('0');
      expect(await amount.inputValue()).toBe('12.50');
    } finally {
      await till.close();
    }
  });

  it('shows no amount field on a till where staff sign in first', async () => {
    const till = await openHeld({ settings: { staffPinsRequired: true } });
    try {
      const { page } = till;
      await page.locator('#start-screen').waitFor();
      expect(await page.getByTestId('start-amount-input').isVisible()).toBe(false);
      expect(await page.getByRole('status').textContent()).toBe('Starting…');
      await till.release();
      await page
        .getByTestId('first-manager-screen')
        .or(page.getByTestId('sign-in-screen'))
        .waitFor();
      expect(await page.locator('#start-screen').count()).toBe(0);
    } finally {
      await till.close();
    }
  });

  it('says what to do when the till code cannot load', async () => {
    const till = await openHeld({});
    try {
      const { page } = till;
      await till.abort();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/Restart Counter; if this happens again, call IT/);
      expect(await page.getByTestId('start-amount-input').count()).toBe(0);
    } finally {
      await till.close();
    }
  });

  it('names in its HTML every file the till code brings, as main waits for them all', async () => {
    const harness = await startHarness({});
    const context = await browser.newContext();
    try {
      const { named, notAsked } = await openNotingStartFiles(
        await context.newPage(),
        harness.cashierUrl,
        '[data-testid="amount-input"]',
      );
      expect(named.some((path) => path.includes('/cashier-page-'))).toBe(true);
      // Each named file is asked for (none keeps the services waiting for their bound).
      expect(notAsked).toEqual([]);
    } finally {
      await context.close();
      await harness.close();
    }
  });
});
