/**
 * A PrintDocument as the bytes an ESC/POS thermal printer prints: the encoder library does the
 * commands, code page switching and word wrapping; this file decides how each block looks on a
 * roll. Text arrives already formatted (shared/printing/print-document.ts); here it is only
 * made printable (code-pages.ts) and laid out in the roll's columns.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { PaperKind, PrintBlock, PrintDocument } from '../../../shared/printing/print-document';
import { codePageFor, everydayCodePages, printableText } from './code-pages';

/** The rolls an ESC/POS printer takes (A4 and Letter are for the OS printer and PDF). */
export type RollPaper = Extract<PaperKind, 'roll-58' | 'roll-80'>;

/** Characters per line in the printer's normal font (12×24 dots), and printable dots per line. */
const rollLayouts: Record<RollPaper, { columns: number; dots: number; qrModuleDots: number }> = {
  'roll-58': { columns: 32, dots: 384, qrModuleDots: 5 },
  'roll-80': { columns: 48, dots: 576, qrModuleDots: 6 },
};

/** Lines fed before the cut, so the last line clears the cutter blade. */
const feedBeforeCut = 4;

export function renderEscPos(document: PrintDocument, paper: RollPaper): Uint8Array {
  const { columns, qrModuleDots } = rollLayouts[paper];
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns,
    newline: '\n',
    feedBeforeCut,
    codepageMapping: everydayCodePages,
  });
  encoder.initialize();
  for (const block of document.blocks) renderBlock(encoder, block, columns, qrModuleDots);
  return encoder.cut('partial').encode();
}

function renderBlock(
  encoder: ReceiptPrinterEncoder,
  block: PrintBlock,
  columns: number,
  qrModuleDots: number,
): void {
  switch (block.type) {
    case 'title':
      // Double width and height: the encoder wraps it at half the columns.
      encoder.align('center').size(2, 2);
      printLine(encoder, block.text);
      encoder.size(1, 1).align('left');
      return;
    case 'text':
      encoder.align(block.align ?? 'left').bold(block.bold ?? false);
      if (block.small) encoder.size('small');
      printLine(encoder, block.text);
      if (block.small) encoder.size('normal');
      encoder.bold(false).align('left');
      return;
    case 'row':
      encoder.bold(block.bold ?? false);
      printRow(encoder, printableText(block.label), printableText(block.value), columns);
      encoder.bold(false);
      return;
    case 'rule':
      encoder.codepage(ruleCodePage).rule();
      return;
    case 'mark':
      // Inverted, and between double rules for printers that ignore inversion.
      encoder.codepage(ruleCodePage).rule({ style: 'double' });
      encoder.align('center').bold(true).invert(true).size(1, 2);
      printLine(encoder, ` ${block.text} `);
      encoder.size(1, 1).invert(false).bold(false).align('left');
      encoder.codepage(ruleCodePage).rule({ style: 'double' });
      return;
    case 'qr':
      encoder.align('center');
      // The printer draws the code itself (GS ( k): model 2, error correction M. Data a
      // printer cannot store (not ASCII, or too long) leaves only the caption.
      if (qrDataFits(block.data)) {
        encoder.qrcode(block.data, { model: 2, size: qrModuleDots, errorlevel: 'm' });
      }
      if (block.caption !== undefined) {
        encoder.size('small');
        printLine(encoder, block.caption);
        encoder.size('normal');
      }
      encoder.align('left');
      return;
  }
}

/** Up to 500 printable ASCII characters: an order id or a link, well within any QR version. */
function qrDataFits(data: string): boolean {
  return /^[\x20-\x7e]{1,500}$/.test(data);
}

/** Rules are drawn with box-drawing characters, which cp437 has. */
const ruleCodePage = codePageFor('─═');

function printLine(encoder: ReceiptPrinterEncoder, text: string): void {
  const printable = printableText(text);
  encoder.codepage(codePageFor(printable)).line(printable);
}

/**
 * The label on the left and the value on the right of one line; when both do not fit, the
 * label on its own line(s) and the value right-aligned under it, so no amount is ever cut.
 */
function printRow(
  encoder: ReceiptPrinterEncoder,
  label: string,
  value: string,
  columns: number,
): void {
  const valueWidth = [...value].length;
  if (valueWidth === 0) {
    encoder.codepage(codePageFor(label)).line(label);
  } else if ([...label].length + 1 + valueWidth <= columns) {
    encoder.codepage(codePageFor(label + value)).table(
      [
        { width: columns - valueWidth - 1, align: 'left' },
        { width: valueWidth, align: 'right', marginLeft: 1 },
      ],
      [[label, value]],
    );
  } else {
    encoder.codepage(codePageFor(label)).line(label);
    encoder.align('right').codepage(codePageFor(value)).line(value).align('left');
  }
}
