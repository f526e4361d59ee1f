/**
 * Printing through the contract on a network receipt printer: the harness's real services
 * (the sandbox over HTTP, the SQLite journal) with the real ESC/POS printer code talking to a
 * recording printer on 127.0.0.1, read back by our own ESC/POS decoder. What the till says of
 * each print is one of printed (the printer's status after the job says so), not printed
 * (nothing reached it) or unknown (it may be on paper: the next print says COPY), with the
 * printer in each way real ones misbehave. And an OS printer whose spool callback never
 * comes, caught by the print queue's deadline.
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
  type FakePrinterOptions,
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
      .toEqual(['printing', 'printed']);
    expect(statuses(events).at(-1)).toMatchObject({
      message: `The receipt was printed on the printer at 127.0.0.1:${printer.port}.`,
      action: null,
      copy: false,
    });

    const receipt = await ok<PrintDocument>(call('receiptPreview', { orderId }));
    const reference = harness!.services.journal.get(orderId)!.reference;
    const text = printedText(decoded);
    expect(text).toContain(reference);
    const paid = receipt.blocks.find((block) => block.type === 'row' && block.label === 'Paid');
    expect(paid?.type === 'row' ? paid.value : null).toMatch(/USDT$/);
    expect(decoded.lines.some((line) => /^Paid +/.test(line.text))).toBe(true);
    expect(text).toContain(paid?.type === 'row' ? paid.value : '(no Paid row)');
    expect(decoded.commands).toContainEqual({ type: 'qr-store', data: orderId });
    expect(decoded.commands.slice(-2)).toEqual([
      { type: 'cut', partial: true },
      { type: 'offline-status-request' },
    ]);
    expect(printer.answered()).toEqual([
      [4, 0x12],
      [2, 0x12],
    ]);
    expect(printer.connections()).toBe(1);
  });

  // The third point: a printer that never reads (or reads it all and never closes)
  // may still print what it holds, so the till never says "not printed", and the cashier's
  // next print is a COPY, never a second original.
  it('keeps the sale paid when the printer stalls, says it is not known whether it printed, and the next print says COPY', async () => {
    const stalled = await listener({ mode: 'stall' });
    const clock = new ManualClock();
    const events: [string, unknown][] = [];
    await networkHarness(stalled.port, clock, events);

    const orderId = await paidQrSale();
    await expect.poll(() => stalled.connections()).toBe(1);
    // The network printer's own deadline (20 s) comes before the queue's (30 s).
    await clock.armed((atMs) => atMs === clock.now() + 500);
    clock.advance(20_000);
    await expect.poll(() => statuses(events).at(-1)?.state).toBe('unknown');
    expect(statuses(events).at(-1)).toMatchObject({
      message: `Not known whether the receipt printed: The printer at 127.0.0.1:${stalled.port} did not confirm it printed.`,
      action: 'Check the paper before you print again: a new print says COPY.',
      copy: false,
    });
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
    expect(again).toMatchObject({ state: 'printed', copy: true });
    const decoded = decodeEscPos(await back.nextJob());
    expect(printedText(decoded)).toContain('COPY');
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
    expect(x.state).toBe('printed');
    expect(printedText(decodeEscPos(await printer.nextJob()))).toContain('X report — not a close');
    const z = await ok<ZReportView>(call('closeShift', { acknowledgeUnresolved: false }));

    const printed = await ok<DocumentPrintResult>(call('printShiftReport', { zNumber: z.zNumber }));
    expect(printed).toEqual({
      state: 'printed',
      message: `The Z report ${z.zNumber} was printed on the printer at 127.0.0.1:${printer.port}.`,
      action: null,
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

/** The printer on this port replaced by another (one that prints, by default), as after a repair. */
async function replace(printer: FakeNetworkPrinter, options: FakePrinterOptions = {}) {
  const port = printer.port;
  await printer.close();
  listeners.splice(listeners.indexOf(printer), 1);
  return listener({ ...options, port });
}

const checkPaper = 'Check the paper before you print again: a new print says COPY.';

describe('what the till says of a print, with the printer in each way real ones misbehave', () => {
  // The second point: the printer took 203 of the receipt's bytes and closed its side.
  it('never says printed when the printer reads part of the receipt and hangs up; the next print says COPY', async () => {
    const printer = await listener({ mode: 'half-read-then-close', readBytes: 203 });
    const events: [string, unknown][] = [];
    await networkHarness(printer.port, new ManualClock(), events);

    const orderId = await paidQrSale();
    await expect.poll(() => statuses(events).at(-1)?.state).toBe('unknown');
    expect(statuses(events).map((status) => status.state)).toEqual(['printing', 'unknown']);
    expect(statuses(events).at(-1)).toMatchObject({
      copy: false,
      message: `Not known whether the receipt printed: The printer at 127.0.0.1:${printer.port} hung up before confirming it printed.`,
      action: checkPaper,
    });
    expect(await printer.nextJob()).toHaveLength(3 + 203);

    const fixed = await replace(printer);
    const again = await ok<ReceiptPrintStatus>(call('printReceipt', { orderId, copy: false }));
    expect(again).toMatchObject({ state: 'printed', copy: true });
    expect(printedText(decodeEscPos(await fixed.nextJob()))).toContain('COPY');
  });

  it('says it is not known whether it printed when the printer reads it all and never answers nor closes, at its 20 s deadline', async () => {
    const printer = await listener({ mode: 'read-all-never-close' });
    const clock = new ManualClock();
    const events: [string, unknown][] = [];
    await networkHarness(printer.port, clock, events);

    const orderId = await paidQrSale();
    await expect.poll(() => printer.asked()).toEqual([4, 2]);
    clock.advance(19_999);
    expect(statuses(events).map((status) => status.state)).toEqual(['printing']);
    clock.advance(1);
    await expect.poll(() => statuses(events).at(-1)?.state).toBe('unknown');
    expect(statuses(events).at(-1)).toMatchObject({
      message: `Not known whether the receipt printed: The printer at 127.0.0.1:${printer.port} did not confirm it printed.`,
      action: checkPaper,
    });
    expect(harness!.services.journal.get(orderId)?.state).toBe('paid-confirmed-by-cashier');

    // Try again, as the screen asks it: the paper the printer held may be out there, so this
    // one is a COPY, never a second original.
    const fixed = await replace(printer);
    const again = await ok<ReceiptPrintStatus>(call('printReceipt', { orderId, copy: false }));
    expect(again).toMatchObject({ state: 'printed', copy: true });
    expect(printedText(decodeEscPos(await fixed.nextJob()))).toContain('COPY');
  });

  it('prints, as the original, on a printer that stalls and then reads everything before the deadline', async () => {
    const printer = await listener({ mode: 'stall-then-read' });
    const clock = new ManualClock();
    const events: [string, unknown][] = [];
    await networkHarness(printer.port, clock, events);

    await paidQrSale();
    await expect.poll(() => printer.connections()).toBe(1);
    await clock.armed((atMs) => atMs === clock.now() + 500);
    clock.advance(500);
    clock.advance(15_000);
    expect(statuses(events).map((status) => status.state)).toEqual(['printing']);
    printer.release();
    await expect.poll(() => statuses(events).at(-1)?.state).toBe('printed');
    expect(statuses(events).at(-1)?.copy).toBe(false);
    expect(printedText(decodeEscPos(await printer.nextJob()))).not.toContain('COPY');
  });

  it('says it is not known whether it printed when the printer runs out of paper in the middle of the receipt', async () => {
    const printer = await listener({ mode: 'paper-out-mid-job' });
    const events: [string, unknown][] = [];
    await networkHarness(printer.port, new ManualClock(), events);

    await paidQrSale();
    await expect.poll(() => statuses(events).at(-1)?.state).toBe('unknown');
    expect(statuses(events).at(-1)).toMatchObject({
      message: `Not known whether the receipt printed: The printer at 127.0.0.1:${printer.port} ran out of paper part way through.`,
      action:
        'Put in a new roll and check the paper before you print again: a new print says COPY.',
    });
  });

  it('says not printed when the printer is out of paper before the receipt, and Try again prints the original', async () => {
    const printer = await listener({ paperStatus: 0x72 });
    const events: [string, unknown][] = [];
    await networkHarness(printer.port, new ManualClock(), events);

    const orderId = await paidQrSale();
    await expect.poll(() => statuses(events).at(-1)?.state).toBe('not-printed');
    expect(statuses(events).at(-1)).toMatchObject({
      copy: false,
      message: `The receipt was not printed: The printer at 127.0.0.1:${printer.port} is out of paper.`,
      action: 'Put in a new roll, then try again.',
    });
    expect(decodeEscPos(await printer.nextJob()).commands).toEqual([
      { type: 'paper-status-request' },
    ]);

    const refilled = await replace(printer);
    const again = await ok<ReceiptPrintStatus>(call('printReceipt', { orderId, copy: false }));
    expect(again).toMatchObject({ state: 'printed', copy: false });
    expect(printedText(decodeEscPos(await refilled.nextJob()))).not.toContain('COPY');
  });

  it.each([
    [0x16, 'says its cover is open.'],
    [0x52, 'reports an error.'],
  ] as const)(
    "takes the printer's status answer 0x%s after the receipt as not confirmed",
    async (offlineStatus, words) => {
      const printer = await listener({ offlineStatus });
      const events: [string, unknown][] = [];
      await networkHarness(printer.port, new ManualClock(), events);

      await paidQrSale();
      await expect.poll(() => statuses(events).at(-1)?.state).toBe('unknown');
      expect(statuses(events).at(-1)?.message).toBe(
        `Not known whether the receipt printed: The printer at 127.0.0.1:${printer.port} ${words}`,
      );
    },
  );

  it('prints a Z report whose first print is not known to have printed as REPRINT the next time', async () => {
    const printer = await listener({ mode: 'paper-out-mid-job' });
    const events: [string, unknown][] = [];
    await networkHarness(printer.port, new ManualClock(), events);
    await ok(call('openShift'));
    const z = await ok<ZReportView>(call('closeShift', { acknowledgeUnresolved: false }));

    const first = await ok<DocumentPrintResult>(call('printShiftReport', { zNumber: z.zNumber }));
    expect(first).toEqual({
      state: 'unknown',
      message: `Not known whether the Z report ${z.zNumber} printed: The printer at 127.0.0.1:${printer.port} ran out of paper part way through.`,
      action:
        'Put in a new roll and check the paper before you print again: a new print says COPY.',
    });
    expect(printedText(decodeEscPos(await printer.nextJob()))).not.toContain('REPRINT');
    const refilled = await replace(printer);
    const second = await ok<DocumentPrintResult>(call('printShiftReport', { zNumber: z.zNumber }));
    expect(second.state).toBe('printed');
    expect(printedText(decodeEscPos(await refilled.nextJob()))).toContain('REPRINT');
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
    // The fourth point: the receipt printed before is no earlier print of the slip.
    expect(slip).not.toContain('COPY');
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
  it('is caught by the print queue deadline: not known whether it printed, the sale unchanged', async () => {
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
    await expect.poll(() => statuses(events).at(-1)?.state).toBe('unknown');
    expect(statuses(events).at(-1)).toMatchObject({
      message: 'Not known whether the receipt printed: The printer did not answer in time.',
      action: 'Check the paper before you print again: a new print says COPY.',
    });
    expect(harness.services.journal.get(orderId)?.state).toBe('paid-confirmed-by-cashier');
    // The stuck printer refuses the next job at once, in words, instead of queueing it forever:
    // that one never started (and, after the unknown one, is a COPY).
    const next = await ok<ReceiptPrintStatus>(call('printReceipt', { orderId, copy: false }));
    expect(next).toMatchObject({
      state: 'not-printed',
      copy: true,
      message:
        'The receipt was not printed: The printer is still busy with an earlier print that did not finish.',
      action: 'Check the printer, then try again.',
    });
  });
});
