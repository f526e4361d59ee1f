// After start, each page draws its sale screen with sample sales backstage (idle-warm-up.tsx,
// backstage.tsx), so the first customer meets compiled code. In Chromium, through the harness:
// the samples are really drawn (the cashier's waiting sale, the display's scan screen), no
// query of the page ever finds them, the cashier's amount field keeps the focus the sample
// sale's heading asks for, and the first real sale shows as usual.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { launchChromium } from '../support/browser';
import { startHarness, type Harness } from '../support/harness/harness';
import { byTestId, pickChainAndAsset, waitDisplayPhase, waitSaleState } from './cashier-kit';

interface Watch {
  /** Test ids drawn in the warm-up's shadow roots, and the sample references among them. */
  drawn: string[];
  references: string[];
  /** Test ids of `watched` a query of the page (as a locator pierces) found while drawn. */
  leaked: string[];
  h1WhileDrawn: number;
  /** The page's stylesheets (links and style elements), and how many a warm-up root held. */
  pageSheets: number;
  stageSheets: number;
  hostShown: boolean;
  hostGone: boolean;
}

/**
 * Before the page's own scripts: notes each shadow root attached (a closed one is reachable
 * only from here), and at every change inside one, what it holds and what a query of the
 * page's document finds of the same test ids.
 */
function watchWarmUp(watched: string[]): void {
  const watch: Watch = {
    drawn: [],
    references: [],
    leaked: [],
    h1WhileDrawn: 0,
    pageSheets: 0,
    stageSheets: 0,
    hostShown: false,
    hostGone: false,
  };
  (window as unknown as { __warmUp: Watch }).__warmUp = watch;
  const note = (list: string[], value: string) => {
    if (!list.includes(value)) list.push(value);
  };
  // As Playwright's locators query: the document and every open shadow root in it.
  const findAll = (selector: string, scope: Document | ShadowRoot = document): Element[] => [
    ...scope.querySelectorAll(selector),
    ...[...scope.querySelectorAll('*')].flatMap((element) =>
      element.shadowRoot ? findAll(selector, element.shadowRoot) : [],
    ),
  ];
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attach.call(this, init);
    new MutationObserver(() => {
      for (const element of root.querySelectorAll('[data-testid]'))
        note(watch.drawn, element.getAttribute('data-testid') ?? '');
      for (const element of root.querySelectorAll(
        '[data-testid="reference"] b, [data-testid="order-reference"]',
      ))
        note(watch.references, element.textContent ?? '');
      for (const id of watched)
        if (findAll(`[data-testid="${id}"]`).length > 0) note(watch.leaked, id);
      watch.h1WhileDrawn = Math.max(watch.h1WhileDrawn, findAll('h1').length);
      const sheets = 'link[rel="stylesheet"], style';
      watch.pageSheets = document.head.querySelectorAll(sheets).length;
      watch.stageSheets = root.querySelectorAll(sheets).length;
    }).observe(root, { childList: true, subtree: true });
    return root;
  };
  new MutationObserver(() => {
    const host = document.querySelector('[data-testid="idle-warm-up"]');
    if (host) watch.hostShown = true;
    else if (watch.hostShown) watch.hostGone = true;
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Waits until the page's warm-up is over, and checks what both pages share: it drew `ids`
 * and several different samples, with the page's stylesheets, and no query found any of it.
 */
async function drawnUnseen(page: Page, ids: string[]): Promise<Watch> {
  await page.waitForFunction(() => (window as unknown as { __warmUp: Watch }).__warmUp.hostGone);
  const warmUp = await page.evaluate(() => (window as unknown as { __warmUp: Watch }).__warmUp);
  expect(warmUp.drawn).toEqual(expect.arrayContaining(ids));
  expect(warmUp.references.length).toBeGreaterThan(2);
  expect(warmUp.leaked).toEqual([]);
  expect(warmUp.stageSheets).toBeGreaterThan(0);
  expect(warmUp.stageSheets).toBe(warmUp.pageSheets);
  expect(await page.locator('[data-testid="idle-warm-up"]').count()).toBe(0);
  return warmUp;
}

let browser: Browser;
let harness: Harness;
let cashier: Page;
let display: Page;

beforeAll(async () => {
  browser = await launchChromium();
  harness = await startHarness({ settings: { amountEntry: 'asset' } });
  cashier = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  display = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await cashier.addInitScript(watchWarmUp, ['active-sale', 'sale-state', 'link-amount']);
  await display.addInitScript(watchWarmUp, ['customer-qr', 'customer-amount', 'countdown']);
  await Promise.all([cashier.goto(harness.cashierUrl), display.goto(harness.displayUrl)]);
});
afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

describe('the sale screens drawn backstage after start', () => {
  it('cashier: draws sample waiting sales no query finds, and the amount field keeps the focus', async () => {
    await drawnUnseen(cashier, ['active-sale', 'sale-state', 'link-amount', 'countdown']);
    expect(await cashier.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'amount-input',
    );
  });

  it('display: draws sample scan screens no query finds, beside its one heading', async () => {
    const warmUp = await drawnUnseen(display, [
      'customer-qr',
      'customer-amount',
      'countdown',
      'asset-line',
    ]);
    expect(warmUp.h1WhileDrawn).toBe(1);
  });

  it('then the first sale shows on both screens as usual', async () => {
    await cashier.fill(byTestId('amount-input'), '12.5');
    await pickChainAndAsset(cashier, '1', 'USDT');
    await cashier.click(byTestId('show-qr'));
    await waitSaleState(cashier, 'awaiting-payment');
    await waitDisplayPhase(display, 'scan');
    expect(await display.locator(byTestId('customer-qr')).count()).toBe(1);
    expect(await cashier.locator(byTestId('active-sale')).count()).toBe(1);
    expect(await display.locator('h1').textContent()).toBe('Scan to pay');
  });
});
