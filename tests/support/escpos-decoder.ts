/**
 * Reads ESC/POS bytes back the way a printer would, for tests: printed lines (text in the
 * selected code page, with the style each run had), the QR code's commands and data, the cut,
 * the initialisation and the status request. It knows only the commands the till uses and
 * throws on any other control byte, so a renderer that starts sending something new fails the
 * tests until this decoder (and a person) has looked at it.
 */
import CodepageEncoder, { type Codepage } from '@point-of-sale/codepage-encoder';

interface TextStyle {
  bold: boolean;
  invert: boolean;
  /** Character width and height multipliers (GS !). */
  width: number;
  height: number;
  font: 'A' | 'B';
}

interface TextRun extends TextStyle {
  text: string;
}

type EscPosCommand =
  | { type: 'initialize' }
  | { type: 'paper-status-request' }
  | { type: 'offline-status-request' }
  | { type: 'code-page'; number: number }
  | { type: 'align'; align: 'left' | 'center' | 'right' }
  | { type: 'qr-model'; model: number }
  | { type: 'qr-module-size'; dots: number }
  | { type: 'qr-error-correction'; level: 'L' | 'M' | 'Q' | 'H' }
  | { type: 'qr-store'; data: string }
  | { type: 'qr-print' }
  | { type: 'cut'; partial: boolean };

export interface PrintedLine {
  text: string;
  runs: TextRun[];
}

export interface DecodedEscPos {
  commands: EscPosCommand[];
  lines: PrintedLine[];
}

/** Epson's ESC t numbers (the table the till's printers share) and the code page each selects. */
const codePageNumbers: Record<number, Codepage> = {
  0: 'cp437',
  1: 'epson/katakana',
  2: 'cp850',
  3: 'cp860',
  4: 'cp863',
  5: 'cp865',
  16: 'windows1252',
  17: 'cp866',
  18: 'cp852',
  19: 'cp858',
};

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const DLE = 0x10;
const LF = 0x0a;

export function decodeEscPos(bytes: Uint8Array): DecodedEscPos {
  const commands: EscPosCommand[] = [];
  const lines: PrintedLine[] = [];
  let style: TextStyle = { bold: false, invert: false, width: 1, height: 1, font: 'A' };
  let table = CodepageEncoder.getCodepoints('cp437', true);
  let runs: TextRun[] = [];
  let index = 0;

  const byteAt = (at: number): number => {
    const value = bytes[at];
    if (value === undefined) throw new Error(`ESC/POS stream ends inside a command at ${at}`);
    return value;
  };
  const addText = (character: string) => {
    const last = runs[runs.length - 1];
    if (last && sameStyle(last, style)) last.text += character;
    else runs.push({ ...style, text: character });
  };
  const endLine = () => {
    lines.push({ text: runs.map((run) => run.text).join(''), runs });
    runs = [];
  };

  while (index < bytes.length) {
    const byte = byteAt(index);
    if (byte >= 0x20) {
      const codePoint = byte < 0x80 ? byte : table[byte];
      if (codePoint === undefined || codePoint === 0xfffd) {
        throw new Error(`byte ${byte} has no character in the selected code page`);
      }
      addText(String.fromCodePoint(codePoint));
      index += 1;
    } else if (byte === LF) {
      endLine();
      index += 1;
    } else if (byte === 0x0d) {
      index += 1;
    } else if (byte === ESC) {
      const command = String.fromCharCode(byteAt(index + 1));
      const n = byteAt(index + 2);
      switch (command) {
        case '@':
          commands.push({ type: 'initialize' });
          style = { bold: false, invert: false, width: 1, height: 1, font: 'A' };
          table = CodepageEncoder.getCodepoints('cp437', true);
          index += 2;
          continue;
        case '2':
          index += 2;
          continue;
        case 'E':
          style = { ...style, bold: (n & 1) === 1 };
          break;
        case 'M':
          style = { ...style, font: n === 1 || n === 0x31 ? 'B' : 'A' };
          break;
        case '3':
        case 'd':
          break;
        case 'a':
          commands.push({
            type: 'align',
            align: (['left', 'center', 'right'] as const)[n % 48] ?? 'left',
          });
          break;
        case 't': {
          const codePage = codePageNumbers[n];
          if (!codePage) throw new Error(`ESC t ${n} selects a code page the till does not use`);
          commands.push({ type: 'code-page', number: n });
          table = CodepageEncoder.getCodepoints(codePage, true);
          break;
        }
        default:
          throw new Error(`unknown ESC ${command} at ${index}`);
      }
      index += 3;
    } else if (byte === GS) {
      const command = String.fromCharCode(byteAt(index + 1));
      if (command === '!') {
        const n = byteAt(index + 2);
        style = { ...style, width: (n >> 4) + 1, height: (n & 0x0f) + 1 };
        index += 3;
      } else if (command === 'B') {
        style = { ...style, invert: (byteAt(index + 2) & 1) === 1 };
        index += 3;
      } else if (command === 'V') {
        const m = byteAt(index + 2);
        commands.push({ type: 'cut', partial: m === 1 || m === 49 || m === 66 });
        index += m >= 65 ? 4 : 3;
      } else if (command === '(' && byteAt(index + 2) === 0x6b) {
        const length = byteAt(index + 3) + byteAt(index + 4) * 256;
        const body = bytes.subarray(index + 5, index + 5 + length);
        if (body.length !== length) throw new Error('GS ( k runs past the end of the stream');
        commands.push(qrCommand(body));
        index += 5 + length;
      } else {
        throw new Error(`unknown GS ${command} at ${index}`);
      }
    } else if (byte === FS && byteAt(index + 1) === 0x2e) {
      // FS . : leave Kanji mode (single-byte code pages from here on).
      index += 2;
    } else if (byte === DLE && byteAt(index + 1) === 0x04) {
      const n = byteAt(index + 2);
      if (n !== 4 && n !== 2) throw new Error('only DLE EOT 4 and DLE EOT 2 are expected');
      commands.push({ type: n === 4 ? 'paper-status-request' : 'offline-status-request' });
      index += 3;
    } else {
      throw new Error(`unknown control byte ${byte} at ${index}`);
    }
  }
  if (runs.length > 0) endLine();
  return { commands, lines };
}

function qrCommand(body: Uint8Array): EscPosCommand {
  const [cn, fn, first] = body;
  if (cn !== 49) throw new Error(`GS ( k for symbol ${cn}, not QR`);
  switch (fn) {
    case 65:
      return { type: 'qr-model', model: (first ?? 0) - 48 };
    case 67:
      return { type: 'qr-module-size', dots: first ?? 0 };
    case 69: {
      const level = (['L', 'M', 'Q', 'H'] as const)[(first ?? 0) - 48];
      if (!level) throw new Error('unknown QR error correction level');
      return { type: 'qr-error-correction', level };
    }
    case 80:
      return { type: 'qr-store', data: Buffer.from(body.subarray(3)).toString('latin1') };
    case 81:
      return { type: 'qr-print' };
    default:
      throw new Error(`unknown QR function ${fn}`);
  }
}

function sameStyle(a: TextStyle, b: TextStyle): boolean {
  return (
    a.bold === b.bold &&
    a.invert === b.invert &&
    a.width === b.width &&
    a.height === b.height &&
    a.font === b.font
  );
}

/** How many dots wide a line prints: font A characters are 12 dots, font B 9, times the width. */
export function lineDots(line: PrintedLine): number {
  return line.runs.reduce(
    (total, run) => total + [...run.text].length * (run.font === 'A' ? 12 : 9) * run.width,
    0,
  );
}
