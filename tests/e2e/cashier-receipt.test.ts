import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../support/manual-clock';
import { blockingViolations, smallTouchTargets } from './a11y-scan';
import {
  byTestId,
  holdToConfirm,
  openTill,
  pickChainAndAsset,
  tapAmount,
  waitSaleState,
  type Till,
} from './cashier-kit';

const marksOf = (blocks: { type: string; text?: string }[]) =>
  blocks.filter((block) => block.type === 'mark').map((block) => block.text);

// Receipts: a payment with automatic printing produces a receipt (the harness's printer keeps
// each job's page); a printer failure is shown with Try again and Save as PDF and the sale
// goes on; a reprint from the history is previewed and printed marked COPY.
describe('cashier: receipts', () => {
  let till: Till;

  beforeAll(async () => {
    till = await openTill('cashier-receipt', {
      clock: new ManualClock(),
      settings: {
        shopName: 'Café Lumen',
        shopAddress: 'Torstraße 12\n10119 Berlin',
        receiptFooter: 'Thank you!',
        receiptPrinting: 'automatic',
        receiptPrinter: { kind: 'os' },
        receiptPaper: 'roll-80',
      },
    });
  });
  afterAll(async () => {
    await till?.close();
  });

  async function paidSale(amount: string): Promise<string> {
    const { cashier, harness } = till;
    await tapAmount(cashier, amount);
    await cashier.click(byTestId('show-qr'));
    await waitSaleState(cashier, 'awaiting-payment');
    const reference = harness.services.sale.current()!.reference;
    await holdToConfirm(cashier, 'customer-paid');
    await waitSaleState(cashier, 'paid-confirmed-by-cashier');
    return reference;
  }

  it('prints a receipt after a payment, by itself', async () => {
    const { cashier, shots, harness } = till;
    await cashier.waitForSelector(byTestId('chain-picker-option-1'));
    await pickChainAndAsset(cashier, '1', 'USDT');
    const reference = await paidSale('10');
    await cashier.waitForSelector(`${byTestId('receipt-status')}[data-state="printed"]`);
    await shots.take('paid-receipt-sent');

    expect(harness.printing.jobs).toHaveLength(1);
    const [job] = harness.printing.jobs;
    expect(job!.document.kind).toBe('receipt');
    expect(marksOf(job!.document.blocks)).toEqual([]);
    const page = readFileSync(job!.file, 'utf8');
    for (const text of [
      'Café Lumen',
      'Torstraße 12',
      reference,
      '10.00 USDT',
      'ETHEREUM',
      'Thank you!',
    ])
      expect(page, text).toContain(text);

    // A copy for the customer, on request: marked COPY.
    await cashier.click(byTestId('receipt-print-copy'));
    await cashier.waitForFunction(() =>
      document.querySelector('[data-testid="receipt-status"]')?.textContent?.includes('printed'),
    );
    await expect.poll(() => harness.printing.jobs.length).toBe(2);
    expect(marksOf(harness.printing.jobs[1]!.document.blocks)).toEqual(['COPY']);
    await cashier.click(byTestId('new-sale'));
    await cashier.waitForSelector(byTestId('amount-input'));
  });

  it('shows a printer failure with Try again and Save as PDF, and the sale is paid all the same', async () => {
    const { cashier, shots, harness } = till;
    harness.printing.failNext('The printer is out of paper.');
    const reference = await paidSale('3');
    await cashier.waitForSelector(`${byTestId('receipt-status')}[data-state="not-printed"]`);
    await expect(cashier.textContent(byTestId('receipt-status'))).resolves.toContain(
      'The receipt was not printed: The printer is out of paper.',
    );
    expect(harness.services.sale.current()?.state).toBe('paid-confirmed-by-cashier');
    await shots.take('receipt-failed');
    await expect(blockingViolations(cashier)).resolves.toEqual([]);
    await expect(smallTouchTargets(cashier, byTestId('sale-receipt'))).resolves.toEqual([]);

    await cashier.click(byTestId('receipt-save-pdf'));
    const saved = await cashier.waitForSelector(byTestId('receipt-pdf-saved'), { timeout: 60_000 });
    const fileName = /Saved as (.+)\.$/.exec((await saved.textContent()) ?? '')?.[1];
    expect(fileName).toBe(`Receipt-${reference}.pdf`);
    const pdf = join(harness.exportsDir, 'prints', fileName!);
    expect(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })).toContain(reference);

    await cashier.click(byTestId('receipt-try-again'));
    await cashier.waitForSelector(`${byTestId('receipt-status')}[data-state="printed"]`);
    expect(harness.printing.jobs.at(-1)!.document.title).toBe(`Receipt ${reference}`);
    await shots.take('receipt-try-again-sent');
    await cashier.click(byTestId('new-sale'));
    await cashier.waitForSelector(byTestId('amount-input'));
  });

  it('reprints from the history: the preview and the paper say COPY', async () => {
    const { cashier, shots, harness } = till;
    const first = harness.printing.jobs[0]!.document.title.replace('Receipt ', '');
    await cashier.click(byTestId('nav-history'));
    const row = cashier.locator(`${byTestId('order-row')}[data-reference="${first}"]`);
    await row.locator(byTestId('history-receipt')).click();
    await cashier.waitForSelector(`${byTestId('print-preview')}[data-kind="receipt"]`);
    await expect(cashier.locator(byTestId('print-mark')).allTextContents()).resolves.toEqual([
      'COPY',
    ]);
    await expect(cashier.textContent(byTestId('print-preview'))).resolves.toContain(first);
    // The dialog has finished fading in before the screenshot.
    await cashier.waitForFunction(
      () => getComputedStyle(document.querySelector('.mantine-Modal-content')!).opacity === '1',
    );
    await shots.take('history-receipt-preview');
    await expect(blockingViolations(cashier)).resolves.toEqual([]);

    const before = harness.printing.jobs.length;
    await cashier.click(`${byTestId('receipt-dialog')} ${byTestId('receipt-print-copy')}`);
    await cashier.waitForSelector(
      `${byTestId('receipt-dialog')} ${byTestId('receipt-status')}[data-state="printed"]`,
    );
    expect(harness.printing.jobs).toHaveLength(before + 1);
    expect(marksOf(harness.printing.jobs.at(-1)!.document.blocks)).toEqual(['COPY']);
    await shots.take('history-receipt-printed');
  });

  it("is set up in Settings: the computer's printers by name, the paper, the shop's texts", async () => {
    const { cashier, shots, harness } = till;
    await cashier.keyboard.press('Escape');
    await cashier.click(byTestId('nav-settings'));
    // The shop's tax id printed on receipts is the Shop section's, saved with its Save.
    await cashier.fill(byTestId('setting-shopTaxId'), 'DE123456789');
    await cashier.click(byTestId('save-settings'));
    await expect.poll(() => harness.settings.current().values.shopTaxId).toBe('DE123456789');
    await cashier.click(byTestId('settings-section-receipts-tab'));
    await cashier.click(byTestId('setting-receiptPrinter-device'));
    await cashier.getByRole('option', { name: 'Harness receipt printer' }).click();
    await expect
      .poll(() => harness.settings.current().values.receiptPrinter)
      .toEqual({ kind: 'os', deviceName: 'Harness_Receipt_Printer' });
    await cashier.click(byTestId('setting-receiptPaper'));
    await cashier.getByRole('option', { name: 'Roll, 58 mm' }).click();
    await expect.poll(() => harness.settings.current().values.receiptPaper).toBe('roll-58');
    await cashier.fill(byTestId('setting-receiptFooter'), 'Thank you! Come again.');
    await cashier.click(byTestId('save-receipt-texts'));
    await expect
      .poll(() => harness.settings.current().values.receiptFooter)
      .toBe('Thank you! Come again.');
    await expect(cashier.inputValue(byTestId('setting-receiptPrinting'))).resolves.toBe(
      'After every payment',
    );
    await expect(cashier.inputValue(byTestId('setting-receiptPaper'))).resolves.toBe('Roll, 58 mm');
    await shots.take('receipt-settings');
    // The receipts section keeps WCAG AA and 44 px targets, as every screen does.
    await expect(blockingViolations(cashier)).resolves.toEqual([]);
    await expect(smallTouchTargets(cashier, byTestId('receipt-settings'))).resolves.toEqual([]);
  });
});
