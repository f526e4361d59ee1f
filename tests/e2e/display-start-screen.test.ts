// The customer display's idle screen in Chromium, served by the harness as main serves it:
// the shop is on screen before the page's code has loaded (held back here by intercepting its
// script), the page's first view then replaces it where it stands, and if the code cannot
// load the customer keeps the calm idle screen. Its HTML names every file its code brings, as
// main waits for them before it loads the services.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { launchChromium } from '../support/browser';
import { openWithScriptHeld, type HeldScript } from './held-script';
import { openNotingStartFiles } from './start-files-asked';
import { startHarness, type Harness } from '../support/harness/harness';

/** The display's code: the chunk its entry imports while the idle screen shows. */
const displayCode = '**/assets/display-app-*.js';
const logo =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#2b8a3e"/></svg>',
  ).toString('base64');

let browser: Browser;
let harness: Harness;
beforeAll(async () => {
  browser = await launchChromium();
  harness = await startHarness({ settings: { shopName: 'Corner <Café>', shopLogo: logo } });
});
afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

/** A display page with its code held until released, or failing for good. */
async function openHeld(): Promise<
  HeldScript & {
    page: Page;
    close: () => Promise<void>;
  }
> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const held = await openWithScriptHeld(page, harness.displayUrl, displayCode);
  return {
    page,
    ...held,
    close: () => context.close(),
  };
}

/** Where the customer sees the idle screen's parts, each as its box on screen. */
async function boxesOf(page: Page, root: string) {
  const box = async (selector: string) => page.locator(`${root} ${selector}`).boundingBox();
  return {
    title: await box('h1'),
    welcome: await box('.cd-subtitle'),
    logo: await box('img'),
    banner: await box('.cd-demo-banner'),
  };
}

describe('customer display: the idle screen before the code', () => {
  it('shows the shop at once, and the first view takes its place where it stands', async () => {
    const display = await openHeld();
    try {
      const { page } = display;
      const start = page.locator('#start-screen main');
      await start.waitFor();
      expect(await start.locator('h1').textContent()).toBe('Corner <Café>');
      expect(await start.locator('.cd-subtitle').textContent()).toBe('Welcome');
      expect(await start.locator('.cd-demo-banner').textContent()).toBe('Demo — no real payment');
      await expect
        .poll(() => start.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBe(40);
      const before = await boxesOf(page, '#start-screen main');
      expect(before.title!.height).toBeGreaterThan(0);
      expect(await page.locator('main[data-phase]').count()).toBe(0);

      await display.release();
      await page.locator('main[data-phase="idle"]').waitFor();
      expect(await page.locator('#start-screen').count()).toBe(0);
      expect(await page.getByTestId('shop-name').textContent()).toBe('Corner <Café>');
      await expect
        .poll(() =>
          page.getByTestId('shop-logo').evaluate((image: HTMLImageElement) => image.naturalWidth),
        )
        .toBe(40);
      expect(await boxesOf(page, 'main[data-phase="idle"]')).toEqual(before);
    } finally {
      await display.close();
    }
  });

  it('keeps the idle screen when the code cannot load', async () => {
    const display = await openHeld();
    try {
      const { page } = display;
      const failed = page.waitForEvent('requestfailed');
      await display.abort();
      await failed;
      // Two frames later, as the page would have drawn anything it had to draw.
      await page.evaluate(
        () =>
          new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(0)))),
      );
      expect(await page.locator('#start-screen h1').textContent()).toBe('Corner <Café>');
      expect(await page.getByRole('alert').count()).toBe(0);
    } finally {
      await display.close();
    }
  });

  it("names in its HTML every file the display's code brings, as main waits for them all", async () => {
    const context = await browser.newContext();
    try {
      const { named, notAsked } = await openNotingStartFiles(
        await context.newPage(),
        harness.displayUrl,
        'main[data-phase="idle"]',
      );
      expect(named.some((path) => path.includes('/display-app-'))).toBe(true);
      // Each named file is asked for (none keeps the services waiting for their bound).
      expect(notAsked).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
