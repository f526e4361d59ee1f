import { afterEach, describe, expect, it } from 'vitest';
import type { PrintDocument } from '../../../shared/printing/print-document';
import type { ReceiptPrintStatus } from '../../../shared/printing/receipt-views';
import type { StaffSession } from '../../../shared/staff';
import { ManualClock } from '../../support/manual-clock';
import { startHarness, type Harness } from '../../support/harness/harness';
import { callThrough, ok } from './harness-call';

// Receipts through the contract, as the cashier page calls them: the harness's real services
// (real SQLite journal, the sandbox over HTTP) and its recording printer.
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
const call = callThrough(() => harness);
const marks = (document: PrintDocument) =>
  document.blocks.flatMap((block) => (block.type === 'mark' ? [block.text] : []));

async function paidOrder(): Promise<string> {
  const sale = await ok<{ orderId: string }>(
    call('startQrSale', { amount: '5', chainId: '1', asset: 'USDT' }),
  );
  await ok(call('confirmPaidByCashier'));
  return sale.orderId;
}

describe('receipts through the contract', () => {
  it('prints automatically after a payment, the events saying where it stands, then a COPY on request', async () => {
    const events: [string, unknown][] = [];
    harness = await startHarness({
      clock: new ManualClock(),
      settings: {
        shopName: 'Corner',
        serialNumber: 'TILL-7',
        receiptPrinting: 'automatic',
        receiptPrinter: { kind: 'os', deviceName: 'Counter_Printer' },
        receiptPaper: 'roll-58',
      },
      onEvent: (name, payload) => events.push([name, payload]),
    });
    await harness.services.rates.ready();
    const orderId = await paidOrder();
    await expect.poll(() => harness!.printing.jobs.length).toBe(1);
    expect(harness.printing.jobs[0]).toMatchObject({
      printer: 'Counter_Printer',
      paper: 'roll-58',
    });
    await expect
      .poll(() =>
        events
          .filter(([name]) => name === 'receipt-status')
          .map(([, status]) => (status as ReceiptPrintStatus).state),
      )
      .toEqual(['printing', 'printed']);

    const preview = await ok<PrintDocument>(call('receiptPreview', { orderId, copy: true }));
    expect(preview.title).toMatch(/^Receipt /);
    expect(marks(preview)).toEqual(['COPY']);
    const again = await ok<ReceiptPrintStatus>(call('printReceipt', { orderId, copy: false }));
    expect(again).toMatchObject({ state: 'printed', copy: true });
    expect(marks(harness.printing.jobs[1]!.document)).toEqual(['COPY']);
  });

  it('refuses an unpaid order and hostile arguments in words, and says when no printer is set up', async () => {
    harness = await startHarness({ clock: new ManualClock() });
    await harness.services.rates.ready();
    const sale = await ok<{ orderId: string }>(
      call('startQrSale', { amount: '5', chainId: '1', asset: 'USDT' }),
    );
    const unpaid = await call('printReceipt', { orderId: sale.orderId, copy: false });
    expect(unpaid.ok ? null : unpaid.error).toMatchObject({
      kind: 'no-receipt',
      message: expect.stringMatching(/was not paid, so it has no receipt/),
    });
    await ok(call('cancelSale'));
    for (const args of [
      { orderId: '../../etc/passwd', copy: false },
      { orderId: sale.orderId, copy: 'yes' },
      { orderId: sale.orderId, copy: false, printer: 'x' },
    ]) {
      const refused = await call('printReceipt', args);
      expect(refused.ok, JSON.stringify(args)).toBe(false);
    }
    const missing = await call('receiptPreview', {
      orderId: '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    });
    expect(missing.ok ? null : missing.error.kind).toBe('no-order');

    const orderId = await paidOrder();
    // Printing is off by default and no printer is set up: nothing printed by itself.
    expect(harness.printing.jobs).toHaveLength(0);
    const status = await ok<ReceiptPrintStatus>(call('printReceipt', { orderId, copy: false }));
    expect(status).toMatchObject({
      state: 'not-printed',
      message: 'The receipt was not printed: No receipt printer is set up.',
      action: 'A manager chooses one in Settings; save the receipt as PDF meanwhile.',
    });
  });

  it('lets only someone signed in print or preview a receipt', async () => {
    harness = await startHarness({
      clock: new ManualClock(),
      settings: { staffPinsRequired: true },
    });
    await harness.services.rates.ready();
    await ok<StaffSession>(call('createFirstManager', { name: 'Mia', pin: '1234' }));
    await ok(call('openShift'));
    const orderId = await paidOrder();
    await ok(call('signOut'));
    for (const [name, args] of [
      ['printReceipt', { orderId, copy: true }],
      ['receiptPreview', { orderId }],
      ['saveReceiptPdf', { orderId }],
      ['listPrinters', {}],
    ] as const) {
      const result = await call(name, args);
      expect(result.ok ? null : result.error.kind, name).toBe('signed-out');
    }
  });
});
