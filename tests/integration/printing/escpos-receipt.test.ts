/**
 * A receipt through the real network printer code to a real TCP listener on 127.0.0.1, read
 * back by our own ESC/POS decoder: what would come out of a 58 mm and an 80 mm printer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createNetworkPrinter } from '../../../electron/printing/escpos/network-printer';
import { decodeEscPos, lineDots, type PrintedLine } from '../../support/escpos-decoder';
import {
  startFakeNetworkPrinter,
  type FakeNetworkPrinter,
} from '../../support/fake-network-printer';
import { sampleOrderId, sampleReceipt } from '../../support/escpos-sample-receipt';

let printer: FakeNetworkPrinter | undefined;
afterEach(async () => {
  await printer?.close();
  printer = undefined;
});

const rolls = [
  { paper: 'roll-58', columns: 32, dots: 384 },
  { paper: 'roll-80', columns: 48, dots: 576 },
] as const;

function lineWith(lines: PrintedLine[], text: string): PrintedLine {
  const line = lines.find((candidate) => candidate.text.includes(text));
  if (!line)
    throw new Error(`no printed line holds "${text}":\n${lines.map((l) => l.text).join('\n')}`);
  return line;
}

describe.each(rolls)('a receipt on $paper paper', ({ paper, columns, dots }) => {
  it('prints the shop, reference, amounts, mark and QR code of the order, then cuts', async () => {
    printer = await startFakeNetworkPrinter();
    const networkPrinter = createNetworkPrinter({ host: '127.0.0.1', port: printer.port, paper });

    await networkPrinter.print(sampleReceipt);
    const received = await printer.nextJob();
    const { commands, lines } = decodeEscPos(received);

    // The paper is asked for first, then the printer is reset before the job.
    expect(commands[0]).toEqual({ type: 'paper-status-request' });
    expect(commands[1]).toEqual({ type: 'initialize' });

    const title = lineWith(lines, 'Café');
    expect(title.text.trim()).toBe('Café Müller');
    const titleRun = title.runs.find((run) => run.text.includes('Café'));
    expect(titleRun).toMatchObject({ width: 2, height: 2 });
    // Centred: as many columns of space before as after, give or take one.
    const lead = title.text.length - title.text.trimStart().length;
    const used = lineDots(title) / 12;
    expect(Math.abs(lead - (columns - used))).toBeLessThanOrEqual(1);

    expect(lineWith(lines, 'Receipt').text).toMatch(/^Receipt +7F3K-2QXA$/);
    expect(lineWith(lines, 'Amount').text).toMatch(/^Amount +€12\.50$/);
    const total = lineWith(lines, 'Total');
    expect(total.text).toMatch(/^Total +€12\.50$/);
    expect(total.text).toHaveLength(columns);
    expect(total.runs.find((run) => run.text.includes('Total'))?.bold).toBe(true);

    // Too long for one line: the label wraps and the whole amount stands right-aligned.
    const amount = lineWith(lines, '0.004123456789012345');
    expect(amount.text.trim()).toBe('ETH 0.004123456789012345');
    expect(amount.text).toHaveLength(columns);
    const labelText = lines.map((line) => line.text.trim()).join(' ');
    expect(labelText).toContain('Paid with Ether on the Ethereum network');

    // The CJK sign has no single-byte form: one readable mark, not garbage.
    expect(lineWith(lines, 'branch').text.trim()).toBe('? branch');

    const mark = lineWith(lines, 'COPY');
    expect(mark.runs.find((run) => run.text.includes('COPY'))).toMatchObject({
      invert: true,
      bold: true,
    });

    const qr = commands.filter((command) => command.type.startsWith('qr-'));
    expect(qr).toEqual([
      { type: 'qr-model', model: 2 },
      { type: 'qr-module-size', dots: expect.any(Number) },
      { type: 'qr-error-correction', level: 'M' },
      { type: 'qr-store', data: sampleOrderId },
      { type: 'qr-print' },
    ]);
    expect(lineWith(lines, 'Order 0b9f1c2e').text.trim()).toBe('Order 0b9f1c2e');

    // The cut ends the job; the status question after it is how the till knows it printed.
    expect(commands.slice(-2)).toEqual([
      { type: 'cut', partial: true },
      { type: 'offline-status-request' },
    ]);
    for (const line of lines) expect(lineDots(line)).toBeLessThanOrEqual(dots);
  });
});

describe('text on the roll', () => {
  it('wraps long text at the column count without losing a word', async () => {
    printer = await startFakeNetworkPrinter();
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-58',
    });
    const words =
      'Refunds within thirty days with this receipt and the card or wallet you paid with';
    await networkPrinter.print({
      kind: 'receipt',
      title: 'Wrap',
      blocks: [{ type: 'text', text: words }],
    });
    const { lines } = decodeEscPos(await printer.nextJob());
    const printed = lines.filter((line) => line.text.trim() !== '');
    expect(printed.length).toBeGreaterThan(2);
    for (const line of printed) expect(line.text.length).toBeLessThanOrEqual(32);
    expect(printed.map((line) => line.text.trim()).join(' ')).toBe(words);
  });

  it('sends € in a code page that has it (cp858 or Windows-1252), never as a question mark', async () => {
    printer = await startFakeNetworkPrinter();
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
    });
    await networkPrinter.print({
      kind: 'receipt',
      title: 'Euro',
      blocks: [{ type: 'text', text: '€5' }],
    });
    const received = await printer.nextJob();
    // ESC t 19 then 0xD5 (IBM cp858), or ESC t 16 then 0x80 (Windows-1252): € in either.
    const asHex = received.toString('hex');
    expect(asHex.includes('1b7413d535') || asHex.includes('1b74108035')).toBe(true);
  });
});
