import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import type { Browser } from 'playwright';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaperKind } from '../../../shared/printing/print-document';
import { printHtml } from '../../../electron/printing/print-html';
import { receiptDocument } from '../../../electron/printing/receipt-document';
import { launchChromium } from '../../support/browser';
import { paidOrder, receiptFacts } from '../../support/receipt-fixtures';

/**
 * The receipt's HTML, printed to PDF by Debian's Chromium honouring the page's own CSS size (as
 * the app prints it), then read back with poppler: every field is in the text, a roll's page
 * is the roll's width, and the order id's QR code, rasterised at 300 dpi, decodes to the id.
 */
const MM_PER_POINT = 25.4 / 72;
const late = receiptFacts({
  order: paidOrder({ state: 'paid-after-all' }),
  copy: true,
});
const fields = [
  'Café Lumen',
  'Torstraße 12',
  '10119 Berlin',
  'Tax id: DE123456789',
  '2026-11-25 09:14:03',
  'POS-0042',
  '7F3K-2QXA',
  'Ana',
  'QR code',
  '€12.00',
  '€0.30',
  '€12.30',
  '13.331666 USDT',
  'Ethereum',
  '1 USDT = €0.9226',
  'Thank you for your visit!',
  'COPY',
  'PAID LATE',
];

let browser: Browser;
let dir: string;

beforeAll(async () => {
  browser = await launchChromium();
  dir = mkdtempSync(join(tmpdir(), 'receipt-pdf-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function printedPdf(paper: PaperKind): Promise<string> {
  const page = await browser.newPage();
  try {
    await page.setContent(printHtml(receiptDocument(late), paper));
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const file = join(dir, `${paper}.pdf`);
    writeFileSync(file, pdf);
    return file;
  } finally {
    await page.close();
  }
}

function pdfInfo(file: string): { pages: number; widthMm: number; heightMm: number } {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  const pages = /Pages:\s+(\d+)/.exec(info);
  if (!size || !pages) throw new Error(`pdfinfo said: ${info}`);
  return {
    pages: Number(pages[1]),
    widthMm: Number(size[1]) * MM_PER_POINT,
    heightMm: Number(size[2]) * MM_PER_POINT,
  };
}

function decodeQr(file: string): string | null {
  const prefix = join(dir, 'page');
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '300',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    prefix,
  ]);
  const png = PNG.sync.read(readFileSync(`${prefix}.png`));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

describe.each([
  ['roll-58', 58],
  ['roll-80', 80],
  ['a4', 210],
] as const)('a receipt printed on %s', (paper, widthMm) => {
  it('holds every field, is the paper wide, fits one page and its QR code reads as the order id', async () => {
    const file = await printedPdf(paper);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const field of fields) expect(text, field).toContain(field);

    const info = pdfInfo(file);
    expect(info.pages).toBe(1);
    expect(info.widthMm).toBeCloseTo(widthMm, 0);
    if (paper === 'a4') expect(info.heightMm).toBeCloseTo(297, 0);
    else expect(info.heightMm).toBeLessThan(260);

    expect(decodeQr(file)).toBe(late.order.orderId);
  });
});
