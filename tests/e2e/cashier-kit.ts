/**
 * Shared by the tests/e2e/cashier-*.test.ts files (not a test itself): the harness with both
 * pages open in Debian's Chromium, screenshots of both pages per step, and the QR decoded
 * from the customer display's screenshot.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { launchChromium } from '../support/browser';
import { artifactsRoot } from './display-kit';
import { startHarness, type Harness, type HarnessOptions } from '../support/harness/harness';

export interface Till {
  browser: Browser;
  harness: Harness;
  cashier: Page;
  display: Page;
  shots: Screenshots;
  close(): Promise<void>;
}

/** How both pages are seen: the window size and the OS colour scheme (default 1280×860/1280×800, light). */
export interface TillScreens {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
}

/** Starts the harness and opens the cashier and the customer display, both ready. */
export async function openTill(
  testName: string,
  options: HarnessOptions = {},
  browser?: Browser,
  screens: TillScreens = {},
): Promise<Till> {
  const ownBrowser = browser === undefined;
  const chromium = browser ?? (await launchChromium());
  // These tests type amounts in asset units unless they say otherwise; a price in money has
  // its own tests (cashier-money-sale.test.ts).
  const harness = await startHarness({
    ...options,
    settings: { amountEntry: 'asset', ...options.settings },
  });
  const colorScheme = screens.colorScheme ?? 'light';
  const cashierContext = await chromium.newContext({
    viewport: screens.viewport ?? { width: 1280, height: 860 },
    colorScheme,
  });
  const displayContext = await chromium.newContext({
    viewport: screens.viewport ?? { width: 1280, height: 800 },
    colorScheme,
  });
  const cashier = await cashierContext.newPage();
  const display = await displayContext.newPage();
  await Promise.all([cashier.goto(harness.cashierUrl), display.goto(harness.displayUrl)]);
  await display.waitForSelector('main[data-phase]:not([data-phase="waiting"])');
  const shots = new Screenshots(testName, cashier, display);
  return {
    browser: chromium,
    harness,
    cashier,
    display,
    shots,
    async close() {
      await cashierContext.close().catch(() => undefined);
      await displayContext.close().catch(() => undefined);
      if (ownBrowser) await chromium.close().catch(() => undefined);
      await harness.close();
    },
  };
}

/** test-artifacts/e2e/<test-name>/NN-<step>-{cashier,display}.png */
class Screenshots {
  readonly dir: string;
  private step = 0;

  constructor(
    testName: string,
    private readonly cashier: Page,
    private readonly display: Page,
  ) {
    this.dir = join(artifactsRoot, testName);
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
  }

  /** Both pages as they are now; returns the display's PNG (to decode its QR). */
  async take(name: string): Promise<{ cashier: Buffer; display: Buffer }> {
    this.step += 1;
    const prefix = join(this.dir, `${String(this.step).padStart(2, '0')}-${name}`);
    const [cashier, display] = await Promise.all([
      this.cashier.screenshot({ fullPage: true }),
      this.display.screenshot(),
    ]);
    writeFileSync(`${prefix}-cashier.png`, cashier);
    writeFileSync(`${prefix}-display.png`, display);
    return { cashier, display };
  }
}

// One QR decoder and one artifacts folder for every e2e kit.
export { decodeQr } from './display-kit';

export const byTestId = (id: string) => `[data-testid="${id}"]`;

/** Waits until the cashier shows the sale in `state`. */
export async function waitSaleState(cashier: Page, state: string, timeout = 15_000): Promise<void> {
  await cashier.waitForSelector(`[data-testid="sale-state"][data-state="${state}"]`, { timeout });
}

/** Waits until the customer display is in `phase`. */
export async function waitDisplayPhase(
  display: Page,
  phase: string,
  timeout = 15_000,
): Promise<void> {
  await display.waitForSelector(`main[data-phase="${phase}"]`, { timeout });
}

/**
 * Presses and holds a hold-to-confirm control (mouse down, kept down) until it has acted: its
 * bar filled (data-holding went true, then false again when the hold time was up). One touch.
 */
export async function holdToConfirm(page: Page, testId: string): Promise<void> {
  const control = page.locator(byTestId(testId));
  await control.hover();
  await page.mouse.down();
  try {
    await page.waitForSelector(`${byTestId(testId)}[data-holding="true"]`);
    await page.waitForFunction(
      (selector) => document.querySelector(selector)?.getAttribute('data-holding') !== 'true',
      byTestId(testId),
    );
  } finally {
    await page.mouse.up();
  }
}

/** Types an amount with the cashier's touch keys. */
export async function tapAmount(cashier: Page, amount: string): Promise<void> {
  for (const char of amount)
    await cashier.click(byTestId(char === '.' ? 'key-point' : `key-${char}`));
}

/** Picks a chain and an asset with the mouse. */
export async function pickChainAndAsset(
  cashier: Page,
  chainId: string,
  asset: string,
): Promise<void> {
  await cashier.click(byTestId(`chain-picker-option-${chainId}`));
  await cashier.click(byTestId(`asset-picker-option-${asset}`));
  await cashier.waitForSelector(`${byTestId(`asset-picker-option-${asset}`)}[aria-checked="true"]`);
}

/** Taps a PIN on the pad's keys (never typed into a field) and presses OK. */
export async function tapPin(cashier: Page, pin: string): Promise<void> {
  for (const digit of pin) await cashier.click(byTestId(`pin-key-${digit}`));
  await cashier.click(byTestId('pin-ok'));
}

/**
 * One QR sale on the start form (chain and asset already picked), ended by the cashier: held
 * "Customer paid" or "Cancel sale"; then back to a new sale. Returns the order's reference.
 */
export async function qrSaleEndedByCashier(
  till: Till,
  amount: string,
  end: 'customer-paid' | 'cancel-sale',
): Promise<string> {
  const { cashier, harness } = till;
  await tapAmount(cashier, amount);
  await cashier.click(byTestId('show-qr'));
  await waitSaleState(cashier, 'awaiting-payment');
  const reference = harness.services.sale.current()!.reference;
  if (end === 'customer-paid') await holdToConfirm(cashier, end);
  else await cashier.click(byTestId(end));
  await waitSaleState(cashier, end === 'customer-paid' ? 'paid-confirmed-by-cashier' : 'cancelled');
  await cashier.click(byTestId('new-sale'));
  await cashier.waitForSelector(byTestId('amount-input'));
  return reference;
}
