import { describe, expect, it } from 'vitest';
import type { PrintDocument } from '../../../shared/printing/print-document';
import { defaultSettings, type Settings } from '../../../shared/settings';
import type { ShiftRow, ZReportView } from '../../../shared/shifts/shift-views';
import { shiftReportPrintHandlers } from '../../../electron/app/print-handlers';
import { silentLogger } from '../../../electron/logging/logger';
import { PrintFailure } from '../../../electron/printing/print-failure';
import { ReceiptPrinting, type PrinterChoice } from '../../../electron/printing/receipt-printing';
import { shiftReport } from '../../../electron/shifts/shift-report';
import { ManualClock } from '../../support/manual-clock';

const shift: ShiftRow = {
  shiftId: 3,
  serialNumber: 'POS-0001',
  openedAtMs: Date.UTC(2026, 10, 26, 8, 0),
  openedBy: null,
  closedAtMs: Date.UTC(2026, 10, 26, 18, 0),
  closedBy: null,
  openedAfterEventId: 0,
  reopensShiftId: null,
  reopenedBy: null,
};
const report = shiftReport({
  shift,
  orders: [],
  earlierOrdersPaid: [],
  throughEventId: 1,
  names: new Map(),
});
const z: ZReportView = { zNumber: 5, madeAtMs: shift.closedAtMs!, report } as ZReportView;

function rig(choice?: PrinterChoice) {
  const printed: PrintDocument[] = [];
  const handedOut: [number, string][] = [];
  const settings: Settings = { ...defaultSettings({ reportTimeZone: 'UTC' }), shopName: 'Corner' };
  const receipts = new ReceiptPrinting({
    clock: new ManualClock(),
    logger: silentLogger,
    settings: () => settings,
    order: () => null,
    staffName: () => null,
    printerFor: () =>
      choice ?? {
        printer: { print: async (document) => void printed.push(document) },
        name: 'TM-T20',
      },
    onStatus: () => undefined,
  });
  const prints = shiftReportPrintHandlers({
    clock: new ManualClock(),
    shifts: {
      xReport: () => ({ ...report, closedAtMs: null }),
      zReport: (zNumber) => (zNumber === 5 ? z : null),
      handOut: (zNumber, how) => void handedOut.push([zNumber, how]),
      whileHandingOut: (_zNumber, work) => work(),
    },
    receipts,
    settings: () => settings,
    logger: silentLogger,
  });
  return { printed, prints, handedOut };
}
const marks = (document: PrintDocument | undefined) =>
  document?.blocks.flatMap((block) => (block.type === 'mark' ? [block.text] : []));

describe('X and Z reports on paper', () => {
  it('prints the Z report closed in this run as the original once, every later print as REPRINT', async () => {
    const { printed, prints } = rig();
    prints.closed(5);
    expect(marks(await prints.handlers.shiftReportPreview({ zNumber: 5 }))).toEqual(['Z report 5']);
    await expect(prints.handlers.printShiftReport({ zNumber: 5 })).resolves.toEqual({
      state: 'printed',
      message: 'The Z report 5 was printed on TM-T20.',
      action: null,
    });
    await prints.handlers.printShiftReport({ zNumber: 5 });
    expect(printed.map(marks)).toEqual([['Z report 5'], ['REPRINT', 'Z report 5']]);
    expect(marks(await prints.handlers.shiftReportPreview({ zNumber: 5 }))).toEqual([
      'REPRINT',
      'Z report 5',
    ]);
    expect(printed[1]!.title).toBe('Z report 5 — shift 3 (reprint)');
  });

  it('prints a Z report not closed in this run as REPRINT, an X report never so', async () => {
    const { printed, prints, handedOut } = rig();
    await prints.handlers.printShiftReport({ zNumber: 5 });
    // On paper, the Z report is final; an X report is no close and hands nothing out.
    expect(handedOut).toEqual([[5, 'printed']]);
    await prints.handlers.printShiftReport({ x: true });
    await prints.handlers.printShiftReport({ x: true });
    expect(handedOut).toEqual([[5, 'printed']]);
    expect(printed.map(marks)).toEqual([
      ['REPRINT', 'Z report 5'],
      ['X report — not a close'],
      ['X report — not a close'],
    ]);
  });

  it('refuses a Z report that does not exist, and says what to do without a printer', async () => {
    const { prints, handedOut } = rig({
      unavailable: 'No receipt printer is set up.',
      action: 'A manager chooses one in Settings; save the receipt as PDF meanwhile.',
    });
    await expect(prints.handlers.printShiftReport({ zNumber: 6 })).rejects.toMatchObject({
      kind: 'no-report',
      message: 'There is no Z report 6.',
    });
    await expect(prints.handlers.printShiftReport({ zNumber: 5 })).resolves.toEqual({
      state: 'not-printed',
      message: 'The Z report 5 was not printed: No receipt printer is set up.',
      action: 'A manager chooses one in Settings; save the Z report 5 as PDF meanwhile.',
    });
    await expect(prints.handlers.saveShiftReportPdf({ zNumber: 5 })).rejects.toMatchObject({
      kind: 'no-pdf',
    });
    // Neither a print that failed nor a PDF not saved makes the report final.
    expect(handedOut).toEqual([]);
  });

  it('prints REPRINT after a print whose outcome is unknown, and the original again after one not printed', async () => {
    const outcomes: (Error | null)[] = [
      new PrintFailure('refused', 'The printer refused the connection.'),
      new PrintFailure('closed', 'The printer hung up before confirming it printed.', 'x', {
        outcome: 'unknown',
      }),
      null,
    ];
    const printed: PrintDocument[] = [];
    const { prints, handedOut } = rig({
      printer: {
        print: async (document) => {
          printed.push(document);
          const outcome = outcomes.shift();
          if (outcome) throw outcome;
        },
      },
      name: 'TM-T20',
    });
    prints.closed(5);

    await expect(prints.handlers.printShiftReport({ zNumber: 5 })).resolves.toEqual({
      state: 'not-printed',
      message: 'The Z report 5 was not printed: The printer refused the connection.',
      action: 'Check the printer, then try again.',
    });
    // Nothing reached the printer: not final, and the next print is still the original.
    expect(handedOut).toEqual([]);
    await expect(prints.handlers.printShiftReport({ zNumber: 5 })).resolves.toEqual({
      state: 'unknown',
      message:
        'Not known whether the Z report 5 printed: The printer hung up before confirming it printed.',
      action: 'Check the paper before you print again: a new print says COPY.',
    });
    // It may be on paper: final, and every later print says REPRINT.
    expect(handedOut).toEqual([[5, 'printed']]);
    await prints.handlers.printShiftReport({ zNumber: 5 });
    expect(printed.map(marks)).toEqual([['Z report 5'], ['Z report 5'], ['REPRINT', 'Z report 5']]);
  });
});
