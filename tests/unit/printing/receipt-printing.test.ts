import { describe, expect, it } from 'vitest';
import type { PrintDocument } from '../../../shared/printing/print-document';
import type { ReceiptPrintStatus } from '../../../shared/printing/receipt-views';
import type { SaleSnapshot } from '../../../shared/sale/sale-snapshot';
import { defaultSettings, type Settings } from '../../../shared/settings';
import type { OrderRecord } from '../../../electron/journal/order-record';
import { silentLogger } from '../../../electron/logging/logger';
import { PrintFailure } from '../../../electron/printing/print-failure';
import {
  PRINT_JOB_TIMEOUT_MS,
  ReceiptPrinting,
  type PrinterChoice,
} from '../../../electron/printing/receipt-printing';
import { receiptPrinterChooser } from '../../../electron/printing/receipt-printer-choice';
import { ManualClock } from '../../support/manual-clock';
import { paidOrder } from '../../support/receipt-fixtures';

/** A printer whose jobs the test finishes by hand: print() stays pending until it says so. */
function heldPrinter() {
  const jobs: { document: PrintDocument; finish: (error?: Error) => void }[] = [];
  return {
    jobs,
    port: {
      print: (document: PrintDocument) =>
        new Promise<void>((resolve, reject) => {
          jobs.push({ document, finish: (error) => (error ? reject(error) : resolve()) });
        }),
    },
  };
}

function rig(
  options: { settings?: Partial<Settings>; choice?: PrinterChoice; clock?: ManualClock } = {},
) {
  const orders = new Map<string, OrderRecord>();
  const statuses: ReceiptPrintStatus[] = [];
  const printer = heldPrinter();
  const settings: Settings = {
    ...defaultSettings({ reportTimeZone: 'UTC' }),
    shopName: 'Café Lumen',
    receiptPrinting: 'automatic',
    receiptPrinter: { kind: 'os', deviceName: 'TM-T20' },
    ...options.settings,
  };
  const receipts = new ReceiptPrinting({
    clock: options.clock ?? new ManualClock(),
    logger: silentLogger,
    settings: () => settings,
    order: (orderId) => orders.get(orderId) ?? null,
    staffName: () => 'Ana',
    printerFor: () => options.choice ?? { printer: printer.port, name: 'TM-T20' },
    onStatus: (status) => statuses.push(status),
  });
  const put = (order: OrderRecord) => orders.set(order.orderId, order);
  return { receipts, statuses, printer, put };
}

const snapshot = (order: OrderRecord) =>
  ({ orderId: order.orderId, state: order.state }) as SaleSnapshot;
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the automatic receipt', () => {
  it('starts when the sale on screen becomes paid, without the sale waiting for the printer', async () => {
    const { receipts, statuses, printer, put } = rig();
    const waiting = paidOrder({ state: 'awaiting-payment' });
    receipts.saleChanged(snapshot(waiting));
    put(paidOrder());
    // Returns at once although the printer has not finished (nor even started) the job.
    expect(receipts.saleChanged(snapshot(paidOrder()))).toBeUndefined();
    await flush();
    expect(printer.jobs).toHaveLength(1);
    expect(printer.jobs[0]!.document.kind).toBe('receipt');
    expect(statuses.map((status) => status.state)).toEqual(['printing']);
    printer.jobs[0]!.finish();
    await flush();
    expect(statuses.at(-1)).toMatchObject({
      state: 'printed',
      copy: false,
      reference: '7F3K-2QXA',
      message: 'The receipt was printed on TM-T20.',
      action: null,
    });
  });

  it('does not print a paid sale brought back at start, nor with printing off or ask', async () => {
    for (const receiptPrinting of ['automatic', 'off', 'ask'] as const) {
      const { receipts, printer, put } = rig({ settings: { receiptPrinting } });
      put(paidOrder());
      if (receiptPrinting !== 'automatic')
        receipts.saleChanged(snapshot(paidOrder({ state: 'awaiting-payment' })));
      receipts.saleChanged(snapshot(paidOrder()));
      await flush();
      expect(printer.jobs, receiptPrinting).toHaveLength(0);
    }
  });

  it('turns a printer failure into a status in words, never a rejection, and never tries again by itself', async () => {
    const { receipts, statuses, printer, put } = rig();
    put(paidOrder());
    const result = receipts.print(paidOrder().orderId, false);
    await flush();
    printer.jobs[0]!.finish(
      new PrintFailure('paper-out', 'The printer is out of paper.', undefined, {
        action: 'Put in a new roll, then try again.',
      }),
    );
    await expect(result).resolves.toMatchObject({
      state: 'not-printed',
      message: 'The receipt was not printed: The printer is out of paper.',
      action: 'Put in a new roll, then try again.',
    });
    await flush();
    expect(printer.jobs).toHaveLength(1);
    expect(statuses.at(-1)?.state).toBe('not-printed');
  });
});

describe('the print queue under every print', () => {
  it('prints one job at a time on one printer, the second waiting for the first', async () => {
    const { receipts, printer, put } = rig();
    put(paidOrder());
    const first = receipts.print(paidOrder().orderId, false);
    const second = receipts.print(paidOrder().orderId, true);
    await flush();
    expect(printer.jobs).toHaveLength(1);
    printer.jobs[0]!.finish();
    await first;
    await flush();
    expect(printer.jobs).toHaveLength(2);
    printer.jobs[1]!.finish();
    await expect(second).resolves.toMatchObject({ state: 'printed', copy: true });
  });

  it('says of a printer that never answers that it is not known whether it printed, from the Clock, and a late print after all', async () => {
    const clock = new ManualClock();
    const { receipts, statuses, printer, put } = rig({ clock });
    put(paidOrder());
    const result = receipts.print(paidOrder().orderId, false);
    await flush();
    clock.advance(PRINT_JOB_TIMEOUT_MS - 1);
    await flush();
    expect(statuses.map((status) => status.state)).toEqual(['printing']);
    clock.advance(1);
    await expect(result).resolves.toMatchObject({
      state: 'unknown',
      message: 'Not known whether the receipt printed: The printer did not answer in time.',
      action: 'Check the paper before you print again: a new print says COPY.',
    });
    printer.jobs[0]!.finish();
    await flush();
    expect(statuses.at(-1)).toMatchObject({
      state: 'printed',
      message: 'The receipt did print after all, on TM-T20.',
      action: 'Do not print it again.',
    });
    expect(printer.jobs).toHaveLength(1);
  });

  it('words a failure that is not a PrintFailure as the queue words it, never the raw error', async () => {
    const { receipts, printer, put } = rig();
    put(paidOrder());
    const result = receipts.print(paidOrder().orderId, false);
    await flush();
    printer.jobs[0]!.finish(new Error('EPIPE write after end'));
    await expect(result).resolves.toMatchObject({
      state: 'unknown',
      message: 'Not known whether the receipt printed: The printer reported a problem.',
    });
  });
});

describe('the printer a setting names', () => {
  it('keeps one network printer per address and paper, builds a new one when the setting changes, and prints A4 as an 80 mm roll', () => {
    const built: { host: string; port: number; paper: string }[] = [];
    const choose = receiptPrinterChooser(undefined, (target) => {
      built.push(target);
      return { print: async () => undefined };
    });
    const printerOf = (choice: PrinterChoice) => ('printer' in choice ? choice.printer : null);
    const first = choose({ kind: 'network', host: '10.0.0.40', port: 9100 }, 'roll-80');
    const again = choose({ kind: 'network', host: '10.0.0.40' }, 'roll-80');
    expect(printerOf(again)).toBe(printerOf(first));
    expect(first).toMatchObject({ name: 'the printer at 10.0.0.40:9100' });
    const moved = choose({ kind: 'network', host: '10.0.0.41', port: 9100 }, 'roll-80');
    expect(printerOf(moved)).not.toBe(printerOf(first));
    // A sheet paper on a roll printer: the same 80 mm printer, not a new one.
    const sheet = choose({ kind: 'network', host: '10.0.0.41', port: 9100 }, 'a4');
    expect(printerOf(sheet)).toBe(printerOf(moved));
    choose({ kind: 'network', host: 'fe80::1', port: 9100 }, 'roll-58');
    expect(built).toEqual([
      { host: '10.0.0.40', port: 9100, paper: 'roll-80' },
      { host: '10.0.0.41', port: 9100, paper: 'roll-80' },
      { host: 'fe80::1', port: 9100, paper: 'roll-58' },
    ]);
    expect(choose({ kind: 'network', host: 'fe80::1', port: 9100 }, 'roll-58')).toMatchObject({
      name: 'the printer at [fe80::1]:9100',
    });
  });
});

describe('printing from the history', () => {
  it('prints a payment voided or paid late from the history by itself only when automatic', async () => {
    for (const receiptPrinting of ['automatic', 'ask'] as const) {
      const { receipts, printer, put } = rig({ settings: { receiptPrinting } });
      put(paidOrder({ state: 'voided' }));
      receipts.historyChanged(paidOrder().orderId);
      await flush();
      expect(
        printer.jobs.map((job) => job.document.kind),
        receiptPrinting,
      ).toEqual(receiptPrinting === 'automatic' ? ['void-slip'] : []);
    }
  });
});

describe('printing on request', () => {
  it('marks every print after the first one COPY, whatever the page asks', async () => {
    const { receipts, printer, put } = rig();
    put(paidOrder());
    const first = receipts.print(paidOrder().orderId, false);
    await flush();
    printer.jobs[0]!.finish();
    await first;
    const again = receipts.print(paidOrder().orderId, false);
    await flush();
    printer.jobs[1]!.finish();
    await expect(again).resolves.toMatchObject({ copy: true, state: 'printed' });
    expect(printer.jobs[1]!.document.blocks).toContainEqual({ type: 'mark', text: 'COPY' });
  });

  const marked = (document: PrintDocument) =>
    document.blocks.some((block) => block.type === 'mark' && block.text === 'COPY');

  it('marks every print after one whose outcome is unknown COPY: it may be on paper', async () => {
    const { receipts, printer, put } = rig();
    put(paidOrder());
    const first = receipts.print(paidOrder().orderId, false);
    await flush();
    printer.jobs[0]!.finish(
      new PrintFailure('closed', 'The printer hung up before confirming it printed.', 'x', {
        outcome: 'unknown',
      }),
    );
    await expect(first).resolves.toMatchObject({
      state: 'unknown',
      copy: false,
      message:
        'Not known whether the receipt printed: The printer hung up before confirming it printed.',
      action: 'Check the paper before you print again: a new print says COPY.',
    });
    // Try again, as asked before (not a copy): it is a COPY all the same.
    const again = receipts.print(paidOrder().orderId, false);
    await flush();
    expect(marked(printer.jobs[1]!.document)).toBe(true);
    printer.jobs[1]!.finish();
    await expect(again).resolves.toMatchObject({ state: 'printed', copy: true });
  });

  it('prints the original again after a print that never reached the printer', async () => {
    const { receipts, printer, put } = rig();
    put(paidOrder());
    const first = receipts.print(paidOrder().orderId, false);
    await flush();
    printer.jobs[0]!.finish(new PrintFailure('refused', 'The printer refused the connection.'));
    await expect(first).resolves.toMatchObject({ state: 'not-printed', copy: false });
    const again = receipts.print(paidOrder().orderId, false);
    await flush();
    expect(marked(printer.jobs[1]!.document)).toBe(false);
    printer.jobs[1]!.finish();
    await expect(again).resolves.toMatchObject({ state: 'printed', copy: false });
  });

  it('marks a print asked while the original is still printing COPY, whatever the original does', async () => {
    const { receipts, printer, put } = rig();
    put(paidOrder());
    const first = receipts.print(paidOrder().orderId, false);
    const second = receipts.print(paidOrder().orderId, false);
    await flush();
    printer.jobs[0]!.finish();
    await first;
    await flush();
    expect(marked(printer.jobs[0]!.document)).toBe(false);
    expect(marked(printer.jobs[1]!.document)).toBe(true);
    printer.jobs[1]!.finish(new PrintFailure('refused', 'Refused.'));
    await expect(second).resolves.toMatchObject({ state: 'not-printed', copy: true });
    // The copy that never printed leaves the original where it was: on paper.
    const third = receipts.print(paidOrder().orderId, false);
    await flush();
    expect(marked(printer.jobs[2]!.document)).toBe(true);
    printer.jobs[2]!.finish();
    await third;
  });

  // The fourth point: the receipt printed before the void is no print of the slip.
  it('prints the first void slip of an order whose receipt was printed as the original, the next as COPY', async () => {
    const { receipts, printer, put } = rig();
    put(paidOrder());
    const receipt = receipts.print(paidOrder().orderId, false);
    await flush();
    printer.jobs[0]!.finish();
    await receipt;
    put(paidOrder({ state: 'voided' }));
    const slip = receipts.print(paidOrder().orderId, false);
    await flush();
    expect(printer.jobs[1]!.document.kind).toBe('void-slip');
    expect(marked(printer.jobs[1]!.document)).toBe(false);
    printer.jobs[1]!.finish();
    await expect(slip).resolves.toMatchObject({
      state: 'printed',
      copy: false,
      document: 'void-slip',
    });
    const again = receipts.print(paidOrder().orderId, false);
    await flush();
    expect(marked(printer.jobs[2]!.document)).toBe(true);
    printer.jobs[2]!.finish();
    await expect(again).resolves.toMatchObject({ copy: true, document: 'void-slip' });
  });

  it('says what to do when no printer is set up, and refuses an order that was not paid', async () => {
    const choose = receiptPrinterChooser(undefined, undefined);
    const { receipts, put } = rig({ choice: choose({ kind: 'none' }, 'roll-80') });
    put(paidOrder());
    put(paidOrder({ orderId: '0f8e2c1a-3b4d-4e5f-8a9b-000000000000', state: 'cancelled' }));
    await expect(receipts.print(paidOrder().orderId, false)).resolves.toMatchObject({
      state: 'not-printed',
      message: 'The receipt was not printed: No receipt printer is set up.',
      action: 'A manager chooses one in Settings; save the receipt as PDF meanwhile.',
    });
    expect(() => receipts.document('0f8e2c1a-3b4d-4e5f-8a9b-000000000000', false)).toThrow(
      'Order 7F3K-2QXA was not paid, so it has no receipt.',
    );
    expect(choose({ kind: 'network', host: '10.0.0.40' }, 'roll-80')).toEqual({
      unavailable: 'This version of the app cannot print on a network receipt printer.',
      action:
        'Save the receipt as PDF, or ask a manager to choose a printer of the computer in Settings.',
    });
    expect(choose({ kind: 'os' }, 'roll-80')).toEqual({
      unavailable: 'This till cannot print through the computer.',
      action: 'Save the receipt as PDF instead.',
    });
  });

  it('prints a void slip for a voided order', () => {
    const { receipts, put } = rig();
    put(paidOrder({ state: 'voided' }));
    expect(receipts.document(paidOrder().orderId, false).kind).toBe('void-slip');
  });
});
