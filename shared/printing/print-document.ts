/**
 * What the till prints, as plain data: a document is a list of blocks, each meaning the same on
 * a 58 mm or 80 mm roll, an A4/Letter page (HTML printed or saved as PDF) and an ESC/POS printer.
 * Builders (a receipt, a void slip, an X or Z report) make documents from journal facts; each
 * printer kind renders the blocks its own way. Text here is final, already formatted for people:
 * renderers never format money, dates or numbers.
 */

/** The paper a document is laid out for. Roll widths are the paper's, not the printable area's. */
export const paperKinds = ['roll-58', 'roll-80', 'a4', 'letter'] as const;
export type PaperKind = (typeof paperKinds)[number];

/** Paper width in millimetres (A4 210, Letter 215.9). */
export const paperWidthMm: Record<PaperKind, number> = {
  'roll-58': 58,
  'roll-80': 80,
  a4: 210,
  letter: 215.9,
};

export type PrintBlock =
  /** The document's title line: large and centred (the shop's name, "Z report 12"). */
  | { type: 'title'; text: string }
  /** A line of text; long text wraps. */
  | { type: 'text'; text: string; align?: 'left' | 'center'; bold?: boolean; small?: boolean }
  /** A label on the left, its value on the right ("Total", "€12.50"). */
  | { type: 'row'; label: string; value: string; bold?: boolean }
  /** A horizontal rule between sections. */
  | { type: 'rule' }
  /**
   * A mark no one can miss, printed boxed or inverted: "COPY", "PAID LATE", "VOID".
   * Printers without inversion print it between rules.
   */
  | { type: 'mark'; text: string }
  /** A QR code of `data` (an order id for look-up), with an optional caption under it. */
  | { type: 'qr'; data: string; caption?: string };

export type PrintDocumentKind = 'receipt' | 'void-slip' | 'x-report' | 'z-report';

export interface PrintDocument {
  kind: PrintDocumentKind;
  /** A short name for the file when saved as PDF and for the print job ("Receipt 7F3K-2QXA"). */
  title: string;
  blocks: PrintBlock[];
}
