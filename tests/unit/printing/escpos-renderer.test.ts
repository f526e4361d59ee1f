import { describe, expect, it } from 'vitest';
import type { PrintBlock } from '../../../shared/printing/print-document';
import { renderEscPos } from '../../../electron/printing/escpos/escpos-renderer';
import { decodeEscPos, lineDots } from '../../support/escpos-decoder';

const render = (blocks: PrintBlock[], paper: 'roll-58' | 'roll-80' = 'roll-58') =>
  decodeEscPos(renderEscPos({ kind: 'receipt', title: 'Test', blocks }, paper));

describe('the ESC/POS renderer', () => {
  it('wraps a long title in double size within the roll', () => {
    const { lines } = render([
      { type: 'title', text: 'The Very Long Name of a Coffee and Cake Shop' },
    ]);
    const titleLines = lines.filter((line) => line.runs.some((run) => run.width === 2));
    expect(titleLines.length).toBeGreaterThan(1);
    for (const line of titleLines) expect(lineDots(line)).toBeLessThanOrEqual(384);
    expect(titleLines.map((line) => line.text.trim()).join(' ')).toBe(
      'The Very Long Name of a Coffee and Cake Shop',
    );
  });

  it('prints a row without a value as its label alone', () => {
    const { lines } = render([{ type: 'row', label: 'Items', value: '' }]);
    expect(lines.map((line) => line.text)).toContain('Items');
  });

  it('turns no text into a command: control bytes in a shop name are dropped', () => {
    const { commands, lines } = render([
      { type: 'title', text: 'Shop\u001b@\u001dV\u0000\u0010\u0014\u0001Name' },
      { type: 'row', label: 'A\u001bpB', value: '\u001bp\u0000\u0019\u00fa' },
    ]);
    expect(commands.filter((command) => command.type === 'initialize')).toHaveLength(1);
    expect(commands.filter((command) => command.type === 'cut')).toHaveLength(1);
    expect(lines.map((line) => line.text.trim())).toContain('Shop@VName');
  });

  it('leaves out a QR code the printer could not store, and keeps its caption', () => {
    const { commands, lines } = render([
      { type: 'qr', data: 'x'.repeat(501), caption: 'Order 1' },
      { type: 'qr', data: 'Bestellung Nr. ü', caption: 'Order 2' },
    ]);
    expect(commands.some((command) => command.type === 'qr-store')).toBe(false);
    expect(lines.map((line) => line.text.trim())).toEqual(
      expect.arrayContaining(['Order 1', 'Order 2']),
    );
  });

  it('prints a mark inverted and bold between double rules', () => {
    const { lines } = render([{ type: 'mark', text: 'VOID' }], 'roll-80');
    const at = lines.findIndex((line) => line.text.includes('VOID'));
    expect(lines[at - 1]?.text).toBe('═'.repeat(48));
    expect(lines[at + 1]?.text).toBe('═'.repeat(48));
    expect(lines[at]?.runs.find((run) => run.text.includes('VOID'))).toMatchObject({
      invert: true,
      bold: true,
      height: 2,
    });
  });
});
