import type { PaperKind, PrintBlock, PrintDocument } from '../../shared/printing/print-document';
import { paperWidthMm } from '../../shared/printing/print-document';

/**
 * The measures of each paper, in millimetres: print-html.ts writes its CSS from these, and
 * `pageHeightMm` uses the same numbers to size a roll's page to its content (Chromium cannot
 * print a page of "auto" height: a roll's page is as long as this estimate, which errs long).
 */
export interface PaperLayout {
  widthMm: number;
  /** Cut sheets have a fixed height; a roll's is computed per document. */
  sheetHeightMm: number | null;
  marginMm: number;
  /** Width of the column the blocks are laid in (centred on a sheet). */
  columnMm: number;
  fontMm: number;
  qrMm: number;
}

export const LINE_HEIGHT = 1.3;
export const TITLE_SCALE = 1.5;
export const MARK_SCALE = 1.4;
export const SMALL_SCALE = 0.85;
export const RULE_SPACE_MM = 1.5;
export const MARK_PADDING_MM = 1;
/** Paper fed after the last line, so a tear bar or cutter does not cut through the footer. */
const ROLL_FEED_MM = 8;
/** A monospaced glyph is 0.6 em wide (DejaVu Sans Mono, Consolas, Courier): 0.62 errs wide. */
const GLYPH_WIDTH_EM = 0.62;

export const paperLayouts: Record<PaperKind, PaperLayout> = {
  'roll-58': {
    widthMm: paperWidthMm['roll-58'],
    sheetHeightMm: null,
    marginMm: 3,
    columnMm: 52,
    fontMm: 2.8,
    qrMm: 26,
  },
  'roll-80': {
    widthMm: paperWidthMm['roll-80'],
    sheetHeightMm: null,
    marginMm: 4,
    columnMm: 72,
    fontMm: 3.2,
    qrMm: 32,
  },
  a4: {
    widthMm: paperWidthMm.a4,
    sheetHeightMm: 297,
    marginMm: 20,
    columnMm: 110,
    fontMm: 3.6,
    qrMm: 36,
  },
  letter: {
    widthMm: paperWidthMm.letter,
    sheetHeightMm: 279.4,
    marginMm: 20,
    columnMm: 110,
    fontMm: 3.6,
    qrMm: 36,
  },
};

/** How many glyphs of this size fit on one line of the column. */
function charsPerLine(layout: PaperLayout, scale: number): number {
  return Math.max(8, Math.floor(layout.columnMm / (layout.fontMm * scale * GLYPH_WIDTH_EM)));
}

/** Lines a text takes, counting a word moved whole to the next line as half a line more. */
function linesOf(text: string, perLine: number): number {
  let lines = 0;
  for (const part of text.split('\n'))
    lines += Math.max(1, Math.ceil((part.length * 1.15) / perLine));
  return lines;
}

function blockHeightMm(block: PrintBlock, layout: PaperLayout): number {
  const line = (scale: number) => layout.fontMm * scale * LINE_HEIGHT;
  switch (block.type) {
    case 'title':
      return linesOf(block.text, charsPerLine(layout, TITLE_SCALE)) * line(TITLE_SCALE) + 1;
    case 'text': {
      const scale = block.small ? SMALL_SCALE : 1;
      return linesOf(block.text, charsPerLine(layout, scale)) * line(scale);
    }
    case 'row': {
      const perLine = charsPerLine(layout, 1);
      const oneLine = block.label.length + block.value.length + 2 <= perLine;
      return (
        (oneLine ? 1 : linesOf(block.label, perLine) + linesOf(block.value, perLine)) * line(1)
      );
    }
    case 'rule':
      return RULE_SPACE_MM * 2 + 0.5;
    case 'mark':
      return (
        linesOf(block.text, charsPerLine(layout, MARK_SCALE)) * line(MARK_SCALE) +
        MARK_PADDING_MM * 2 +
        RULE_SPACE_MM * 2
      );
    case 'qr':
      return (
        layout.qrMm +
        RULE_SPACE_MM * 2 +
        (block.caption
          ? linesOf(block.caption, charsPerLine(layout, SMALL_SCALE)) * line(SMALL_SCALE)
          : 0)
      );
  }
}

/** The page height to print a document on: a sheet's own, or a roll cut to the content. */
export function pageHeightMm(document: PrintDocument, paper: PaperKind): number {
  const layout = paperLayouts[paper];
  if (layout.sheetHeightMm !== null) return layout.sheetHeightMm;
  const content = document.blocks.reduce((sum, block) => sum + blockHeightMm(block, layout), 0);
  // A tenth more for the fonts a till has that run wider than the estimate.
  return Math.ceil(content * 1.1 + layout.marginMm * 2 + ROLL_FEED_MM);
}
