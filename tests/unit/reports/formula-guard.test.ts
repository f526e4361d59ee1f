import { describe, expect, it } from 'vitest';
import { formulaSafe } from '../../../electron/reports/formula-guard';

describe('formulaSafe: no CSV cell a spreadsheet would run', () => {
  it('prefixes text that starts like a formula with a quote', () => {
    for (const hostile of [
      '=HYPERLINK("http://x")',
      '+1+2',
      '-2+3',
      '@SUM(A1)',
      '\tcmd',
      '\rcmd',
    ]) {
      expect(formulaSafe(hostile, false)).toBe(`'${hostile}`);
    }
  });

  it('leaves ordinary text alone', () => {
    for (const text of ['USDT', 'ETHEREUM', 'a=b', 'K7M-Q4X', '', "'quoted"]) {
      expect(formulaSafe(text, false)).toBe(text);
    }
  });

  it('keeps plain decimals in numeric columns as numbers, and guards anything else there', () => {
    expect(formulaSafe('-1.50', true)).toBe('-1.50');
    expect(formulaSafe('12.5', true)).toBe('12.5');
    expect(formulaSafe('-1+cmd', true)).toBe("'-1+cmd");
    expect(formulaSafe('-1.50', false)).toBe("'-1.50");
  });
});
