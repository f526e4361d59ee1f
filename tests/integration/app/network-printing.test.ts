/**
 * Printing through the contract on a network receipt printer: the harness's real services
 * (the sandbox over HTTP, the SQLite journal) with the real ESC/POS printer code talking to a
 * TCP listener on 127.0.0.1, read back by our own ESC/POS decoder. And an OS printer whose
 * spool callback never comes, caught by the print queue's deadline.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentPrintResult } from '../../../shared/printing/receipt-views';
import type { PrintDocument } from '../../../shared/printing/print-document';
import type { ReceiptPrintStatus } from '../../../shared/printing/receipt-views';
import type { ZReportView } from '../../../shared/shifts/shift-views';
import { shiftReportDocument } from '../../../electron/shifts/shift-report-document';
import { PRINT_JOB_TIMEOUT_MS } from '../../../electron/printing/receipt-printing';
import { decodeEscPos, type DecodedEscPos } from '../../support/escpos-decoder';
import {
  startFakeNetworkPrinter,
  type FakeNetworkPrinter,
} from '../../support/fake-network-printer';
import { ManualClock } from '../../support/manual-clock';
import { startHarness, type Harness } from '../../support/harness/harness';
import { callThrough, ok } from './harness-call';

let harness: Harness | undefined;
const listeners: FakeNetworkPrinter[] = [];
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  for (const listener of listeners.splice(0)) await listener.close();
});
const call = callThrough(() => harness);

async function listener(options: Parameters<typeof startFakeNetworkPrinter>[0] = {}) {
  const started = await startFakeNetworkPrinter(options);
  listeners.push(started);
  return started;
}

async function networkHarness(port: number, clock: ManualClock, events: [string, unknown][]) {
  harness = await startHarness({
    clock,
    settings: {
      shopName: 'Corner',
      receiptPrinting: 'automatic',
      receiptPrinter: { kind: 'network', host: '127.0.0.1', port },
      receiptPaper: 'roll-80',
    },
    onEvent: (name, payload) => events.push([name, payload]),
  });
  await harness.services.rates.ready();
  return harness;
}

const statuses = (events: [string, unknown][]) =>
  events
    .filter(([name]) => name === 'receipt-status')
    .map(([, status]) => status as ReceiptPrintStatus);

const printedText = (decoded: DecodedEscPos) => decoded.lines.map((line) => line.text).join('\n');
/** The printed words as one line: a sentence wrapped at the roll's width reads whole again. */
const printedWords = (decoded: DecodedEscPos) =>
  decoded.lines
    .map((line) => line.text.trim())
    .join(' ')
    .replace(/ +/g, ' ');

async function paidQrSale(): Promise<string> {
  const sale = await ok<{ orderId: string }>(
    call('startQrSale', { amount: '5', chainId: '1', asset: 'USDT' }),
  );
  await ok(call('confirmPaidByCashier'));
  return sale.orderId;
}

describe('a network receipt printer through the contract', () => {
  it('prints the receipt of a QR sale paid with automatic printing: reference, amount, the order id as QR, a cut', async () => {
    const printer = await listener();
    const events: [string, unknown][] = [];
    await networkHarness(printer.port, new ManualClock(), events);

    const orderId = await paidQrSale();
    const decoded = decodeEscPos(await printer.nextJob());
    await expect
      .poll(() => statuses(events).map((status) => status.state))
      .toEqual(['printing', 'sent']);
    expect(statuses(events).at(-1)?.message).toBe(
      `The receipt was sent to the printer at 127.0.0.1:${printer.port}.`,
    );

    const receipt = await ok<PrintDocument>(call('receiptPreview', { orderId }));
    const reference = harness!.services.journal.get(orderId)!.reference;
    const text = printedText(decoded);
    expect(text).toContain(reference);
    const paid = receipt.blocks.find((block) => block.type === 'row' && block.label === 'Paid');
    expect(paid?.type === 'row' ? paid.value : null).toMatch(/USDT$/);
    expect(decoded.lines.some((line) => /^Paid +/.test(line.text))).toBe(true);
    expect(text).toContain(paid?.type === 'row' ? paid.value : '(no Paid row)');
    expect(decoded.commands).toContainEqual({ type: 'qr-store', data: orderId });
    expect(decoded.commands.at(-1)).toEqual({ type: 'cut', partial: true });
    expect(printer.connections()).toBe(1);
  });

  it('keeps the sale paid when the printer stalls, says what failed, and Try again prints once', async () => {
    const stalled = await listener({ mode: 'stall' });
    const clock = new ManualClock();
    const events: [string, unknown][] = [];
    await networkHarness(stalled.port, clock, events);

    const orderId = await paidQrSale();
    await expect.poll(() => stalled.connections()).toBe(1);
    // The network printer's own deadline (20 s) comes before the queue's (30 s).
    clock.advance(20_000);
    await expect.poll(() => statuses(events).at(-1)?.state).toBe('failed');
    expect(statuses(events).at(-1)?.message).toBe(
      `The receipt was not printed: The printer at 127.0.0.1:${stalled.port} took the receipt but did not finish it in time: check paper and cover, then reprint.`,
    );
    expect(harness!.services.journal.get(orderId)?.state).toBe('paid-confirmed-by-cashier');
    // The journal's last word on the order is still its payment: printing never touched it.
    expect(harness!.services.journal.events(orderId).at(-1)?.toState).toBe(
      'paid-confirmed-by-cashier',
    );

    // Nothing is retried by itself: the printer back on its address gets the cashier's one try.
    const port = stalled.port;
    await stalled.close();
    listeners.splice(listeners.indexOf(stalled), 1);
    const back = await listener({ port });
    clock.advance(PRINT_JOB_TIMEOUT_MS);
    expect(back.connections()).toBe(0);
    const again = await ok<ReceiptPrintStatus>(call('printReceipt', { orderId, copy: false }));
    expect(again).toMatchObject({ state: 'sent', copy: false });
    const decoded = decodeEscPos(await back.nextJob());
    expect(decoded.commands).toContainEqual({ type: 'qr-store', data: orderId });
    expect(back.connections()).toBe(1);
  });

  it('prints a Z report with its number and totals, and a second print says REPRINT', async () => {
    const printer = await listener();
    const events: [string, unknown][] = [];
    await networkHarness(printer.port, new ManualClock(), events);
    await ok(call('openShift'));
    await paidQrSale();
    await printer.nextJob();
    const x = await ok<DocumentPrintResult>(call('printShiftReport', { x: true }));
    expect(x.state).toBe('sent');
    expect(printedText(decodeEscPos(await printer.nextJob()))).toContain('X report — not a close');
    const z = await ok<ZReportView>(call('closeShift', { acknowledgeUnresolved: false }));

    const printed = await ok<DocumentPrintResult>(call('printShiftReport', { zNumber: z.zNumber }));
    expect(printed).toEqual({
      state: 'sent',
      message: `The Z report ${z.zNumber} was sent to the printer at 127.0.0.1:${printer.port}.`,
    });
    const text = printedText(decodeEscPos(await printer.nextJob()));
    expect(text).toContain(`Z report ${z.zNumber}`);
    expect(text).not.toContain('REPRINT');
    const expected = shiftReportDocument(z, { timeZone: 'UTC', shopName: 'Corner' });
    const rows = expected.blocks.flatMap((block) => (block.type === 'row' ? [block] : []));
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(text, row.label).toContain(row.value);

    await ok(call('printShiftReport', { zNumber: z.zNumber }));
    const reprint = decodeEscPos(await printer.nextJob());
    expect(printedText(reprint)).toContain('REPRINT');
    const missing = await call('printShiftReport', { zNumber: z.zNumber + 1 });
    expect(missing.ok ? null : missing.error.kind).toBe('no-report');
  });
});

describe('automatic prints after acts in the history', () => {
  it('prints the void slip of a payment a manager voided, and the receipt of a link paid after all', async () => {
    const printer = await listener();
    harness = await startHarness({
      clock: new ManualClock(),
      settings: {
        staffPinsRequired: true,
        autoLockMinutes: 0,
        reportTimeZone: 'UTC',
        receiptPrinting: 'automatic',
        receiptPrinter: { kind: 'network', host: '127.0.0.1', port: printer.port },
      },
    });
    await ok(call('createFirstManager', { name: 'Mia', pin: '1234' }));
    await harness.services.rates.ready();
    await ok(call('openShift'));

    const paid = await paidQrSale();
    await printer.nextJob();
    await ok(call('finishSale'));
    await ok(call('voidPaidOrder', { orderId: paid, reason: 'Wrong asset chosen' }));
    const slip = printedWords(decodeEscPos(await printer.nextJob()));
    expect(slip).toContain('VOID');
    expect(slip).toContain('The payment for this order was voided after it was taken.');
    expect(slip).not.toContain('No payment was taken');
    expect(slip).toContain('Voided by Mia');
    expect(slip).toContain('Reason: Wrong asset chosen');

    const late = await ok<{ orderId: string }>(
      call('startQrSale', { amount: '3', chainId: '1', asset: 'USDT' }),
    );
    await ok(call('cancelSale'));
    await ok(call('finishSale'));
    expect(printer.connections()).toBe(2);
    await ok(
      call('markPaidAfterAll', { orderId: late.orderId, reason: 'Customer showed the payment' }),
    );
    const receipt = decodeEscPos(await printer.nextJob());
    expect(printedText(receipt)).toContain('PAID LATE');
    expect(receipt.commands).toContainEqual({ type: 'qr-store', data: late.orderId });
    expect(printer.connections()).toBe(3);
  });
});

describe('an OS printer whose spool never answers', () => {
  it('is caught by the print queue deadline: the cashier reads the timeout words, the sale unchanged', async () => {
    const clock = new ManualClock();
    const events: [string, unknown][] = [];
    harness = await startHarness({
      clock,
      settings: {
        receiptPrinting: 'automatic',
        receiptPrinter: { kind: 'os', deviceName: 'Stuck_Printer' },
      },
      onEvent: (name, payload) => events.push([name, payload]),
    });
    await harness.services.rates.ready();
    harness.printing.hangNext();
    const orderId = await paidQrSale();
    await expect.poll(() => statuses(events).map((status) => status.state)).toEqual(['printing']);
    clock.advance(PRINT_JOB_TIMEOUT_MS);
    await expect.poll(() => statuses(events).at(-1)?.state).toBe('failed');
    expect(statuses(events).at(-1)?.message).toBe(
      'The receipt was not printed: The printer did not finish the receipt in time: check it is on and has paper, then try again.',
    );
    expect(harness.services.journal.get(orderId)?.state).toBe('paid-confirmed-by-cashier');
    // The stuck printer refuses the next job at once, in words, instead of queueing it forever.
    const next = await ok<ReceiptPrintStatus>(call('printReceipt', { orderId, copy: false }));
    expect(next).toMatchObject({
      state: 'failed',
      message: expect.stringContaining('still busy with an earlier receipt'),
    });
  });
});
