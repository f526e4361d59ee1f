import { describe, expect, it } from 'vitest';
import { paperKinds, type PrintDocument } from '../../../shared/printing/print-document';
import { pageHeightMm } from '../../../electron/printing/paper-layout';
import { PRINT_PAGE_CSP, printHtml } from '../../../electron/printing/print-html';
import { receiptDocument } from '../../../electron/printing/receipt-document';
import { receiptFacts } from '../../support/receipt-fixtures';

const hostile: PrintDocument = {
  kind: 'receipt',
  title: '</title><script>alert(1)</script>',
  blocks: [
    { type: 'title', text: '<img src=x onerror=alert(1)>' },
    { type: 'text', text: 'a & b "quoted" \'single\'' },
    { type: 'row', label: '<b>', value: '</span><script>x</script>' },
    { type: 'mark', text: '<style>*{display:none}</style>' },
    { type: 'qr', data: '"><script>1</script>', caption: '<iframe>' },
  ],
};

describe('printHtml', () => {
  it('is a static page: the strict CSP, no script, no tag from any text', () => {
    for (const paper of paperKinds) {
      const html = printHtml(hostile, paper);
      expect(html).toContain(
        `<meta http-equiv="Content-Security-Policy" content="${PRINT_PAGE_CSP}">`,
      );
      expect(PRINT_PAGE_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
      expect(html).not.toMatch(/<script|<img|<iframe|<style>\*/i);
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(html).toContain('a &amp; b &quot;quoted&quot; &#39;single&#39;');
    }
  });

  it('sets the page to the paper: a roll its width and a length cut to the content, a sheet its size', () => {
    const receipt = receiptDocument(receiptFacts());
    const rollLength = pageHeightMm(receipt, 'roll-80');
    expect(printHtml(receipt, 'roll-80')).toContain(
      `@page { size: 80mm ${rollLength}mm; margin: 0; }`,
    );
    expect(printHtml(receipt, 'roll-58')).toContain('@page { size: 58mm ');
    expect(printHtml(receipt, 'a4')).toContain('@page { size: 210mm 297mm; margin: 0; }');
    expect(printHtml(receipt, 'letter')).toContain('@page { size: 215.9mm 279.4mm; margin: 0; }');
    // A longer receipt is a longer roll.
    const longer = { ...receipt, blocks: [...receipt.blocks, ...receipt.blocks] };
    expect(pageHeightMm(longer, 'roll-80')).toBeGreaterThan(rollLength);
  });

  it('draws the QR code inline as SVG', () => {
    const html = printHtml(receiptDocument(receiptFacts()), 'roll-80');
    expect(html).toMatch(
      /<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+" width="32mm"/,
    );
  });
});
