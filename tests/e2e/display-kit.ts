import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import jsQR from 'jsqr';
import type { Page } from 'playwright';
import { PNG } from 'pngjs';
import type { CustomerPhase } from '../../shared/ipc/views';
import type { SaleSnapshot } from '../../shared/sale/sale-snapshot';
import type { Harness } from '../support/harness/harness';

/**
 * Helpers for the customer display's end-to-end tests and bench: drive sales through the
 * harness's services (what the cashier page would call) and read what the display shows.
 */

/** A common customer monitor shape, scaled down: the QR is sized from the height. */
export const DISPLAY_VIEWPORT = { width: 1280, height: 720 } as const;

export const artifactsRoot = resolve(import.meta.dirname, '../../test-artifacts/e2e');

/** Numbered screenshots of one test into test-artifacts/e2e/<test>/NN-step.png; returns each PNG. */
export function screenshotter(testName: string) {
  const folder = join(artifactsRoot, testName);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  let count = 0;
  return async (page: Page, step: string): Promise<Buffer> => {
    count += 1;
    const png = await page.screenshot({ animations: 'disabled' });
    writeFileSync(join(folder, `${String(count).padStart(2, '0')}-${step}.png`), png);
    return png;
  };
}

/** The text of the first QR code found in a PNG screenshot, or null. */
export function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  const found = jsQR(
    new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length),
    image.width,
    image.height,
  );
  return found?.data ?? null;
}

export async function waitForPhase(page: Page, phase: CustomerPhase | 'waiting'): Promise<void> {
  await page.waitForSelector(`main[data-phase="${phase}"]`, { timeout: 10_000 });
}

export async function textOf(page: Page, testId: string): Promise<string | null> {
  return page.locator(`[data-testid="${testId}"]`).first().textContent({ timeout: 5_000 });
}

/** Waits until an element's text is exactly `text` (the SSE stream may lag the services a little). */
export async function waitForText(page: Page, testId: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([id, expected]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === expected,
    [testId, text] as const,
    { timeout: 10_000 },
  );
}

/** Starts a QR sale for `amount` of the chain's first asset, as the cashier's "Show QR" does. */
export async function startQrSale(
  harness: Harness,
  amount: string,
  chainName = 'ETHEREUM',
): Promise<SaleSnapshot> {
  const chains = await harness.services.handlers.listChains({});
  const chain = chains.find((candidate) => candidate.name === chainName) ?? chains[0];
  if (!chain) throw new Error('the sandbox listed no chains');
  const assets = await harness.services.handlers.listAssets({ chainId: chain.chainId });
  const asset = assets[0];
  if (!asset) throw new Error(`the sandbox listed no assets on ${chain.name}`);
  return harness.services.handlers.startQrSale({
    amount,
    chainId: chain.chainId,
    asset: asset.asset,
  });
}

export function sandboxOf(harness: Harness) {
  const sandbox = harness.services.connection.demoSandbox();
  if (!sandbox) throw new Error('the harness is not in demo mode');
  return sandbox;
}
