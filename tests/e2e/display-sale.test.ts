import type { Browser, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { displayAmount } from '../../renderer/common/amount-format';
import { formatSeconds } from '../../renderer/common/countdown-format';
import { OUTCOME_HOLD_MS } from '../../shared/sale/wait-screen';
import { WAIT_SCREEN_DELAY_MS } from '../../shared/sale/wait-screen';
import { launchChromium } from '../support/browser';
import { startHarness, type Harness } from '../support/harness/harness';
import { ManualClock } from '../support/manual-clock';
import { tapOnScreenSale } from '../support/sale-tap';
import {
  decodeQr,
  DISPLAY_VIEWPORT,
  sandboxOf,
  screenshotter,
  startQrSale,
  textOf,
  waitForPhase,
  waitForText,
} from './display-kit';

// The customer display page, built and served by the harness, in Debian's
// Chromium, following sales driven through the real services with a manual clock. Build the
// pages first: npx electron-vite build.
let browser: Browser;
let harness: Harness;
let clock: ManualClock;
let display: Page;
/** Script errors and console errors of the display page (a CSP violation shows up here). */
let pageProblems: string[];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  clock = new ManualClock();
  harness = await startHarness({ clock, settings: { shopName: 'Corner Café' } });
  display = await browser.newPage({ viewport: DISPLAY_VIEWPORT });
  pageProblems = [];
  display.on('pageerror', (error) => pageProblems.push(`pageerror: ${error.message}`));
  display.on('console', (message) => {
    // Chromium asks for /favicon.ico by itself; the page has none and needs none.
    if (message.location().url.endsWith('/favicon.ico')) return;
    if (message.type() === 'error' || message.type() === 'warning')
      pageProblems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  await display.goto(harness.displayUrl);
});

afterEach(async () => {
  expect(pageProblems).toEqual([]);
  await display?.close();
  await harness?.close();
});

describe('customer display', () => {
  it('follows a QR sale: idle, QR with countdown, expiry, new link, cancel, held, idle', async () => {
    const shot = screenshotter('display-qr-sale');
    await waitForPhase(display, 'idle');
    expect(await textOf(display, 'shop-name')).toBe('Corner Café');
    await shot(display, 'idle');

    const sale = await startQrSale(harness, '12.5');
    expect(sale).toMatchObject({ state: 'awaiting-payment', showQr: true });
    await waitForPhase(display, 'scan');
    const order = sandboxOf(harness).orders()[0]!;
    expect(sale.link?.qrUrl).toBe(order.qrUrl);
    expect(sale.expiry).toEqual({ kind: 'known', atMs: clock.now() + 900_000 });
    await waitForText(display, 'countdown', 'Time left: 15:00');
    const scanPng = await shot(display, 'scan');
    expect(decodeQr(scanPng)).toBe(order.qrUrl);
    expect(await textOf(display, 'customer-amount')).toBe(
      `${displayAmount(sale.link!.linkAmount)} ${sale.asset}`,
    );
    expect(await textOf(display, 'reference')).toBe(`Reference ${sale.reference}`);
    expect(await textOf(display, 'asset-line')).toContain('ETHEREUM');
    expect(await textOf(display, 'usd-value')).toMatch(/^≈ [\d\u202f]+\.\d\d USD$/);

    // The QR fills most of the screen's height, as a square, in the page's black-on-white.
    const box = await display.locator('[data-testid="customer-qr"]').boundingBox();
    expect(box!.height).toBeGreaterThan(DISPLAY_VIEWPORT.height * 0.8);
    expect(Math.abs(box!.width - box!.height)).toBeLessThan(1);
    expect(await display.locator('[data-testid="customer-qr"]').getAttribute('aria-label')).toMatch(
      /^Payment QR code for /,
    );

    // The countdown moves only with main's clock, in step.
    clock.advance(30_000);
    await waitForText(display, 'countdown', 'Time left: 14:30');
    await shot(display, 'countdown-14-30');
    clock.advance(840_000);
    await waitForText(display, 'countdown', 'Time left: 00:30');
    expect(await display.locator('[data-testid="countdown"]').getAttribute('data-urgent')).toBe(
      'true',
    );
    await shot(display, 'countdown-00-30');

    // At expiry main moves the sale to expired; the QR goes away.
    clock.advance(30_000);
    await waitForPhase(display, 'expired');
    expect(await display.locator('h1').textContent()).toBe('Time is up');
    expect(await display.locator('[data-testid="customer-qr"]').count()).toBe(0);
    const expiredPng = await shot(display, 'expired');
    expect(decodeQr(expiredPng)).toBeNull();

    // "New link": a new order and a new QR, counting from 15:00 again.
    const renewed = await harness.services.handlers.newLinkForExpired({});
    await waitForPhase(display, 'scan');
    const second = sandboxOf(harness).orders()[1]!;
    expect(renewed.link?.qrUrl).toBe(second.qrUrl);
    expect(second.orderId).not.toBe(order.orderId);
    await waitForText(display, 'countdown', 'Time left: 15:00');
    expect(decodeQr(await shot(display, 'new-link'))).toBe(second.qrUrl);

    // Cancel: held on screen for OUTCOME_HOLD_MS even when the cashier moves on at once.
    await harness.services.handlers.cancelSale({});
    await waitForPhase(display, 'cancelled');
    expect(await display.locator('h1').textContent()).toBe('Payment cancelled');
    await shot(display, 'cancelled');
    await harness.services.handlers.finishSale({});
    clock.advance(OUTCOME_HOLD_MS - 1);
    expect((harness.services.latest('customer-view') as { phase: string }).phase).toBe('cancelled');
    expect(await display.locator('main').getAttribute('data-phase')).toBe('cancelled');
    clock.advance(1);
    await waitForPhase(display, 'idle');
    expect(await textOf(display, 'shop-name')).toBe('Corner Café');
    await shot(display, 'idle-again');
  });

  it('asks for a tap on an NFC sale and shows the payment received', async () => {
    const shot = screenshotter('display-nfc-sale');
    await waitForPhase(display, 'idle');
    const sale = await harness.services.handlers.startNfcSale({ amount: '5' });
    expect(sale.state).toBe('waiting-for-tap');
    await waitForPhase(display, 'tap');
    expect(await display.locator('h1').textContent()).toBe('Tap your phone');
    expect(await textOf(display, 'customer-amount')).toMatch(/^5\.00/);
    expect(await display.locator('[data-testid="customer-qr"]').count()).toBe(0);
    await shot(display, 'tap');

    const token = sandboxOf(harness).issueNfcToken();
    await tapOnScreenSale(harness.services.sale, token);
    await waitForPhase(display, 'paid');
    expect(await display.locator('h1').textContent()).toBe('Payment received');
    expect(await display.locator('[role="status"]').getAttribute('data-tone')).toBe('success');
    await shot(display, 'paid');
    expect(sandboxOf(harness).nfcPayments()).toHaveLength(1);

    await harness.services.handlers.finishSale({});
    clock.advance(OUTCOME_HOLD_MS);
    await waitForPhase(display, 'idle');
    await shot(display, 'idle');
  });

  it('shows no countdown, but says so calmly, when the link’s expiry cannot be read', async () => {
    const shot = screenshotter('display-expiry-unknown');
    await waitForPhase(display, 'idle');
    // Written in New York time but read as UTC: the expiry would be before the request.
    sandboxOf(harness).configure({ timeZone: 'America/New_York' });
    const sale = await startQrSale(harness, '3.25');
    expect(sale.expiry?.kind).toBe('unknown');
    await waitForPhase(display, 'scan');
    expect(await display.locator('[data-testid="countdown"]').count()).toBe(0);
    expect(await textOf(display, 'no-countdown')).toMatch(/^No time limit shown\./);
    expect(decodeQr(await shot(display, 'scan-no-countdown'))).toBe(
      sandboxOf(harness).orders()[0]!.qrUrl,
    );
  });

  it('keeps the QR readable for a long 18-decimal amount', async () => {
    const shot = screenshotter('display-long-amount');
    await waitForPhase(display, 'idle');
    const chains = await harness.services.handlers.listChains({});
    let pick: { chainId: string; asset: string; decimals: number } | undefined;
    for (const chain of chains) {
      const assets = await harness.services.handlers.listAssets({ chainId: chain.chainId });
      const wide = assets.find((asset) => asset.decimals >= 18);
      if (wide) {
        pick = { chainId: chain.chainId, asset: wide.asset, decimals: wide.decimals };
        break;
      }
    }
    expect(pick, 'the sandbox lists an 18-decimal asset').toBeDefined();
    const amount = '12345.123456789012345678';
    await harness.services.handlers.startQrSale({
      amount,
      chainId: pick!.chainId,
      asset: pick!.asset,
    });
    await waitForPhase(display, 'scan');
    const png = await shot(display, 'scan-long-amount');
    expect(decodeQr(png)).toBe(sandboxOf(harness).orders()[0]!.qrUrl);
    const amountBox = await display.locator('[data-testid="customer-amount"]').boundingBox();
    expect(amountBox!.x + amountBox!.width).toBeLessThanOrEqual(DISPLAY_VIEWPORT.width);
    // Large type (5vh) on at most three lines rather than small print on one.
    const fontPx = await display
      .locator('[data-testid="customer-amount"]')
      .evaluate((node) => parseFloat(getComputedStyle(node).fontSize));
    expect(fontPx).toBeCloseTo(DISPLAY_VIEWPORT.height * 0.05, 0);
    expect(amountBox!.height).toBeLessThan(fontPx * 1.05 * 3 + 2);
    expect(await textOf(display, 'customer-amount')).toContain('12\u202f345.123456789012345678');
    // The countdown still reads "15:00" even though the amount is long.
    expect(await textOf(display, 'countdown')).toBe(`Time left: ${formatSeconds(900)}`);
  });

  it('shows preparing, the cashier confirming a QR payment, a declined tap and an unknown outcome in plain words', async () => {
    const shot = screenshotter('display-outcomes');
    await waitForPhase(display, 'idle');

    // The service takes two seconds (of the manual clock) to answer: "preparing" meanwhile.
    sandboxOf(harness).setFaults([{ endpoint: 'generate_qr', latencyMs: 2_000, times: 1 }]);
    const pending = startQrSale(harness, '20');
    await sandboxOf(harness).waitForRequests('generate_qr', 1);
    // A wait screen appears only once the wait is noticeable (no flash for a quick service).
    clock.advance(WAIT_SCREEN_DELAY_MS);
    await waitForPhase(display, 'preparing');
    expect(await display.locator('h1').textContent()).toBe('Preparing your payment');
    expect(await display.locator('[data-testid="customer-qr"]').count()).toBe(0);
    await shot(display, 'preparing');
    clock.advance(2_000 - WAIT_SCREEN_DELAY_MS);
    expect((await pending).state).toBe('awaiting-payment');
    await waitForPhase(display, 'scan');
    await harness.services.handlers.confirmPaidByCashier({});
    await waitForPhase(display, 'paid');
    expect(await display.locator('h1').textContent()).toBe('Payment received');
    await shot(display, 'qr-paid');

    // The service refuses the tapped payment: declined, in words and red.
    sandboxOf(harness).setFaults([{ endpoint: 'generate_nfc', body: 'envelope-error', times: 1 }]);
    await harness.services.handlers.startNfcSale({ amount: '7' });
    await waitForPhase(display, 'tap');
    await tapOnScreenSale(harness.services.sale, sandboxOf(harness).issueNfcToken());
    await waitForPhase(display, 'declined');
    expect(await display.locator('h1').textContent()).toBe('Payment declined');
    expect(await display.locator('[role="status"]').getAttribute('data-tone')).toBe('danger');
    await shot(display, 'nfc-declined');
    await harness.services.handlers.finishSale({});
    clock.advance(OUTCOME_HOLD_MS);
    await waitForPhase(display, 'idle');

    // The connection drops after the service created the link: nobody knows the outcome.
    sandboxOf(harness).setFaults([{ endpoint: 'generate_qr', drop: 'after-processing', times: 1 }]);
    // Whether the call answers with the snapshot or an error is the sale's business; the state is what counts.
    await startQrSale(harness, '9.99').catch(() => undefined);
    expect(harness.services.sale.current()?.state).toBe('outcome-unknown');
    await waitForPhase(display, 'problem');
    expect(await display.locator('h1').textContent()).toBe('One moment, please');
    expect(await display.locator('[role="status"]').getAttribute('data-tone')).toBe('neutral');
    expect(await display.locator('.cd-detail').textContent()).toMatch(/do not pay again/);
    expect(await display.locator('[data-testid="customer-qr"]').count()).toBe(0);
    await shot(display, 'outcome-unknown');
  });
});
