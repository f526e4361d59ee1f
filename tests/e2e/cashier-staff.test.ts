import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockingViolations, levelOneHeadingFinding, smallTouchTargets } from './a11y-scan';
import { byTestId, openTill, tapPin, type Till } from './cashier-kit';

// Staff PINs on, from an empty staff list: the first manager is set up and signed in, adds a
// cashier, and hands over with Switch; the cashier signs in (a wrong PIN first), and a save in
// Settings, which only a manager may do, asks for the manager's PIN in place and then saves.
// Each staff screen is scanned by axe-core and keeps every control at least 44 px.

describe('cashier: staff PINs and a manager approval', () => {
  let till: Till;

  beforeAll(async () => {
    till = await openTill('cashier-staff', { settings: { staffPinsRequired: true } });
  });
  afterAll(async () => {
    await till?.close();
  });

  /** No blocking axe finding, one h1, and no control under 44 px within `area`. */
  const checkScreen = async (area: string) => {
    const { cashier } = till;
    expect([
      ...(await blockingViolations(cashier)),
      ...(await levelOneHeadingFinding(cashier)),
    ]).toEqual([]);
    expect(await smallTouchTargets(cashier, area)).toEqual([]);
  };

  it('sets up the first manager, who is signed in at once', async () => {
    const { cashier, shots } = till;
    await cashier.waitForSelector(byTestId('first-manager-screen'));
    await expect(cashier.isVisible(byTestId('demo-badge'))).resolves.toBe(true);
    expect(await cashier.locator(byTestId('nav-settings')).count()).toBe(0);
    await cashier.fill(byTestId('first-manager-name'), 'Ana');
    await cashier.fill(byTestId('first-manager-pin'), '2468');
    await cashier.fill(byTestId('first-manager-pin-again'), '2468');
    await checkScreen('main');
    await shots.take('first-manager');
    await cashier.click(byTestId('first-manager-create'));
    await cashier.waitForSelector(byTestId('signed-in-person'));
    await expect(cashier.textContent(byTestId('signed-in-person'))).resolves.toContain('Manager');
    await expect(cashier.textContent(byTestId('signed-in-name'))).resolves.toBe('Ana');
  });

  it('the manager adds a cashier in Settings → Staff', async () => {
    const { cashier, shots } = till;
    await cashier.click(byTestId('nav-settings'));
    await cashier.click(byTestId('settings-section-staff-tab'));
    await cashier.waitForSelector(byTestId('staff-panel'));
    await cashier.fill(byTestId('add-staff-name'), 'Ben');
    await cashier.click(byTestId('add-staff-role-cashier'));
    await cashier.fill(byTestId('add-staff-pin'), '1357');
    await cashier.fill(byTestId('add-staff-pin-again'), '1357');
    await cashier.click(byTestId('add-staff-save'));
    await cashier.waitForSelector(byTestId('staff-added'));
    await expect(cashier.textContent(byTestId('staff-list'))).resolves.toMatch(/Ben\s*Cashier/);
    await checkScreen(byTestId('staff-panel'));
    await cashier.locator(byTestId('staff-panel')).scrollIntoViewIfNeeded();
    await shots.take('staff-panel');
  });

  it('Switch hands the till over; a wrong PIN is said, the right one signs the cashier in', async () => {
    const { cashier, shots } = till;
    await cashier.click(byTestId('switch-person'));
    await cashier.waitForSelector(byTestId('sign-in-screen'));
    await expect(cashier.textContent('h1')).resolves.toBe('Who is at the till?');
    await cashier.click(byTestId(`staff-tile-${await staffIdOf('Ben')}`));
    await tapPin(cashier, '9999');
    await cashier.waitForSelector(`${byTestId('pin-problem')}[data-kind="wrong-pin"]`);
    await expect(cashier.textContent(byTestId('pin-problem'))).resolves.toContain('Wrong PIN');
    // The PIN typed is gone from the pad, and no digit of it was ever on screen.
    await expect(cashier.getAttribute(byTestId('pin-dots'), 'data-length')).resolves.toBe('0');
    await checkScreen('main');
    await shots.take('sign-in-wrong-pin');

    // At the till's smallest screen the whole pad, OK included, is in view.
    await cashier.setViewportSize({ width: 1024, height: 768 });
    const ok = await cashier.locator(byTestId('pin-ok')).boundingBox();
    expect(ok && ok.y + ok.height).toBeLessThanOrEqual(768);
    await shots.take('sign-in-1024x768');
    await cashier.setViewportSize({ width: 1280, height: 860 });

    await tapPin(cashier, '1357');
    await cashier.waitForSelector(byTestId('signed-in-person'));
    await expect(cashier.textContent(byTestId('signed-in-person'))).resolves.toContain('Cashier');
    await cashier.waitForSelector(byTestId('nav-sale'));
  });

  it("a cashier's Settings save asks for the manager's PIN in place, then saves", async () => {
    const { cashier, shots, harness } = till;
    // The till's smallest screen.
    await cashier.setViewportSize({ width: 1024, height: 768 });
    await cashier.click(byTestId('nav-settings'));
    await cashier.waitForSelector(byTestId('settings'));
    await cashier.fill(byTestId('setting-shopName'), 'Corner Café');
    await cashier.click(byTestId('save-settings'));
    const dialog = byTestId('manager-approval');
    await cashier.waitForSelector(dialog);
    await expect(cashier.textContent(dialog)).resolves.toContain(
      'Changing the settings needs a manager',
    );
    await expect(cashier.textContent(byTestId('pin-for'))).resolves.toBe('PIN for Ana');
    await tapPin(cashier, '1111');
    await cashier.waitForSelector(`${dialog} ${byTestId('pin-problem')}[data-kind="wrong-pin"]`);
    // With the message too, the pad's OK and Cancel stay in view: nothing to scroll to.
    for (const control of ['pin-ok', 'approval-cancel']) {
      const box = await cashier.locator(byTestId(control)).boundingBox();
      expect(box && box.y + box.height, control).toBeLessThanOrEqual(768);
    }
    expect(harness.settings.current().values.shopName).not.toBe('Corner Café');
    await checkScreen(dialog);
    await shots.take('approval-wrong-pin');

    await tapPin(cashier, '2468');
    await cashier.waitForSelector(byTestId('settings-saved'));
    await cashier.waitForSelector(dialog, { state: 'detached' });
    expect(harness.settings.current().values.shopName).toBe('Corner Café');
    // Still the cashier: the approval was for this one save.
    await expect(cashier.textContent(byTestId('signed-in-name'))).resolves.toBe('Ben');
    await shots.take('approved-and-saved');
  });

  async function staffIdOf(name: string): Promise<string> {
    const person = till.harness.services.staff.session().staff.find((p) => p.name === name);
    if (!person) throw new Error(`${name} is not on the staff list`);
    return person.staffId;
  }
});
