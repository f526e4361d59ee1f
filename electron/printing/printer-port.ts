import type { PrintDocument } from '../../shared/printing/print-document';

/**
 * A printer as the till's services see it: an OS printer (electron/main/printing/os-printer.ts),
 * an ESC/POS printer on the network, or a test's recorder. `print` resolves only when the
 * printer confirmed the job printed (the ESC/POS status after the job, the OS's print queue's
 * completed job); otherwise it rejects with a PrintFailure in the cashier's words whose
 * `outcome` says whether nothing reached the printer (`not-printed`) or the job may be on paper
 * (`unknown`). Nobody retries a print by themselves: a second attempt is the cashier's "Try
 * again", so a receipt is never printed twice by surprise.
 */
export interface PrinterPort {
  print(document: PrintDocument, copies?: number): Promise<void>;
}
