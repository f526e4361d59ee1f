import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callNames, displayEventNames } from '../../shared/ipc/contract';
import { launchChromium } from '../support/browser';
import { startHarness, type Harness } from '../support/harness/harness';

// The services through the contract, over the harness transport, from real pages in real
// Chromium: what the cashier page can call and the display page can only hear.
let browser: Browser;
let harness: Harness;
let cashier: Page;
let display: Page;

beforeAll(async () => {
  browser = await launchChromium();
  harness = await startHarness();
  cashier = await browser.newPage();
  display = await browser.newPage();
  await cashier.goto(harness.cashierUrl);
  await display.goto(harness.displayUrl);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

describe('harness transport', () => {
  it('gives the cashier page every call of the contract and the display page none', async () => {
    const cashierMethods = await cashier.evaluate(() =>
      Object.keys((window as unknown as { pos: object }).pos).sort(),
    );
    expect(cashierMethods).toEqual([...callNames, 'on'].sort());
    const displayMethods = await display.evaluate(() =>
      Object.keys((window as unknown as { display: object }).display),
    );
    expect(displayMethods).toEqual(['on']);
  });

  it('runs a demo QR sale through the real services', async () => {
    const result = await cashier.evaluate(async () => {
      const pos = (
        window as unknown as {
          pos: Record<string, (args?: unknown) => Promise<{ ok: boolean; value?: unknown }>>;
        }
      ).pos;
      const info = await pos.appInfo!();
      const chains = (await pos.listChains!()) as {
        ok: true;
        value: { chainId: string; name: string }[];
      };
      const chain = chains.value.find((c) => c.name === 'ETHEREUM')!;
      // Logos come afterwards, for the rows a picker shows.
      const logos = (await pos.chainLogos!({ chainIds: [chain.chainId] })) as {
        ok: true;
        value: { id: string; logo: string | null }[];
      };
      const assets = (await pos.listAssets!({ chainId: chain.chainId })) as {
        ok: true;
        value: { asset: string }[];
      };
      const sale = await pos.startQrSale!({
        amount: '12.5',
        chainId: chain.chainId,
        asset: assets.value[0]!.asset,
      });
      return { info, chain, logo: logos.value[0]?.logo, sale };
    });
    expect(result.info).toMatchObject({ ok: true, value: { demoMode: true, needsSetup: false } });
    expect(result.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(result.sale).toMatchObject({
      ok: true,
      value: { state: 'awaiting-payment', showQr: true },
    });
    const orders = harness.services.connection.demoSandbox()?.orders() ?? [];
    expect(orders).toHaveLength(1);
  });

  it('tells the display what the customer sees, and the display cannot call', async () => {
    const view = await display.evaluate(
      () =>
        new Promise((resolve) => {
          const api = (
            window as unknown as {
              display: { on(name: string, listener: (v: unknown) => void): () => void };
            }
          ).display;
          api.on('customer-view', (value) => {
            if ((value as { phase: string }).phase === 'scan') resolve(value);
          });
        }),
    );
    expect(view).toMatchObject({ phase: 'scan', amount: '12.5', chainName: 'ETHEREUM' });
    expect((view as { qrUrl: string }).qrUrl).toContain('order_id=');
    const status = await display.evaluate(
      async () => (await fetch('/__pos/call/appInfo', { method: 'POST', body: '{}' })).status,
    );
    expect(status).toBe(403);
    const subscribable = await display.evaluate(
      (names) => {
        const api = (
          window as unknown as { display: { on(name: string, listener: () => void): () => void } }
        ).display;
        return names.map((name) => {
          try {
            api.on(name, () => undefined);
            return true;
          } catch {
            return false;
          }
        });
      },
      ['sale-changed', 'settings-changed', ...displayEventNames],
    );
    expect(subscribable).toEqual([false, false, ...displayEventNames.map(() => true)]);
  });

  it('refuses arguments that do not match the contract', async () => {
    const answer = await cashier.evaluate(async () => {
      const pos = (
        window as unknown as { pos: Record<string, (args?: unknown) => Promise<unknown>> }
      ).pos;
      return pos.startQrSale!({ amount: '1', chainId: 'one', asset: 'USDT', extra: true });
    });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } });
  });
});
