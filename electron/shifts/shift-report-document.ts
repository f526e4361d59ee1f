import type { PrintBlock, PrintDocument } from '../../shared/printing/print-document';
import {
  reportMark,
  reportTitle,
  shiftReportSections,
  type ShiftReportSource,
  type ShiftReportWordsOptions,
} from '../../shared/shifts/shift-report-sections';

export interface ShiftReportDocumentOptions extends ShiftReportWordsOptions {
  /** The shop's name, printed under the title when set. */
  shopName?: string;
}

/**
 * An X report (zNumber null, made now) or a Z report (as stored, staff named as it names
 * them) as a document to print. Pure: the same sections and words as the Shift screen
 * (shared/shifts/shift-report-sections.ts), laid out as title, the X/Z mark, and one block of
 * rows per section between rules. Printing it is the printer's concern.
 */
export function shiftReportDocument(
  view: ShiftReportSource,
  options: ShiftReportDocumentOptions,
): PrintDocument {
  const title = reportTitle(view);
  const blocks: PrintBlock[] = [{ type: 'title', text: title }];
  const shopName = options.shopName?.trim();
  if (shopName) blocks.push({ type: 'text', text: shopName, align: 'center' });
  blocks.push({ type: 'mark', text: reportMark(view) });
  for (const section of shiftReportSections(view, options)) {
    blocks.push({ type: 'rule' });
    blocks.push({ type: 'text', text: section.heading, bold: true });
    for (const row of section.rows) {
      blocks.push({
        type: 'row',
        label: row.label,
        value: row.value,
        ...(row.bold ? { bold: true } : {}),
      });
    }
  }
  if (view.zNumber === null) {
    blocks.push({ type: 'rule' });
    blocks.push({
      type: 'text',
      text: 'The shift is still open: these figures will change until it is closed.',
      small: true,
    });
  }
  return {
    kind: view.zNumber === null ? 'x-report' : 'z-report',
    title: `${title} — shift ${view.report.shiftId}`,
    blocks,
  };
}
