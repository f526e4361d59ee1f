import type { PrintDocument } from '../../shared/printing/print-document';

/**
 * A printer as the till's services see it: an OS printer (electron/main/printing/os-printer.ts),
 * an ESC/POS printer on the network, or a test's recorder. `print` resolves when the job was
 * handed over (spooled or sent), which is not the same as printed; it rejects with an Error
 * whose message is a sentence for the cashier. Nobody retries a print by themselves: a second
 * attempt is the cashier's "Try again", so a receipt is never printed twice by surprise.
 */
export interface PrinterPort {
  print(document: PrintDocument, copies?: number): Promise<void>;
}
