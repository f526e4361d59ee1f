import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDataUnder, windowAt } from '../support/electron-profile';
import {
  byTestId,
  holdToConfirm,
  pickChainAndAsset,
  tapAmount,
  waitDisplayPhase,
  waitSaleState,
} from './cashier-kit';

/**
 * The installed app as IT deploys it: the packaged executable (fuses set, so Playwright's
 * Node inspector cannot attach) driven over Chromium's DevTools protocol. A fresh profile in
 * demo mode, a QR sale, the order in the journal after a clean quit. The release workflow
 * runs it on Windows and macOS with COUNTER_PACKAGED_APP set to the packaged executable;
 * elsewhere it prints NOT RUN and is reported as skipped, never as passed.
 */
const executable = process.env.COUNTER_PACKAGED_APP;
const whyNot = !executable
  ? 'COUNTER_PACKAGED_APP is not set (the release workflow sets it to the packaged app)'
  : !existsSync(executable)
    ? `${executable} does not exist`
    : undefined;
if (whyNot) console.warn(`\nPackaged app smoke test NOT RUN: ${whyNot}.\n`);

/** Starts the app with a DevTools port and answers the browser endpoint it prints. */
async function launch(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; endpoint: string }> {
  const child = spawn(
    executable!,
    ['--remote-debugging-port=0', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const lines = createInterface({ input: child.stderr! });
  for await (const line of lines) {
    const match = /DevTools listening on (ws:\/\/\S+)/.exec(line);
    if (match) return { child, endpoint: match[1]! };
  }
  throw new Error('the app exited before opening its DevTools port');
}

/** Every page of the app's windows, as the DevTools connection sees them. */
const pagesOf = (browser: Browser) => () =>
  browser.contexts().flatMap((context) => context.pages());

describe.skipIf(whyNot !== undefined)('packaged app smoke test', () => {
  let home: string;
  let userData: string;
  let child: ChildProcess;
  let exited: Promise<number | null>;
  let browser: Browser;
  let cashier: Page;
  let customer: Page;
  let reference: string;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'counter-packaged-'));
    const profile = userDataUnder(home, 'Counter');
    userData = profile.dir;
    mkdirSync(userData, { recursive: true });
    writeFileSync(
      join(userData, 'settings.json'),
      JSON.stringify({ customerDisplay: { mode: 'same-screen' } }),
    );
    const launched = await launch(profile.env);
    child = launched.child;
    exited = new Promise((settle) => child.once('exit', (code) => settle(code)));
    browser = await chromium.connectOverCDP(launched.endpoint);
  }, 120_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    child?.kill();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('starts in demo mode and sells by QR', async () => {
    cashier = await windowAt(pagesOf(browser), 'app://pages/cashier/');
    customer = await windowAt(pagesOf(browser), 'app://pages/display/');
    await cashier.waitForSelector(byTestId('chain-picker-option-1'), { timeout: 60_000 });
    await expect(cashier.isVisible(byTestId('demo-badge'))).resolves.toBe(true);
    await tapAmount(cashier, '7.5');
    await pickChainAndAsset(cashier, '1', 'USDT');
    await cashier.click(byTestId('show-qr'));
    await waitSaleState(cashier, 'awaiting-payment');
    reference = (await cashier.textContent(byTestId('order-reference')))!.trim();
    await waitDisplayPhase(customer, 'scan');
    await holdToConfirm(cashier, 'customer-paid');
    await waitSaleState(cashier, 'paid-confirmed-by-cashier');
  });

  it('quits cleanly when the cashier window closes, the order in the journal', async () => {
    await cashier.evaluate(() => window.close());
    await expect(exited).resolves.toBe(0);
    const journal = new DatabaseSync(join(userData, 'journal.sqlite'), { readOnly: true });
    try {
      const rows = journal.prepare('SELECT reference, state FROM orders').all();
      expect(rows).toEqual([{ reference, state: 'paid-confirmed-by-cashier' }]);
    } finally {
      journal.close();
    }
  });
});
