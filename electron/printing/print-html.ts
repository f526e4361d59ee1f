import { escapeHtml } from '../../shared/escape-html';
import type { PaperKind, PrintBlock, PrintDocument } from '../../shared/printing/print-document';
import {
  LINE_HEIGHT,
  MARK_PADDING_MM,
  MARK_SCALE,
  RULE_SPACE_MM,
  SMALL_SCALE,
  TITLE_SCALE,
  pageHeightMm,
  paperLayouts,
} from './paper-layout';
import { qrSvg } from './qr-svg';

/** No script, no fetch, no font or frame: styles in the page and images drawn inline only. */
export const PRINT_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/**
 * A document as one complete, static HTML page for a paper: the page the till prints through
 * the OS and saves as PDF, and the one the tests print in Chromium. The @page size is the
 * paper's (a roll's length is cut to the content, paper-layout.ts), every measure in mm.
 */
export function printHtml(document: PrintDocument, paper: PaperKind): string {
  const layout = paperLayouts[paper];
  const height = pageHeightMm(document, paper);
  const body = document.blocks.map((block) => blockHtml(block, layout.qrMm)).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${PRINT_PAGE_CSP}">
<title>${escapeHtml(document.title)}</title>
<style>
@page { size: ${layout.widthMm}mm ${height}mm; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; background: #fff; color: #000; }
body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.paper { width: ${layout.widthMm}mm; padding: ${layout.marginMm}mm; }
.column { width: ${layout.columnMm}mm; margin: 0 auto; font-family: "DejaVu Sans Mono", Consolas, "Courier New", monospace; font-size: ${layout.fontMm}mm; line-height: ${LINE_HEIGHT}; overflow-wrap: anywhere; }
.title { font-size: ${TITLE_SCALE}em; font-weight: 700; text-align: center; margin: 0 0 1mm; }
.text { margin: 0; }
.center { text-align: center; }
.bold { font-weight: 700; }
.small { font-size: ${SMALL_SCALE}em; }
.row { display: flex; justify-content: space-between; gap: 2mm; }
.row .value { text-align: right; }
.rule { border: 0; border-top: 0.5mm dashed #000; margin: ${RULE_SPACE_MM}mm 0; }
.mark { margin: ${RULE_SPACE_MM}mm 0; padding: ${MARK_PADDING_MM}mm; background: #000; color: #fff; font-size: ${MARK_SCALE}em; font-weight: 700; text-align: center; letter-spacing: 0.1em; }
.qr { margin: ${RULE_SPACE_MM}mm 0; text-align: center; }
.qr svg { display: block; margin: 0 auto; }
</style>
</head>
<body>
<main class="paper"><div class="column">
${body}
</div></main>
</body>
</html>
`;
}

function blockHtml(block: PrintBlock, qrMm: number): string {
  switch (block.type) {
    case 'title':
      return `<h1 class="title">${escapeHtml(block.text)}</h1>`;
    case 'text': {
      const classes = [
        'text',
        block.align === 'center' ? 'center' : '',
        block.bold ? 'bold' : '',
        block.small ? 'small' : '',
      ]
        .filter(Boolean)
        .join(' ');
      return `<p class="${classes}">${escapeHtml(block.text)}</p>`;
    }
    case 'row':
      return `<div class="row${block.bold ? ' bold' : ''}"><span class="label">${escapeHtml(block.label)}</span><span class="value">${escapeHtml(block.value)}</span></div>`;
    case 'rule':
      return '<hr class="rule">';
    case 'mark':
      return `<div class="mark">${escapeHtml(block.text)}</div>`;
    case 'qr':
      return `<div class="qr">${qrSvg(block.data, qrMm)}${block.caption ? `<div class="small">${escapeHtml(block.caption)}</div>` : ''}</div>`;
  }
}
