import { describe, expect, it } from 'vitest';
import { codePageFor, printableText } from '../../../electron/printing/escpos/code-pages';
import { renderEscPos } from '../../../electron/printing/escpos/escpos-renderer';
import { decodeEscPos } from '../../support/escpos-decoder';

describe('printable text for an ESC/POS printer', () => {
  it.each([
    ['Café Müller', 'Café Müller'],
    ['€12.50 · £3 · ¥500', '€12.50 · £3 · ¥500'],
    ['Łódź, Praha, Москва', 'Łódź, Praha, Москва'],
    ['Ξ0.0041', 'ETH 0.0041'],
    ['0.0041 Ξ', '0.0041 ETH'],
    ['5₿', '5 BTC'],
    ['Bucureș​ti', 'Bucuresti'],
    ['“Quoted” – done…', '“Quoted” – done…'],
    ['10 ₹ or 3 ₺', '10 INR or 3 TRY'],
    ['東京 Coffee', '? Coffee'],
    ['珈琲館', '?'],
    ['Tea 🍵 time', 'Tea ? time'],
  ])('prints %j as %j', (text, printed) => {
    expect(printableText(text)).toBe(printed);
  });

  it('never lets a control or format character through, so text cannot become a command', () => {
    // ESC @ (reset), GS V (cut), DLE EOT, a bidi override and a zero-width space.
    expect(printableText('Shop\u001b@\u001dV\u0000\u0010\u0004\u202eName\u200b')).toBe(
      'Shop@VName',
    );
    expect(printableText('two\nlines\tand\rtabs')).toBe('two lines and tabs');
  });

  it('picks one code page per line, and the cheapest that has every character', () => {
    expect(codePageFor('Total 12.50')).toBe('cp437');
    expect(codePageFor('€12.50')).toBe('cp858');
    expect(codePageFor('Москва')).toBe('cp866');
    expect(codePageFor('Łódź')).toBe('cp852');
    expect(codePageFor('Москва €')).toBe('auto');
  });

  it('reads back as written when one line needs two code pages', () => {
    const bytes = renderEscPos(
      { kind: 'receipt', title: 'Mixed', blocks: [{ type: 'text', text: 'Москва €5' }] },
      'roll-80',
    );
    const { lines, commands } = decodeEscPos(bytes);
    expect(lines.map((line) => line.text)).toContain('Москва €5');
    expect(commands.filter((command) => command.type === 'code-page').length).toBeGreaterThan(1);
  });
});
