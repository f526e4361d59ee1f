import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  tapAnswerKinds,
  type TapAnswer,
  type TapAnswerKind,
  type TapReadCause,
} from '../../shared/nfc/tap-answer';
import { tapAnswerWords } from '../../renderer/cashier/nfc/tap-answer-words';
import { customerTapWords } from '../../renderer/display/tap-answer-words';
import { launchChromium } from '../support/browser';
import { ManualClock } from '../support/manual-clock';
import { blockingViolations, levelOneHeadingFinding } from './a11y-scan';
import { byTestId, openTill, waitDisplayPhase, waitSaleState, type Till } from './cashier-kit';

// Every tap gets an answer on both screens: with an NFC sale waiting, the harness sends each
// answer main can send ('nfc-tap', as main's tap handling does: no reader in this test), and
// the cashier's window and the customer display each show it in their own words, with its
// sound, at the smallest screen the till supports; axe finds nothing blocking with an answer
// up, in the light and the dark scheme. Build the pages first: npx electron-vite build.
const VIEWPORT = { width: 1024, height: 768 } as const;
const causes: readonly TapReadCause[] = ['moved-away', 'garbled', 'too-large', 'no-answer'];
const answers: { kind: TapAnswerKind; cause: TapReadCause | undefined }[] = tapAnswerKinds.flatMap(
  (kind): { kind: TapAnswerKind; cause: TapReadCause | undefined }[] =>
    kind === 'read-failed'
      ? causes.map((cause) => ({ kind, cause }))
      : [{ kind, cause: undefined }],
);

let browser: Browser;
let till: Till;
const clock = new ManualClock();
let seq = 0;
/** Script and console errors of both pages (a CSP violation shows up here). */
const pageProblems: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  till = await openTill(
    'cashier-tap-answers',
    { clock, settings: { shopName: 'Corner Café', customerDisplaySound: true } },
    browser,
    { viewport: VIEWPORT },
  );
  for (const page of [till.cashier, till.display]) {
    page.on('pageerror', (error) => pageProblems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.location().url.endsWith('/favicon.ico')) return;
      if (message.type() === 'error') pageProblems.push(`console: ${message.text()}`);
    });
  }
});
afterAll(async () => {
  await till?.close();
  await browser?.close();
});

/** Sends a tap's answer as main does, now on main's clock; returns it. */
function sendTap(kind: TapAnswer['kind'], cause?: TapReadCause): TapAnswer {
  seq += 1;
  const answer: TapAnswer = { seq, kind, atMs: clock.now(), ...(cause ? { cause } : {}) };
  till.harness.send('nfc-tap', answer);
  return answer;
}

/** Waits until a page's answer region shows `text` in the element `testId` inside it. */
async function waitAnswerText(page: Page, testId: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([id, expected]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === expected,
    [testId, text] as const,
    { timeout: 10_000 },
  );
}

/** Both screens show this answer, each in its own words. */
async function seeOnBoth(answer: TapAnswer): Promise<void> {
  const cashier = tapAnswerWords(answer);
  const customer = customerTapWords(answer);
  await Promise.all([
    waitAnswerText(till.cashier, 'tap-answer-text', cashier.text),
    waitAnswerText(till.display, 'tap-answer-title', customer.title),
  ]);
  expect(await till.cashier.locator(byTestId('tap-answer')).getAttribute('data-kind')).toBe(
    answer.kind,
  );
  expect(await till.cashier.locator(byTestId('tap-answer-action')).count()).toBe(
    cashier.action ? 1 : 0,
  );
  expect(await till.display.locator(byTestId('tap-answer-detail')).textContent()).toBe(
    customer.detail,
  );
}

const sounds = async (page: Page) => {
  const root = page.locator(byTestId('tap-answer'));
  return {
    last: await root.getAttribute('data-last-sound'),
    count: await root.getAttribute('data-sound-count'),
  };
};

describe('tap answers on both screens', () => {
  it('shows every answer on the cashier window and the customer display, with its sound, while a sale waits', async () => {
    const { cashier, display, harness, shots } = till;
    await cashier.waitForSelector(byTestId('amount-input'));
    await harness.services.handlers.startNfcSale({ amount: '5' });
    await waitSaleState(cashier, 'waiting-for-tap');
    await waitDisplayPhase(display, 'tap');
    // No answer yet: nothing shown, nothing played.
    expect(await cashier.locator(byTestId('tap-answer')).textContent()).toBe('');
    expect(await sounds(cashier)).toEqual({ last: null, count: '0' });

    for (const { kind, cause } of answers) {
      const answer = sendTap(kind, cause);
      await seeOnBoth(answer);
      const sound = kind === 'sent' ? 'card-read' : 'tap-again';
      const heard = { last: sound, count: String(seq) };
      await cashier.waitForSelector(
        `${byTestId('tap-answer')}[data-sound-count="${seq}"][data-last-sound="${sound}"]`,
        { state: 'attached' },
      );
      await display.waitForSelector(
        `${byTestId('tap-answer')}[data-sound-count="${seq}"][data-last-sound="${sound}"]`,
        { state: 'attached' },
      );
      expect(await sounds(cashier)).toEqual(heard);
      expect(await sounds(display)).toEqual(heard);
      if (kind === 'sale-changed') await shots.take('sale-changed');
      if (kind === 'already-used') await shots.take('already-used');
    }

    // The customer's band covers only the top of the screen, under the demo banner: the
    // amount and what the prompt asks stay in view.
    const band = await display.locator(byTestId('tap-answer')).boundingBox();
    expect(band!.height).toBeLessThan(VIEWPORT.height * 0.3);
    const demo = await display.locator(byTestId('demo-banner')).boundingBox();
    expect(band!.y).toBeGreaterThanOrEqual(demo!.y + demo!.height - 1);
    for (const below of [byTestId('customer-amount'), 'main h1']) {
      const box = await display.locator(below).boundingBox();
      expect(box!.y, below).toBeGreaterThanOrEqual(band!.y + band!.height);
    }
    // The cashier's line sits in the status bar, above the reader's state, inside the window.
    const line = await cashier.locator(byTestId('tap-answer')).boundingBox();
    const reader = await cashier.locator(byTestId('nfc-status')).boundingBox();
    expect(line!.y + line!.height).toBeLessThanOrEqual(reader!.y + 1);
    expect(reader!.y + reader!.height).toBeLessThanOrEqual(VIEWPORT.height);
    expect(pageProblems).toEqual([]);
  });

  it.each(['light', 'dark'] as const)(
    'has nothing axe finds blocking on either page with an answer up (%s)',
    async (colorScheme) => {
      for (const page of [till.cashier, till.display]) {
        await page.emulateMedia({ colorScheme });
        await expect
          .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
          .toBe(colorScheme);
      }
      // A fresh answer before each page's scan, so it is still up while axe looks.
      for (const name of ['display', 'cashier'] as const) {
        const answer = sendTap('read-failed', 'moved-away');
        await seeOnBoth(answer);
        if (name === 'display') await till.shots.take(`axe-${colorScheme}`);
        const page = till[name];
        const found = [
          ...(await blockingViolations(page)),
          ...(await levelOneHeadingFinding(page)),
        ];
        expect.soft({ colorScheme, page: name, found }).toEqual({
          colorScheme,
          page: name,
          found: [],
        });
        // Still the same answer: axe saw it.
        expect(await page.locator(byTestId('tap-answer')).getAttribute('data-kind')).toBe(
          'read-failed',
        );
        expect(await page.locator(byTestId('tap-answer')).getAttribute('data-sound-count')).toBe(
          String(seq),
        );
      }
      expect(pageProblems).toEqual([]);
    },
  );
});
