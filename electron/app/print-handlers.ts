import type { Calls } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import type { PrinterView } from '../../shared/printing/receipt-views';
import { ReceiptRefusal, type ReceiptPrinting } from '../printing/receipt-printing';
import type { Logger } from '../logging/logger';
import { CallRefusal } from '../../shared/ipc/call-refusal';
import type { Clock } from '../../shared/clock';
import type { PrintDocument } from '../../shared/printing/print-document';
import type { ShiftReportSource } from '../../shared/shifts/shift-report-sections';
import type { ShiftService } from '../shifts/shift-service';
import { shiftReportDocument } from '../shifts/shift-report-document';

/**
 * The printing calls: receipts (preview, print, a reprint marked COPY, PDF, the OS's printers)
 * and the shift's X and Z reports on paper and as PDF, all through the receipt printer's queue.
 */

export interface ReceiptHandlerParts {
  receipts: ReceiptPrinting;
  /** The OS's printers; absent where there are none to list (the harness lists none). */
  listPrinters?: () => Promise<PrinterView[]>;
  /** Who asked for a reprint, for the log. */
  by: () => string | null;
  logger: Logger;
}

/** The receipt calls: preview, print (a reprint is a COPY and is logged), PDF, printers. */
export function receiptHandlers(
  parts: ReceiptHandlerParts,
): Pick<
  CallHandlers<Calls>,
  'receiptPreview' | 'printReceipt' | 'saveReceiptPdf' | 'listPrinters'
> {
  const { receipts } = parts;
  return {
    receiptPreview: async ({ orderId, copy }) =>
      refusalsInWords(() => receipts.document(orderId, copy ?? false)),
    printReceipt: async ({ orderId, copy }) => {
      if (copy) parts.logger.info('receipt reprint', { orderId, by: parts.by() });
      return refusalsInWords(() => receipts.print(orderId, copy));
    },
    saveReceiptPdf: async ({ orderId }) => refusalsInWords(() => receipts.savePdf(orderId)),
    listPrinters: async () => (parts.listPrinters ? parts.listPrinters() : []),
  };
}

async function refusalsInWords<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ReceiptRefusal) throw new CallRefusal(error.code, error.message);
    throw error;
  }
}

export interface ShiftReportPrintParts {
  clock: Clock;
  shifts: Pick<ShiftService, 'xReport' | 'zReport' | 'handOut' | 'whileHandingOut'>;
  receipts: ReceiptPrinting;
  settings: () => { shopName: string; reportTimeZone: string };
  logger: Logger;
}

type Choice = { zNumber: number } | { x: true };

/**
 * X and Z reports on paper and as PDF, through the receipt printer's queue like receipts.
 * A Z report is a numbered document: only its first print after the close, in the run that
 * closed it, is the original; every other print of it says REPRINT (after one whose outcome is
 * unknown too: it may be on paper), so two papers with the same number never look like two
 * closes. One that ended "not printed" leaves the original to the next print. An X report is never numbered ("not a close").
 */
export function shiftReportPrintHandlers(parts: ShiftReportPrintParts): {
  handlers: Pick<
    CallHandlers<Calls>,
    'shiftReportPreview' | 'printShiftReport' | 'saveShiftReportPdf'
  >;
  /** Told each Z report made by a close in this run: its first print is the original. */
  closed: (zNumber: number) => void;
} {
  const originals = new Set<number>();

  const documentOf = (choice: Choice, reprint: boolean): PrintDocument => {
    let source: ShiftReportSource;
    if ('x' in choice) {
      source = { zNumber: null, madeAtMs: parts.clock.now(), report: parts.shifts.xReport() };
    } else {
      const view = parts.shifts.zReport(choice.zNumber);
      if (!view) throw new CallRefusal('no-report', `There is no Z report ${choice.zNumber}.`);
      source = view;
    }
    const values = parts.settings();
    const document = shiftReportDocument(source, {
      timeZone: values.reportTimeZone,
      shopName: values.shopName,
    });
    if (!reprint || source.zNumber === null) return document;
    // Right under the title and shop, where the report's own "Z report n" mark stands.
    const at = document.blocks.findIndex((block) => block.type === 'mark');
    const blocks = [...document.blocks];
    blocks.splice(at < 0 ? 1 : at, 0, { type: 'mark', text: 'REPRINT' });
    return { ...document, title: `${document.title} (reprint)`, blocks };
  };

  const isReprint = (choice: Choice) => 'zNumber' in choice && !originals.has(choice.zNumber);

  return {
    closed: (zNumber) => {
      originals.add(zNumber);
    },
    handlers: {
      shiftReportPreview: async (choice) => documentOf(choice, isReprint(choice)),
      printShiftReport: async (choice) => {
        const reprint = isReprint(choice);
        const document = documentOf(choice, reprint);
        const what = 'x' in choice ? 'X report' : `Z report ${choice.zNumber}`;
        parts.logger.info('shift report print', { kind: document.kind, reprint });
        // The original on its way: a print asked meanwhile says REPRINT, since this one may print.
        if ('zNumber' in choice) originals.delete(choice.zNumber);
        const print = () => parts.receipts.printDocument(document, what);
        const result =
          'zNumber' in choice
            ? await parts.shifts.whileHandingOut(choice.zNumber, print)
            : await print();
        if ('zNumber' in choice) {
          if (result.state === 'not-printed') {
            // Nothing reached the printer: the next print is the original again.
            if (!reprint) originals.add(choice.zNumber);
          } else {
            // On paper, or maybe (unknown): it is final, its shift is not reopened any more.
            parts.shifts.handOut(choice.zNumber, 'printed');
          }
        }
        return result;
      },
      saveShiftReportPdf: async (choice) => {
        try {
          const save = () => parts.receipts.saveDocumentPdf(documentOf(choice, false));
          const saved =
            'zNumber' in choice
              ? await parts.shifts.whileHandingOut(choice.zNumber, save)
              : await save();
          if (saved.saved && 'zNumber' in choice) parts.shifts.handOut(choice.zNumber, 'pdf');
          return saved;
        } catch (error) {
          if (error instanceof ReceiptRefusal) throw new CallRefusal(error.code, error.message);
          throw error;
        }
      },
    },
  };
}
