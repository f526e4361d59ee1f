/**
 * The network printer against printers that misbehave, over real TCP on 127.0.0.1: each fault
 * ends in one outcome (not printed: nothing reached the printer; unknown: it may be on paper)
 * with words for the cashier, and a slow printer, or one that stalls and then reads, still
 * prints, confirmed by its status answer after the job. Some deadlines here are real but
 * short; the fake printer's slowness is its own, not a test sleep.
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

    expect(failure).toMatchObject({ kind: 'refused', outcome: 'not-printed' });
    expect(failure.message).toBe(`The printer at 127.0.0.1:${port} refused the connection.`);
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

    expect(failure).toMatchObject({ kind: 'unreachable', outcome: 'not-printed' });
    expect(failure.message).toBe(`The printer at 127.0.0.1:${printer.port} does not answer.`);
  });

  // The whole job fits in the connection's buffers: handed over, never read, never confirmed.
  it('does not know whether it printed when the printer accepts the connection and never reads', async () => {
    printer = await startFakeNetworkPrinter({ mode: 'stall' });
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
      statusTimeoutMs: 100,
      jobTimeoutMs: 700,
    });

    const failure = await failureOf(networkPrinter.print(longReceipt));

    expect(failure).toMatchObject({ kind: 'unconfirmed', outcome: 'unknown' });
    expect(failure.message).toBe(
      `The printer at 127.0.0.1:${printer.port} did not confirm it printed.`,
    );
    expect(failure.action).toBe('Check the paper before you print again: a new print says COPY.');
  });

  it('does not know whether it printed when the printer resets in the middle of a job', async () => {
    printer = await startFakeNetworkPrinter({ mode: 'reset-mid-job' });
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-58',
    });

    const failure = await failureOf(networkPrinter.print(longReceipt));

    expect(failure).toMatchObject({ kind: 'closed', outcome: 'unknown' });
    expect(failure.message).toBe(
      `The printer at 127.0.0.1:${printer.port} hung up before confirming it printed.`,
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
    expect(commands.slice(-2)).toEqual([
      { type: 'cut', partial: true },
      { type: 'offline-status-request' },
    ]);
  });

  it('sends nothing and says so when the printer reports it is out of paper', async () => {
    printer = await startFakeNetworkPrinter({ paperStatus: 0x72 });
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
    });

    const failure = await failureOf(networkPrinter.print(sampleReceipt));

    expect(failure).toMatchObject({ kind: 'paper-out', outcome: 'not-printed' });
    expect(failure.message).toBe(`The printer at 127.0.0.1:${printer.port} is out of paper.`);
    const { commands, lines } = decodeEscPos(await printer.nextJob());
    expect(commands).toEqual([{ type: 'paper-status-request' }]);
    expect(lines).toEqual([]);
  });

  it('prints anyway when the printer does not answer the paper question, confirmed by the second answer after the job', async () => {
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
    expect(commands.slice(-3)).toEqual([
      { type: 'cut', partial: true },
      { type: 'offline-status-request' },
      { type: 'offline-status-request' },
    ]);
    expect(printer.answered()).toEqual([
      [2, 0x12],
      [2, 0x12],
    ]);
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

  it('never says printed when the printer reads 203 bytes of the job and hangs up', async () => {
    printer = await startFakeNetworkPrinter({ mode: 'half-read-then-close', readBytes: 203 });
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
    });

    const failure = await failureOf(networkPrinter.print(sampleReceipt));

    expect(failure).toMatchObject({ kind: 'closed', outcome: 'unknown' });
    expect(failure.message).toBe(
      `The printer at 127.0.0.1:${printer.port} hung up before confirming it printed.`,
    );
    // The paper question and 203 bytes of the job: the printer never saw the status question.
    expect(await printer.nextJob()).toHaveLength(3 + 203);
    expect(printer.answered()).toEqual([[4, 0x12]]);
  });

  it('does not know whether it printed when the printer reads it all and neither answers nor closes', async () => {
    printer = await startFakeNetworkPrinter({ mode: 'read-all-never-close' });
    const clock = new ManualClock();
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
      clock,
    });

    const job = networkPrinter.print(sampleReceipt);
    // The printer has read the status question: every byte of the job reached it.
    await expect.poll(() => printer!.asked()).toEqual([4, 2]);
    clock.advance(20_000);
    const failure = await failureOf(job);

    expect(failure).toMatchObject({
      kind: 'unconfirmed',
      outcome: 'unknown',
      detail: 'not finished in 20000 ms while confirming',
    });
    expect(printer.answered()).toEqual([[4, 0x12]]);
  });

  it('prints on a printer that stalls, then reads everything and answers, before the deadline', async () => {
    printer = await startFakeNetworkPrinter({ mode: 'stall-then-read' });
    const clock = new ManualClock();
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
      clock,
    });

    const job = networkPrinter.print(sampleReceipt);
    // Connected, the paper question asked and not read: the till sends the job after 500 ms.
    await clock.armed((atMs) => atMs === clock.now() + 500);
    clock.advance(500);
    clock.advance(10_000);
    printer.release();
    await job;

    // Answered late, the paper question's answer is never taken for the job's.
    expect(printer.answered()).toEqual([
      [4, 0x12],
      [2, 0x12],
      [2, 0x12],
    ]);
  });

  it('does not know whether it printed when the printer runs out of paper in the middle of the job', async () => {
    printer = await startFakeNetworkPrinter({ mode: 'paper-out-mid-job' });
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
    });

    const failure = await failureOf(networkPrinter.print(longReceipt));

    expect(failure).toMatchObject({ kind: 'paper-out', outcome: 'unknown' });
    expect(failure.message).toBe(
      `The printer at 127.0.0.1:${printer.port} ran out of paper part way through.`,
    );
    expect(failure.action).toBe(
      'Put in a new roll and check the paper before you print again: a new print says COPY.',
    );
  });

  it.each([
    [0x16, 'cover-open', 'says its cover is open.'],
    [0x52, 'printer-error', 'reports an error.'],
  ] as const)(
    'does not know whether it printed when the status after the job is 0x%s',
    async (offlineStatus, kind, words) => {
      printer = await startFakeNetworkPrinter({ offlineStatus });
      const networkPrinter = createNetworkPrinter({
        host: '127.0.0.1',
        port: printer.port,
        paper: 'roll-80',
      });

      const failure = await failureOf(networkPrinter.print(sampleReceipt));

      expect(failure).toMatchObject({ kind, outcome: 'unknown' });
      expect(failure.message).toBe(`The printer at 127.0.0.1:${printer.port} ${words}`);
    },
  );
});
