import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byTestId, openTill, type Till } from './cashier-kit';

// A service offering 10 000 chains besides the sample six (the sandbox's extraChains), in
// Chromium: the virtualised chain picker lays out its first screen, searches all options,
// and reaches the last one from the keyboard.
describe('cashier: a chain picker of 10 006 options', () => {
  let till: Till;
  const picker = byTestId('chain-picker');

  beforeAll(async () => {
    till = await openTill('cashier-long-picker');
    // The page opened with the sample list (asked for once the page is idle) ...
    await till.cashier.waitForSelector(byTestId('chain-picker-option-1'));
    till.harness.services.connection.demoSandbox()!.configure({ extraChains: 10_000 });
    // ... opened again, it gets the long one.
    await till.cashier.reload();
    await till.cashier.waitForSelector(`${picker} [aria-setsize="10006"]`);
  });
  afterAll(async () => {
    await till?.close();
  });

  it('lays out only the first screen of tiles, each a touch target', async () => {
    const { cashier } = till;
    const tiles = cashier.locator(`${picker} [role="radio"]`);
    const count = await tiles.count();
    expect(count).toBeGreaterThan(6);
    expect(count).toBeLessThan(60);
    expect(await tiles.first().getAttribute('aria-posinset')).toBe('1');
    const box = await tiles.first().boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(box?.width).toBeGreaterThanOrEqual(44);
    await till.shots.take('first-screen');
  });

  it('finds an option never in the DOM by search, and shows the whole list again when cleared', async () => {
    const { cashier } = till;
    const search = cashier.locator(byTestId('chain-picker-search'));
    await search.fill('chain 10000');
    await cashier.waitForSelector(`${picker}[data-shown-for="chain 10000"]`);
    expect(
      await cashier
        .locator(`${picker} [role="radio"]`)
        .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-testid'))),
    ).toEqual(['chain-picker-option-1010000']);
    await search.fill('');
    await cashier.waitForSelector(`${picker} [aria-setsize="10006"]`);
  });

  it('reaches the last option with End, scrolled into view, and picks it', async () => {
    const { cashier } = till;
    await cashier.locator(byTestId('chain-picker-option-1')).focus();
    await cashier.keyboard.press('End');
    await cashier.waitForFunction(
      () => document.activeElement?.getAttribute('aria-posinset') === '10006',
    );
    const last = cashier.locator(byTestId('chain-picker-option-1010000'));
    expect(await last.isVisible()).toBe(true);
    await cashier.keyboard.press('Enter');
    await cashier.waitForSelector(byTestId('asset-picker-option-TOK'));
    await till.shots.take('last-picked');
  });
});
