import { describe, expect, it } from 'vitest';
import {
  NO_CONTROL_CHARACTERS,
  PRINTABLE_TRIMMED,
  RECEIPT_LINES,
} from '../../../../shared/settings/text-rules';
import { itMatchesEach, itMatchesNoneOf } from './setting-checks';

// shared/settings/text-rules.ts: the text patterns several settings share, each with what it
// takes, what it refuses, junk before and after (each ^ and $), and its limits at N-1, N, N+1.

/** Characters no text setting may hold: C0 and C1 controls, DEL, format characters, U+2028/9. */
const CONTROLS = [
  '\u0000',
  '\u0007',
  '\t',
  '\r',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
  '\u00ad',
  '\u200b',
  '\u200e',
  '\u202e',
  '\u2066',
  '\ufeff',
  '\u2028',
  '\u2029',
];

describe('PRINTABLE_TRIMMED (a serial, an asset symbol)', () => {
  itMatchesEach(PRINTABLE_TRIMMED, [
    ['nothing', ''],
    ['one character', 'a'],
    ['the first printable character', '!'],
    ['the last printable character', '~'],
    ['two characters', 'ab'],
    ['many characters', 'TILL-0042'],
    ['inner spaces', 'TILL 00 42'],
    [
      'every printable character',
      String.fromCharCode(...Array.from({ length: 94 }, (_, i) => 0x21 + i)),
    ],
  ]);

  itMatchesNoneOf(PRINTABLE_TRIMMED, [
    ['a space alone', ' '],
    ['a space before', ' TILL'],
    ['a space after', 'TILL '],
    ['a space before one character', ' a'],
    ['a newline before', '\nTILL'],
    ['a newline after', 'TILL\n'],
    ['a newline inside', 'TILL\n42'],
    ['a tab inside', 'TILL\t42'],
    ['DEL', 'TILL\u007f'],
    ['a unit separator', '\u001fTILL'],
    ['a non-ASCII letter', 'TÏLL'],
    ['a non-breaking space inside', 'TILL\u00a042'],
  ]);
});

describe('NO_CONTROL_CHARACTERS (a shop name, a tax id, a manager name)', () => {
  itMatchesEach(NO_CONTROL_CHARACTERS, [
    ['nothing', ''],
    ['one letter', 'a'],
    ['two letters', 'ab'],
    ['any script and punctuation', 'Café Zürich – Bahnhof 東京 🙂'],
    ['spaces, also at either end', ' Shop '],
  ]);

  it.each(CONTROLS.map((control) => [control.codePointAt(0)!.toString(16), control]))(
    'refuses U+%s before, inside, after and alone',
    (_code, control) => {
      expect(NO_CONTROL_CHARACTERS.test(`${control}Shop`)).toBe(false);
      expect(NO_CONTROL_CHARACTERS.test(`Sh${control}op`)).toBe(false);
      expect(NO_CONTROL_CHARACTERS.test(`Shop${control}`)).toBe(false);
      expect(NO_CONTROL_CHARACTERS.test(control)).toBe(false);
    },
  );

  it('refuses a newline, whatever stands around it', () => {
    expect(NO_CONTROL_CHARACTERS.test('Shop\n')).toBe(false);
    expect(NO_CONTROL_CHARACTERS.test('\nShop')).toBe(false);
  });
});

describe('RECEIPT_LINES (a shop address, a receipt footer)', () => {
  const line = (length: number) => 'x'.repeat(length);

  itMatchesEach(RECEIPT_LINES, [
    ['nothing', ''],
    ['one line', 'Thank you!'],
    ['a line of 59 characters', line(59)],
    ['a line of 60 characters', line(60)],
    ['two lines', 'Torstraße 12\n10119 Berlin'],
    ['four lines of 60', [line(60), line(60), line(60), line(60)].join('\n')],
    ['four empty lines', '\n\n\n'],
    ['an empty line between two', 'a\n\nb'],
    ['an empty last line', 'a\n'],
    ['an empty first line', '\na'],
    ['any script', 'Café 東京\nDanke 🙂'],
  ]);

  itMatchesNoneOf(RECEIPT_LINES, [
    ['a line of 61 characters', line(61)],
    ['a second line of 61', `a\n${line(61)}`],
    ['a fourth line of 61', `a\nb\nc\n${line(61)}`],
    ['five lines', 'a\nb\nc\nd\ne'],
    ['five empty lines', '\n\n\n\n'],
    ['a Windows line break', 'Torstraße 12\r\n10119 Berlin'],
    ['a line separator', 'Torstraße 12\u202810119 Berlin'],
    ['a paragraph separator', 'Torstraße 12\u202910119 Berlin'],
    ['a tab', 'Torstraße\t12'],
    ['a bell before', '\u0007Thank you'],
    ['a bell after', 'Thank you\u0007'],
    ['a control character after the last line', 'a\nb\u0000'],
    ['a control character in a later line', 'a\nb\u0000c'],
    ['a bidi override', 'Thank \u202eyou'],
  ]);
});
