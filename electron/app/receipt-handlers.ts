import type { Calls } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import type { PrinterView } from '../../shared/printing/receipt-views';
import { ReceiptRefusal, type ReceiptPrinting } from '../printing/receipt-printing';
import type { Logger } from '../logging/logger';
import { CallRefusal } from '../../shared/ipc/call-refusal';

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
