import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadManagedPolicy } from '../../electron/settings/managed-policy-loader';
import { blockingViolations, levelOneHeadingFinding, smallTouchTargets } from './a11y-scan';
import { byTestId, openTill, tapPin, type Till } from './cashier-kit';
import { setUpStaff, signInOnScreen, tillCall } from './staff-kit';

// Settings by who may change what, at the till's smallest screen (1024×768) with staff PINs on
// and one value IT locked: the manager and the cashier each open every section. The manager
// types in each; the cashier's IT section is text only, each other section says a manager
// approves, and a Shop change saved asks for the manager's PIN in place, then is saved in main.
// Each section is screenshotted, scanned by axe-core, keeps its controls at 44 px and fits a
// page far shorter than the one long page it replaces.

const PINS = { Ana: '2468', Ben: '1357' } as const;
type Person = keyof typeof PINS;
const sections = ['shop', 'sale', 'receipts', 'sound', 'staff', 'it'] as const;
/** The one long Settings page was 2,900 px high; no section comes near. */
const MAX_SECTION_HEIGHT = 2_000;
const EDITABLE = 'input, textarea, select, [role="switch"], [role="slider"]';

describe('cashier: settings by who may change what', () => {
  let till: Till;
  const ids = new Map<Person, string>();

  const call = tillCall(() => till);

  beforeAll(async () => {
    till = await openTill(
      'cashier-settings-sections',
      {
        settings: { staffPinsRequired: true, shopName: 'Corner Shop' },
        policy: loadManagedPolicy({
          path: '/etc/counter-app/policy.json',
          readFile: () =>
            JSON.stringify({
              settings: { serialNumber: 'IT-POS-0042', updateChannel: 'beta' },
              locked: ['serialNumber'],
            }),
        }),
      },
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

  /** Shows a section, then screenshots and checks it: axe, one h1, 44 px, its height. */
  async function showSection(person: Person, name: (typeof sections)[number]) {
    const { cashier, shots } = till;
    await cashier.click(byTestId(`settings-section-${name}-tab`));
    const panel = `${byTestId(`settings-section-${name}`)}:visible`;
    await cashier.waitForSelector(panel);
    await expect(
      cashier.getAttribute(byTestId(`settings-section-${name}-tab`), 'aria-selected'),
    ).resolves.toBe('true');
    // What loads after the section opens (displays, printers, the token's status) is in.
    if (name === 'sound') await cashier.waitForSelector(byTestId('display-choice'));
    if (name === 'it')
      await cashier.waitForSelector(`${byTestId('token-status')}:not(:has-text("…"))`);
    await shots.take(`${person.toLowerCase()}-${name}`);
    expect({
      person,
      name,
      found: [...(await blockingViolations(cashier)), ...(await levelOneHeadingFinding(cashier))],
      small: await smallTouchTargets(cashier, byTestId('settings')),
    }).toEqual({ person, name, found: [], small: [] });
    const height = await cashier.evaluate(() => document.documentElement.scrollHeight);
    expect(height, `${name} is ${height} px high`).toBeLessThan(MAX_SECTION_HEIGHT);
    return cashier.locator(panel);
  }

  it('the manager may type in every section, the IT one included, with no approval asked', async () => {
    const { cashier } = till;
    await signIn('Ana');
    await cashier.click(byTestId('nav-settings'));
    await cashier.waitForSelector(byTestId('settings'));
    for (const name of sections) {
      const panel = await showSection('Ana', name);
      expect(await panel.locator(EDITABLE).count(), name).toBeGreaterThan(0);
      expect(await panel.locator(byTestId('settings-approval-note')).count(), name).toBe(0);
      expect(await panel.locator(byTestId('settings-read-only-note')).count(), name).toBe(0);
      // The only manager may turn staff PINs off here.
      if (name === 'staff')
        expect(await panel.locator(byTestId('staff-pins-turn-off')).count()).toBe(1);
    }
    const it = cashier.locator(`${byTestId('settings-section-it')}:visible`);
    await expect(it.locator(`input${byTestId('setting-nfcAid')}`).count()).resolves.toBe(1);
    await expect(it.locator(byTestId('open-setup')).count()).resolves.toBe(1);
    // IT's locked value is text with its badge, never an input, even to a manager.
    await expect(it.locator(`input${byTestId('setting-serialNumber')}`).count()).resolves.toBe(0);
    await expect(
      it
        .locator(`${byTestId('it-setting-serialNumber')} ${byTestId('managed-serialNumber')}`)
        .textContent(),
    ).resolves.toBe('Managed by IT');
    await expect(it.locator(byTestId('it-setting-serialNumber')).textContent()).resolves.toContain(
      'IT-POS-0042',
    );
    await expect(it.locator(byTestId('it-setting-updateChannel')).textContent()).resolves.toContain(
      'beta',
    );
  });

  it("the cashier's IT section has no input; a Shop change asks the manager's PIN in place, then is saved", async () => {
    const { cashier, harness, shots } = till;
    await signIn('Ben');
    await cashier.click(byTestId('nav-settings'));
    await cashier.waitForSelector(byTestId('settings'));
    for (const name of sections) {
      const panel = await showSection('Ben', name);
      if (name === 'it') {
        expect(await panel.locator(EDITABLE).count()).toBe(0);
        expect(await panel.locator(byTestId('open-setup')).count()).toBe(0);
        expect(await panel.locator(byTestId('connection-save')).count()).toBe(0);
        await expect(
          panel.locator(byTestId('settings-read-only-note')).textContent(),
        ).resolves.toMatch(/read-only/i);
      } else if (name === 'staff') {
        await expect(panel.locator(byTestId('staff-read-only-note')).textContent()).resolves.toBe(
          'Only a manager signed in changes this list.',
        );
        expect(await panel.locator(byTestId('add-staff')).count()).toBe(0);
        await expect(panel.locator(byTestId('staff-pins-how')).textContent()).resolves.toMatch(
          /^A manager .*turns staff PINs on or off\.$/,
        );
      } else {
        await expect(
          panel.locator(byTestId('settings-approval-note')).textContent(),
        ).resolves.toMatch(/manager approves/i);
        expect(await panel.locator(EDITABLE).count(), name).toBeGreaterThan(0);
      }
    }

    await cashier.click(byTestId('settings-section-shop-tab'));
    await cashier.fill(byTestId('setting-shopName'), 'Corner Café');
    await cashier.click(byTestId('save-settings'));
    const dialog = byTestId('manager-approval');
    await cashier.waitForSelector(dialog);
    await expect(cashier.getAttribute(dialog, 'data-action')).resolves.toBe('settings:shop');
    await expect(cashier.textContent(byTestId('pin-for'))).resolves.toBe('PIN for Ana');
    expect(harness.settings.current().values.shopName).toBe('Corner Shop');
    // The dialog's opening transition over, so the screenshot shows it as the cashier does.
    await cashier.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          // Not the Save button's spinner, which turns until the save is answered.
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished),
      ),
    );
    await shots.take('ben-shop-approval');
    await tapPin(cashier, PINS.Ana);
    await cashier.waitForSelector(dialog, { state: 'detached' });
    await cashier.waitForSelector(byTestId('settings-saved'));
    expect(harness.settings.current().values.shopName).toBe('Corner Café');
    // Still the cashier: the approval was for this one save.
    await expect(cashier.textContent(byTestId('signed-in-name'))).resolves.toBe('Ben');
    await shots.take('ben-shop-saved');
  });
});
