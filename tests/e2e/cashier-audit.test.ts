import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockingViolations, levelOneHeadingFinding, smallTouchTargets } from './a11y-scan';
import { byTestId, openTill, tapPin, type Till } from './cashier-kit';
import { setUpStaff, signInOnScreen, tillCall } from './staff-kit';

// Staff PINs on, a manager (Ana) and a cashier (Ben). Ben types a price by hand in Settings,
// which needs a manager: Ana approves it in place with her PIN. Then Ana signs in and opens
// the audit trail from History: the row names Ben, approved by Ana, with the price before
// (none) and after, and it is exported as CSV. The audit screen passes axe-core, keeps every
// control at least 44 px and works at the till's smallest screen.

const PINS = { Ana: '2468', Ben: '1357' } as const;
type Person = keyof typeof PINS;

describe('cashier: the audit trail shows a price a manager approved in place', () => {
  let till: Till;
  const ids = new Map<Person, string>();

  const call = tillCall(() => till);

  beforeAll(async () => {
    till = await openTill(
      'cashier-audit',
      { settings: { staffPinsRequired: true, currency: 'EUR' } },
      undefined,
      { viewport: { width: 1024, height: 768 } },
    );
    // The staff list as a manager would have set it up (its screens have their own test).
    for (const [person, id] of await setUpStaff(call, PINS, 'Ana')) ids.set(person, id);
  });
  afterAll(async () => {
    await till?.close();
  });

  const signIn = (person: Person) => signInOnScreen(till, ids.get(person)!, person, PINS[person]);

  it("a cashier's price typed by hand asks for the manager's PIN in place, then is used", async () => {
    const { cashier, shots } = till;
    await signIn('Ben');
    await cashier.click(byTestId('nav-settings'));
    await cashier.click(byTestId('settings-section-sale-tab'));
    await cashier.waitForSelector(byTestId('manual-prices'));
    await cashier.fill(byTestId('manual-price-asset'), 'ETH');
    await cashier.fill(byTestId('manual-price-value'), '2950.00');
    await cashier.click(byTestId('manual-price-set'));
    const dialog = byTestId('manager-approval');
    await cashier.waitForSelector(dialog);
    await shots.take('price-approval-asked');
    await tapPin(cashier, PINS.Ana);
    await cashier.waitForSelector(dialog, { state: 'detached' });
    await cashier.waitForSelector(byTestId('manual-price-list'));
    await expect(cashier.textContent(byTestId('manual-price-list'))).resolves.toContain('ETH');
    // Still the cashier, and History offers no audit trail to a cashier.
    await expect(cashier.textContent(byTestId('signed-in-name'))).resolves.toBe('Ben');
    await cashier.click(byTestId('nav-history'));
    await cashier.waitForSelector(byTestId('history'));
    expect(await cashier.locator(byTestId('open-audit')).count()).toBe(0);
  });

  it('the manager opens the audit trail from History and reads the row with before and after', async () => {
    const { cashier, shots } = till;
    await signIn('Ana');
    await cashier.click(byTestId('nav-history'));
    await cashier.click(byTestId('open-audit'));
    await cashier.waitForSelector(byTestId('audit-table'));
    await expect(cashier.textContent('h1')).resolves.toBe('Audit trail');

    const row = cashier.locator(`${byTestId('audit-row')}[data-action="manual-price-set"]`);
    await expect(row.count()).resolves.toBe(1);
    await expect(row.locator(byTestId('audit-who')).textContent()).resolves.toBe(
      'Ben, approved by Ana',
    );
    await expect(row.locator(byTestId('audit-what')).textContent()).resolves.toBe(
      'Price typed by handmanual price: ETH',
    );
    await expect(row.locator(byTestId('audit-before')).textContent()).resolves.toBe('—');
    await expect(row.locator(byTestId('audit-after')).textContent()).resolves.toBe('2950');
    await expect(row.locator(byTestId('audit-outcome')).innerText()).resolves.toBe('Done');
    const override = cashier.locator(`${byTestId('audit-row')}[data-action="manager-override"]`);
    await expect(override.locator(byTestId('audit-who')).textContent()).resolves.toBe(
      'Ben, approved by Ana',
    );

    expect([
      ...(await blockingViolations(cashier)),
      ...(await levelOneHeadingFinding(cashier)),
    ]).toEqual([]);
    expect(await smallTouchTargets(cashier, byTestId('audit'))).toEqual([]);
    // At the till's smallest screen nothing runs off to the side.
    const width = await cashier.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(1024);
    await shots.take('audit-trail-1024x768');
  });

  it('narrows to prices and fees and exports those rows as CSV', async () => {
    const { cashier, shots } = till;
    await cashier.click(byTestId('audit-filter-kind'));
    await cashier.getByRole('option', { name: 'Prices and fees' }).click();
    await expect.poll(() => cashier.locator(byTestId('audit-row')).count()).toBe(1);
    await cashier.click(byTestId('audit-export'));
    await cashier.waitForSelector(byTestId('audit-export-result'));
    await expect(cashier.textContent(byTestId('audit-export-result'))).resolves.toMatch(
      /^Saved audit-\d{4}-\d{2}-\d{2}\.csv \(1 entry\)\.$/,
    );
    await shots.take('audit-exported');
  });
});
