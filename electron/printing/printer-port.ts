import type { PrintDocument } from '../../shared/printing/print-document';

/** A printer the till can send a document to. Resolves once the printer took the whole job. */
export interface PrinterPort {
  print(document: PrintDocument): Promise<void>;
}
