import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadManagedPolicy } from '../../electron/settings/managed-policy-loader';
import { ManualClock } from '../support/manual-clock';
import { blockingViolations, levelOneHeadingFinding, smallTouchTargets } from './a11y-scan';
import {
  byTestId,
  openTill,
  pickChainAndAsset,
  qrSaleEndedByCashier,
  tapPin,
  type Till,
} from './cashier-kit';
import { setUpStaff, signInOnScreen, tillCall } from './staff-kit';

// A shift at a till with staff PINs that prices in dollars (USDT pegged at $1 by IT): a manager
// opens it; two cashiers sell into it (QR sales the cashier confirms, one cancelled); a cashier's Settings save asks for the manager's PIN
// in place; the X report names both cashiers; the shift closes and its Z report shows the
// counts and sums this test works out from what it sold (with big.js), at the till's two
// screen sizes. The Shift screen passes axe-core with no serious finding.

const run = promisify(execFile);
const FEE = '0.25';
const PINS = { Ana: '2468', Ben: '1357', Cleo: '8642' } as const;
type Person = keyof typeof PINS;

interface Sold {
  cashier: Person;
  amount: string;
  paid: boolean;
}

describe('cashier: a shift from opening to its Z report', () => {
  let till: Till;
  const clock = new ManualClock();
  const sold: Sold[] = [];
  const ids = new Map<Person, string>();

  const call = tillCall(() => till);

  beforeAll(async () => {
    till = await openTill('cashier-shift', {
      clock,
      settings: {
        staffPinsRequired: true,
        amountEntry: 'money',
        currency: 'USD',
        feeFixed: FEE,
        // The harness's OS printer records each job's document and page.
        receiptPrinter: { kind: 'os' },
      },
      policy: loadManagedPolicy({
        path: '/etc/counter-app/policy.json',
        readFile: () =>
          JSON.stringify({
            settings: { ratePegs: [{ asset: 'USDT', currency: 'USD', price: '1' }] },
            locked: ['ratePegs'],
          }),
      }),
    });
    // The staff list as a manager would have set it up (its screens have their own test).
    for (const [person, id] of await setUpStaff(call, PINS, 'Ana')) ids.set(person, id);
  });
  afterAll(async () => {
    await till?.close();
  });

  const signIn = (person: Person) => signInOnScreen(till, ids.get(person)!, person, PINS[person]);

  async function sell(person: Person, amount: string, paid: boolean): Promise<void> {
    const { cashier } = till;
    await cashier.click(byTestId('nav-sale'));
    await cashier.waitForSelector(byTestId('chain-picker-option-1'));
    await pickChainAndAsset(cashier, '1', 'USDT');
    await qrSaleEndedByCashier(till, amount, paid ? 'customer-paid' : 'cancel-sale');
    sold.push({ cashier: person, amount, paid });
    clock.advance(60_000);
  }

  /** "12.50 USDT": how the till writes an asset amount (at least two decimals, none dropped). */
  const usdt = (value: Big) => `${value.toFixed(Math.max(2, value.c.length - value.e - 1))} USDT`;
  /** "$12.50": dollars in cents (every price here is whole cents). */
  const dollars = (value: Big) => `$${value.toFixed(2)}`;
  const sum = (list: Sold[], of: (sale: Sold) => string) =>
    list.reduce((total, sale) => total.plus(of(sale)), new Big(0));
  const section = (id: string) => till.cashier.textContent(byTestId(`report-section-${id}`));
  const rowValue = async (id: string, label: string) =>
    till.cashier
      .locator(
        `${byTestId(`report-section-${id}`)} ${byTestId('report-row')}[data-label="${label}"] td`,
      )
      .textContent();

  const checkScreen = async () => {
    const { cashier } = till;
    expect([
      ...(await blockingViolations(cashier)),
      ...(await levelOneHeadingFinding(cashier)),
    ]).toEqual([]);
    expect(await smallTouchTargets(cashier, byTestId('shift-screen'))).toEqual([]);
    await expect(cashier.locator('h1').textContent()).resolves.toBe('Shift');
  };

  it('the manager opens shift 1; the status bar shows it', async () => {
    const { cashier, shots } = till;
    await signIn('Ana');
    await expect(cashier.textContent(byTestId('shift-indicator'))).resolves.toBe('No shift open');
    await cashier.click(byTestId('nav-shift'));
    await cashier.waitForSelector(`${byTestId('shift-current')}[data-state="none"]`);
    await checkScreen();
    await shots.take('no-shift');
    await cashier.click(byTestId('shift-open'));
    await cashier.waitForSelector(`${byTestId('shift-current')}[data-state="open"]`);
    await expect(cashier.textContent(byTestId('shift-current-title'))).resolves.toBe(
      'Shift 1 is open',
    );
    await expect(cashier.textContent(byTestId('shift-current'))).resolves.toContain('by Ana');
    await cashier.waitForSelector(`${byTestId('shift-indicator')}:text-is("Shift 1")`);
    await shots.take('shift-open');
  });

  it("each cashier sells into it; a cashier's Settings save asks for the manager's PIN in place", async () => {
    const { cashier, shots, harness } = till;
    await signIn('Ben');
    await sell('Ben', '10', true);
    await sell('Ben', '2.5', false);
    await shots.take('ben-sold');

    await cashier.click(byTestId('nav-settings'));
    await cashier.waitForSelector(byTestId('settings'));
    await cashier.fill(byTestId('setting-shopName'), 'Corner Café');
    await cashier.click(byTestId('save-settings'));
    await cashier.waitForSelector(byTestId('manager-approval'));
    await expect(cashier.textContent(byTestId('pin-for'))).resolves.toBe('PIN for Ana');
    await shots.take('settings-needs-manager');
    await tapPin(cashier, PINS.Ana);
    await cashier.waitForSelector(byTestId('settings-saved'));
    expect(harness.settings.current().values.shopName).toBe('Corner Café');
    await expect(cashier.textContent(byTestId('signed-in-name'))).resolves.toBe('Ben');

    await signIn('Cleo');
    await sell('Cleo', '4', true);
    await sell('Cleo', '7.25', true);
    await shots.take('cleo-sold');
  });

  it('the X report shows the shift so far, by cashier, and says it is not a close', async () => {
    const { cashier, shots } = till;
    await cashier.click(byTestId('nav-shift'));
    await cashier.click(byTestId('shift-x-report'));
    await cashier.waitForSelector(`${byTestId('shift-report')}[data-kind="x"]`);
    await expect(cashier.textContent(byTestId('x-report-mark'))).resolves.toContain(
      'X report — not a close',
    );
    for (const person of ['Ben', 'Cleo'] as const) {
      const theirs = sold.filter((sale) => sale.cashier === person);
      const heading = cashier.locator('h3', { hasText: `By cashier: ${person}` });
      await expect(heading.count()).resolves.toBe(1);
      const card = heading.locator('xpath=..');
      await expect(
        card.locator(`${byTestId('report-row')}[data-label="Orders"] td`).textContent(),
      ).resolves.toBe(String(theirs.length));
      await expect(
        card.locator(`${byTestId('report-row')}[data-label="Paid"] td`).textContent(),
      ).resolves.toBe(String(theirs.filter((sale) => sale.paid).length));
      const theirPaid = theirs.filter((sale) => sale.paid);
      await expect(
        card.locator(`${byTestId('report-row')}[data-label="In USD: total"] td`).textContent(),
      ).resolves.toBe(
        dollars(sum(theirPaid, (sale) => sale.amount).plus(sum(theirPaid, () => FEE))),
      );
    }
    await checkScreen();
    await shots.take('x-report');
  });

  it('closes the shift; the Z report shows what was sold, at 1280×800 and 1024×768', async () => {
    const { cashier, shots } = till;
    await cashier.click(byTestId('shift-close'));
    await cashier.click(byTestId('shift-close-yes'));
    await cashier.waitForSelector(`${byTestId('shift-report')}[data-kind="z"][data-z-number="1"]`);
    await cashier.waitForSelector(`${byTestId('shift-current')}[data-state="none"]`);
    await cashier.waitForSelector(`${byTestId('shift-indicator')}:text-is("No shift open")`);

    const paid = sold.filter((sale) => sale.paid);
    const cancelled = sold.filter((sale) => !sale.paid);
    const paidAmount = sum(paid, (sale) => sale.amount);
    const paidFees = sum(paid, () => FEE);
    expect(await rowValue('taken', 'Paid orders')).toBe(String(paid.length));
    expect(await rowValue('taken', `USDT on ETHEREUM (${paid.length} orders)`)).toBe(
      usdt(paidAmount),
    );
    expect(await rowValue('taken', 'USDT on ETHEREUM: fees')).toBe(usdt(paidFees));
    // In the shop's currency: the prices typed, the fees, and both together.
    expect(await rowValue('taken', `In USD (${paid.length} orders): price`)).toBe(
      dollars(paidAmount),
    );
    expect(await rowValue('taken', 'In USD: fees')).toBe(dollars(paidFees));
    expect(await rowValue('taken', 'In USD: total')).toBe(dollars(paidAmount.plus(paidFees)));
    expect(await rowValue('orders', 'Orders')).toBe(String(sold.length));
    expect(await rowValue('orders', `USDT on ETHEREUM (${sold.length} orders)`)).toBe(
      usdt(sum(sold, (sale) => sale.amount)),
    );
    expect(await rowValue('outcomes', 'Paid')).toBe(String(paid.length));
    expect(await rowValue('outcomes', 'Cancelled')).toBe(String(cancelled.length));
    expect(await rowValue('outcomes', 'Expired')).toBe('0');
    expect(await rowValue('way-qr', 'Orders')).toBe(String(sold.length));
    expect(await rowValue('way-nfc', 'Orders')).toBe('0');
    const shift = await section('shift');
    expect(shift).toContain('Opened byAna');
    expect(shift).toContain('Closed byCleo');
    expect(await section('voided')).toContain('None');
    expect(await section('unresolved')).toContain('None');

    await cashier.setViewportSize({ width: 1280, height: 800 });
    await checkScreen();
    await shots.take('z-report-1280x800');
    await cashier.setViewportSize({ width: 1024, height: 768 });
    // Nothing wider than the till's smallest screen.
    await expect(
      cashier.evaluate(() => document.documentElement.scrollWidth),
    ).resolves.toBeLessThanOrEqual(1024);
    await checkScreen();
    await shots.take('z-report-1024x768');
    await cashier.setViewportSize({ width: 1280, height: 860 });
    await expect(cashier.locator(byTestId('z-report-row')).count()).resolves.toBe(1);
  });

  it("a cashier's reopening asks for the manager's PIN; shift 2 continues shift 1, whose Z report stays", async () => {
    const { cashier, shots, harness } = till;
    const sections = () => cashier.locator('[data-testid^="report-section-"]').allInnerTexts();
    const before = await sections();
    // Not printed or saved yet: closed, and a manager may still reopen it.
    await expect(cashier.textContent(byTestId('z-report-final-words'))).resolves.toBe(
      'Until Z report 1 is printed or saved, a manager may still reopen shift 1.',
    );
    await cashier.click(byTestId('shift-reopen'));
    await cashier.waitForSelector(byTestId('manager-approval'));
    await expect(cashier.textContent(byTestId('manager-approval'))).resolves.toContain(
      'Reopening a closed shift needs a manager',
    );
    await tapPin(cashier, PINS.Ana);
    await cashier.waitForSelector(`${byTestId('shift-current')}[data-state="open"]`);
    await expect(cashier.textContent(byTestId('shift-current'))).resolves.toContain(
      'continues shift 1 (reopened by Ana)',
    );
    await cashier.waitForSelector(`${byTestId('shift-indicator')}:text-is("Shift 2")`);
    const audited = harness.services.staff
      .auditEvents()
      .filter((event) => event.action === 'shift-reopened');
    expect(audited).toEqual([
      expect.objectContaining({ actorId: ids.get('Cleo'), approverId: ids.get('Ana') }),
    ]);
    // Z report 1 reads as it did before.
    await cashier.click(byTestId('z-report-view'));
    await cashier.waitForSelector(`${byTestId('shift-report')}[data-z-number="1"]`);
    expect(await sections()).toEqual(before);
    await shots.take('reopened');
  });

  it('prints Z report 1 from its view (a second print says REPRINT) and saves it as PDF', async () => {
    const { cashier, shots, harness } = till;
    const before = harness.printing.jobs.length;
    // The paper's preview first: the original, as nothing printed it yet.
    await cashier.click(byTestId('shift-report-preview'));
    await cashier.waitForSelector(`${byTestId('print-preview')}[data-kind="z-report"]`);
    await expect(cashier.locator(byTestId('print-mark')).allTextContents()).resolves.toEqual([
      'Z report 1',
    ]);
    await cashier.waitForFunction(
      () => getComputedStyle(document.querySelector('.mantine-Modal-content')!).opacity === '1',
    );
    await shots.take('z-report-preview');
    await cashier.keyboard.press('Escape');
    await cashier.waitForSelector(byTestId('print-preview'), { state: 'detached' });
    await cashier.click(byTestId('shift-report-print'));
    await cashier.waitForSelector(`${byTestId('shift-report-paper')}[data-state="printed"]`);
    await expect(cashier.textContent(byTestId('shift-report-paper'))).resolves.toBe(
      'The Z report 1 was printed on the default printer.',
    );
    const marks = (index: number) =>
      harness.printing.jobs[index]!.document.blocks.flatMap((block) =>
        block.type === 'mark' ? [block.text] : [],
      );
    expect(harness.printing.jobs).toHaveLength(before + 1);
    expect(harness.printing.jobs[before]!.document.kind).toBe('z-report');
    expect(marks(before)).toEqual(['Z report 1']);
    await cashier.click(byTestId('shift-report-print'));
    await expect.poll(() => harness.printing.jobs.length).toBe(before + 2);
    expect(marks(before + 1)).toEqual(['REPRINT', 'Z report 1']);

    await cashier.click(byTestId('shift-report-pdf'));
    await expect
      .poll(() => cashier.textContent(byTestId('shift-report-paper')), { timeout: 30_000 })
      .toBe('Saved Z-report-1-shift-1.pdf.');
    const { stdout } = await run('pdftotext', [
      join(harness.exportsDir, 'prints', 'Z-report-1-shift-1.pdf'),
      '-',
    ]);
    expect(stdout).toContain('Z report 1');
    expect(stdout).not.toContain('REPRINT');
    // On paper, Z report 1 is final: the screen says so (it was reopened before it was printed).
    await cashier.waitForSelector(`${byTestId('z-report-state')}[data-final="true"]`);
    await expect(cashier.textContent(byTestId('z-report-final-words'))).resolves.toBe(
      'Z report 1 was printed: it is final. Record corrections in the next shift.',
    );
    await checkScreen();
    await shots.take('z-report-printed');
  });
});
