/**
 * The network printer against printers that misbehave, over real TCP on 127.0.0.1: each fault
 * ends in one kind of failure with words for the cashier, and a slow printer still prints.
 * Deadlines here are real but short; the fake printer's slowness is its own, not a test sleep.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PrintDocument } from '../../../shared/printing/print-document';
import { createNetworkPrinter } from '../../../electron/printing/escpos/network-printer';
import { PrintFailure } from '../../../electron/printing/print-failure';
import { decodeEscPos } from '../../support/escpos-decoder';
import {
  closedLoopbackPort,
  startFakeNetworkPrinter,
  type FakeNetworkPrinter,
} from '../../support/fake-network-printer';
import { sampleReceipt } from '../../support/escpos-sample-receipt';
import { ManualClock } from '../../support/manual-clock';

let printer: FakeNetworkPrinter | undefined;
afterEach(async () => {
  await printer?.close();
  printer = undefined;
});

async function failureOf(job: Promise<void>): Promise<PrintFailure> {
  const error = await job.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof PrintFailure))
    throw new Error(`expected a PrintFailure, got ${String(error)}`);
  return error;
}

/** A receipt long enough to take many socket writes (about 40 KB on an 80 mm roll). */
const longReceipt: PrintDocument = {
  kind: 'z-report',
  title: 'Z report 12',
  blocks: [
    { type: 'title', text: 'Z report 12' },
    ...Array.from({ length: 800 }, (_, index) => ({
      type: 'row' as const,
      label: `Order ${String(index + 1).padStart(4, '0')}`,
      value: `€${index}.50`,
    })),
    { type: 'text', text: 'End of report' },
  ],
};

describe('a network printer that misbehaves', () => {
  it('says the printer refused when nothing listens at its port', async () => {
    const port = await closedLoopbackPort();
    const networkPrinter = createNetworkPrinter({ host: '127.0.0.1', port, paper: 'roll-80' });

    const failure = await failureOf(networkPrinter.print(sampleReceipt));

    expect(failure.kind).toBe('refused');
    expect(failure.message).toBe(
      `The printer at 127.0.0.1:${port} refused the connection: check the printer's address and port in Settings (usually 9100) and that the printer is on.`,
    );
  });

  it('says the printer does not answer when no connection is made within the connect timeout', async () => {
    printer = await startFakeNetworkPrinter();
    const clock = new ManualClock();
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
      connectTimeoutMs: 3000,
      clock,
    });

    // The connection cannot complete before the test yields: the timeout comes first.
    const job = networkPrinter.print(sampleReceipt);
    clock.advance(3000);
    const failure = await failureOf(job);

    expect(failure.kind).toBe('unreachable');
    expect(failure.message).toBe(
      `The printer at 127.0.0.1:${printer.port} does not answer: check it is on and on the network.`,
    );
  });

  it('gives up with words when the printer accepts the connection and never reads', async () => {
    printer = await startFakeNetworkPrinter({ mode: 'stall' });
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
      statusTimeoutMs: 100,
      jobTimeoutMs: 700,
    });

    const failure = await failureOf(networkPrinter.print(longReceipt));

    expect(failure.kind).toBe('stalled');
    expect(failure.message).toBe(
      `The printer at 127.0.0.1:${printer.port} took the receipt but did not finish it in time: check paper and cover, then reprint.`,
    );
  });

  it('says the printer closed the connection when it resets in the middle of a job', async () => {
    printer = await startFakeNetworkPrinter({ mode: 'reset-mid-job' });
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-58',
    });

    const failure = await failureOf(networkPrinter.print(longReceipt));

    expect(failure.kind).toBe('closed');
    expect(failure.message).toBe(
      'The printer closed the connection while printing: check paper and cover, then reprint.',
    );
  });

  it('prints the whole job on a printer that reads slowly but within the deadline', async () => {
    printer = await startFakeNetworkPrinter({ mode: 'slow', slowMs: 40 });
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
      jobTimeoutMs: 10_000,
    });

    await networkPrinter.print(longReceipt);

    const { lines, commands } = decodeEscPos(await printer.nextJob());
    expect(lines.filter((line) => line.text.startsWith('Order '))).toHaveLength(800);
    expect(lines.some((line) => line.text === 'End of report')).toBe(true);
    expect(commands.at(-1)).toEqual({ type: 'cut', partial: true });
  });

  it('sends nothing and says so when the printer reports it is out of paper', async () => {
    printer = await startFakeNetworkPrinter({ paperStatus: 0x72 });
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
    });

    const failure = await failureOf(networkPrinter.print(sampleReceipt));

    expect(failure.kind).toBe('paper-out');
    expect(failure.message).toBe(
      `The printer at 127.0.0.1:${printer.port} is out of paper: put in a new roll, then reprint.`,
    );
    const { commands, lines } = decodeEscPos(await printer.nextJob());
    expect(commands).toEqual([{ type: 'paper-status-request' }]);
    expect(lines).toEqual([]);
  });

  it('prints anyway when the printer does not answer the paper question', async () => {
    printer = await startFakeNetworkPrinter({ paperStatus: 'silent' });
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
      statusTimeoutMs: 150,
    });

    await networkPrinter.print(sampleReceipt);

    const { commands } = decodeEscPos(await printer.nextJob());
    expect(commands.slice(0, 2)).toEqual([
      { type: 'paper-status-request' },
      { type: 'initialize' },
    ]);
    expect(commands.at(-1)).toEqual({ type: 'cut', partial: true });
  });

  it('refuses an address that is not a plain host without opening any connection', async () => {
    printer = await startFakeNetworkPrinter();
    const networkPrinter = createNetworkPrinter({
      host: `127.0.0.1/${printer.port}`,
      port: printer.port,
      paper: 'roll-80',
    });

    const failure = await failureOf(networkPrinter.print(sampleReceipt));

    expect(failure.kind).toBe('printer-error');
    expect(failure.message).toMatch(/address in Settings is not valid/);
    expect(printer.connections()).toBe(0);
  });
});
