import type { PrintDocumentKind } from './print-document';

/** What the cashier page is told about receipts and printers (shared/ipc/contract.ts). */

/** A printer the OS knows: `name` is the system name a print job names, `displayName` what people read. */
export interface PrinterView {
  name: string;
  displayName: string;
}

/**
 * How a print ended, in three words the cashier can act on: `printed` (the printer confirmed
 * it: its status after the job, or the OS's print queue's completed job), `not-printed` (it
 * never started: nothing reached the printer, printing again is safe) or `unknown` (sent but
 * not confirmed: it may be on paper, so check the paper before printing again; the next print
 * of it says COPY).
 */
type PrintOutcomeState = 'printed' | 'not-printed' | 'unknown';

/**
 * Where one receipt's printing stands, for the sale screen and history: printing, or how it
 * ended, with what happened and one action, in words.
 */
export interface ReceiptPrintStatus {
  orderId: string;
  reference: string;
  state: 'printing' | PrintOutcomeState;
  /** What is printed: a receipt, or the slip of a voided order. */
  document: PrintDocumentKind;
  /** A reprint, marked COPY on the paper. */
  copy: boolean;
  /** One line of what happened ("The receipt was printed on EPSON_TM_T20III."). */
  message: string;
  /** One action for the cashier, or null (printing, printed). */
  action: string | null;
  atMs: number;
}

/** What "Save as PDF" answers; `saved` is false when the save dialog was closed. */
export interface ReceiptPdfResult {
  saved: boolean;
  fileName?: string;
}

/** Where the print of a document that is not an order's (an X or Z report) ended, in words. */
export interface DocumentPrintResult {
  state: PrintOutcomeState;
  /** One line of what happened. */
  message: string;
  /** One action for the cashier, or null once printed. */
  action: string | null;
}
