import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { ManualClock } from '../support/manual-clock';
import {
  byTestId,
  openTill,
  pickChainAndAsset,
  tapAmount,
  waitSaleState,
  type Till,
} from './cashier-kit';

// What the cashier hears and sees on a payment and an error. Nobody listens in a test: the
// feedback's root records each play call (data-last-sound, data-sound-count), and a
// MutationObserver in the page catches each flash as it comes and goes.

interface SeenFlash {
  sound: string;
  position: string;
  pointerEvents: string;
  background: string;
  boxShadow: string;
}

/** Starts noting every flash the page adds, with the styles it has on screen. */
async function watchFlashes(cashier: Page): Promise<void> {
  await cashier.evaluate(() => {
    const seen: SeenFlash[] = [];
    (window as unknown as { flashes: SeenFlash[] }).flashes = seen;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement) || node.dataset.testid !== 'feedback-flash') continue;
          const style = getComputedStyle(node);
          seen.push({
            sound: node.dataset.sound ?? '',
            position: style.position,
            pointerEvents: style.pointerEvents,
            background: style.backgroundColor,
            boxShadow: style.boxShadow,
          });
        }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

const flashesSeen = (cashier: Page) =>
  cashier.evaluate(() => (window as unknown as { flashes: SeenFlash[] }).flashes);

const played = async (cashier: Page) => {
  const root = cashier.locator(byTestId('sale-feedback'));
  return {
    last: await root.getAttribute('data-last-sound'),
    count: await root.getAttribute('data-sound-count'),
  };
};

/** "Customer paid" is pressed and held until the sale is paid. */
async function holdCustomerPaid(cashier: Page): Promise<void> {
  await cashier.locator(byTestId('customer-paid')).hover();
  await cashier.mouse.down();
  await waitSaleState(cashier, 'paid-confirmed-by-cashier');
  await cashier.mouse.up();
}

/** A QR sale up to the link, then "Customer paid". */
async function payByQr(cashier: Page, amount: string): Promise<void> {
  await tapAmount(cashier, amount);
  await cashier.waitForSelector(`${byTestId('asset-picker-option-USDT')}[aria-checked="true"]`);
  await cashier.click(byTestId('show-qr'));
  await waitSaleState(cashier, 'awaiting-payment');
  await holdCustomerPaid(cashier);
}

/**
 * A QR sale the service refuses. Its answer waits on the manual clock until the cashier shows
 * the sale asking for its link, so the page sees the refusal as a change of that sale.
 */
async function refusedByService(till: Till, clock: ManualClock, amount: string): Promise<void> {
  const { cashier, harness } = till;
  harness.services.connection
    .demoSandbox()!
    .setFaults([
      { endpoint: 'generate_qr', latencyMs: 1_000, status: 400, body: 'envelope-error', times: 1 },
    ]);
  await tapAmount(cashier, amount);
  await cashier.click(byTestId('show-qr'));
  await cashier.waitForSelector(`${byTestId('start-sale-form')}[inert]`, { state: 'attached' });
  clock.advance(1_000);
  await waitSaleState(cashier, 'refused');
}

async function nextSale(cashier: Page): Promise<void> {
  await cashier.click(byTestId('new-sale'));
  await cashier.waitForSelector(byTestId('amount-input'));
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('cashier feedback: sounds on (the default)', () => {
  let till: Till;
  const clock = new ManualClock();

  beforeAll(async () => {
    till = await openTill('cashier-feedback', { clock }, browser);
    await till.cashier.waitForSelector(byTestId('chain-picker-option-1'));
    await pickChainAndAsset(till.cashier, '1', 'USDT');
    await watchFlashes(till.cashier);
  });
  afterAll(async () => {
    await till?.close();
  });

  it('chimes and flashes green when the payment is accepted', async () => {
    const { cashier, shots } = till;
    await tapAmount(cashier, '12');
    await cashier.click(byTestId('show-qr'));
    await waitSaleState(cashier, 'awaiting-payment');
    // Asking for the link and showing it make no sound.
    expect(await played(cashier)).toEqual({ last: null, count: '0' });

    await holdCustomerPaid(cashier);
    await cashier.waitForSelector(`${byTestId('sale-feedback')}[data-last-sound="accepted"]`, {
      state: 'attached',
    });
    expect(await played(cashier)).toEqual({ last: 'accepted', count: '1' });
    await shots.take('accepted');
    expect(await flashesSeen(cashier)).toEqual([
      {
        sound: 'accepted',
        position: 'fixed',
        pointerEvents: 'none',
        background: 'rgba(31, 157, 76, 0.35)',
        boxShadow: 'none',
      },
    ]);
    // The flash goes once its 600 ms are over.
    await cashier.waitForSelector(byTestId('feedback-flash'), { state: 'detached' });
  });

  it('buzzes and flashes red when the service refuses the sale', async () => {
    const { cashier, shots } = till;
    await nextSale(cashier);
    await refusedByService(till, clock, '5');
    await cashier.waitForSelector(`${byTestId('sale-feedback')}[data-last-sound="error"]`, {
      state: 'attached',
    });
    expect(await played(cashier)).toEqual({ last: 'error', count: '2' });
    await shots.take('error');
    const flashes = await flashesSeen(cashier);
    expect(flashes.map((flash) => [flash.sound, flash.background])).toEqual([
      ['accepted', 'rgba(31, 157, 76, 0.35)'],
      ['error', 'rgba(204, 38, 38, 0.35)'],
    ]);
  });
});

describe('cashier feedback: sounds off in the settings', () => {
  let till: Till;
  const clock = new ManualClock();

  beforeAll(async () => {
    till = await openTill(
      'cashier-feedback-silent',
      { clock, settings: { soundOn: false } },
      browser,
    );
    // Less motion asked for: the flash is a still border, not a fading colour.
    await till.cashier.emulateMedia({ reducedMotion: 'reduce' });
    await till.cashier.waitForSelector(byTestId('chain-picker-option-1'));
    await pickChainAndAsset(till.cashier, '1', 'USDT');
    await watchFlashes(till.cashier);
  });
  afterAll(async () => {
    await till?.close();
  });

  it('plays nothing on a payment or an error, but still flashes', async () => {
    const { cashier, shots } = till;
    await payByQr(cashier, '12');
    await shots.take('accepted-silent');
    await nextSale(cashier);
    await refusedByService(till, clock, '5');
    await shots.take('error-silent');
    const flashes = await flashesSeen(cashier);
    expect(flashes.map((flash) => flash.sound)).toEqual(['accepted', 'error']);
    for (const flash of flashes) {
      expect(flash.background).toBe('rgba(0, 0, 0, 0)');
      expect(flash.boxShadow).toMatch(/inset/);
    }
    await cashier.waitForSelector(byTestId('feedback-flash'), { state: 'detached' });
    expect(await played(cashier)).toEqual({ last: null, count: '0' });
  });
});
