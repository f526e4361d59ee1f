import type { PaperKind, PrintDocument } from '../../shared/printing/print-document';
import type { PrinterView, ReceiptPdfResult } from '../../shared/printing/receipt-views';
import type { PrinterPort } from './printer-port';

/** What the OS offers for receipts: its printers, a print job, and a PDF saved where the cashier says. */
export interface PlatformPrinting {
  listPrinters(): Promise<PrinterView[]>;
  /** An OS printer by system name (absent: the default), printing on this paper. */
  osPrinter(target: OsPrinterTarget): PrinterPort;
  /** Renders the document to PDF and asks where to save it (Electron: a save dialog). */
  savePdf(
    document: PrintDocument,
    paper: PaperKind,
    suggestedName: string,
  ): Promise<ReceiptPdfResult>;
}

export interface OsPrinterTarget {
  deviceName?: string;
  paper: PaperKind;
  /** Print on the driver's default page size instead of the paper's (a roll driver's "receipt"). */
  paperFromPrinter?: boolean;
}
