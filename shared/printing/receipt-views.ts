import type { PrintDocumentKind } from './print-document';

/** What the cashier page is told about receipts and printers (shared/ipc/contract.ts). */

/** A printer the OS knows: `name` is the system name a print job names, `displayName` what people read. */
export interface PrinterView {
  name: string;
  displayName: string;
}

/**
 * Where one receipt's printing stands, for the sale screen and history: sent to the printer
 * (which is not yet "on paper"), or failed with what happened and what to do, in words.
 */
export interface ReceiptPrintStatus {
  orderId: string;
  reference: string;
  state: 'printing' | 'sent' | 'failed';
  /** What is printed: a receipt, or the slip of a voided order. */
  document: PrintDocumentKind;
  /** A reprint, marked COPY on the paper. */
  copy: boolean;
  /** A sentence for the cashier ("Sent to EPSON TM-T20III.", "The printer is offline: ..."). */
  message: string;
  atMs: number;
}

/** What "Save as PDF" answers; `saved` is false when the save dialog was closed. */
export interface ReceiptPdfResult {
  saved: boolean;
  fileName?: string;
}

/** Where the print of a document that is not an order's (an X or Z report) ended, in words. */
export interface DocumentPrintResult {
  state: 'sent' | 'failed';
  message: string;
}
