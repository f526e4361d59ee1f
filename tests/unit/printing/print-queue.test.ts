import { describe, expect, it } from 'vitest';
import type { PrintDocument } from '../../../shared/printing/print-document';
import type { Logger } from '../../../electron/logging/logger';
import { PrintFailure } from '../../../electron/printing/print-failure';
import type { PrinterPort } from '../../../electron/printing/printer-port';
import {
  createPrintQueue,
  type PrintJob,
  type PrintOutcome,
} from '../../../electron/printing/print-queue';
import { ManualClock } from '../../support/manual-clock';

/** A printer whose jobs finish only when the test says so. */
class HeldPrinter implements PrinterPort {
  readonly printed: PrintDocument[] = [];
  private held: { resolve: () => void; reject: (error: unknown) => void }[] = [];

  print(document: PrintDocument): Promise<void> {
    this.printed.push(document);
    return new Promise((resolve, reject) => this.held.push({ resolve, reject }));
  }

  finish(): void {
    this.next().resolve();
  }

  fail(error: unknown): void {
    this.next().reject(error);
  }

  private next() {
    const job = this.held.shift();
    if (!job) throw new Error('no job is printing');
    return job;
  }
}

const receipt = (title: string): PrintDocument => ({
  kind: 'receipt',
  title,
  blocks: [{ type: 'text', text: `secret-looking text of ${title}` }],
});

/** Lets settled promises run their callbacks; no time passes. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function rig(timeoutMs = 30_000) {
  const clock = new ManualClock();
  const outcomes: PrintOutcome[] = [];
  const logLines: string[] = [];
  const record = (message: string, fields?: object) =>
    logLines.push(`${message} ${JSON.stringify(fields ?? {})}`);
  const logger: Logger = { info: record, warn: record, error: record };
  const queue = createPrintQueue({
    clock,
    timeoutMs,
    logger,
    onOutcome: (outcome) => outcomes.push(outcome),
  });
  const job = (id: string, printer: PrinterPort): PrintJob => ({
    id,
    document: receipt(id),
    printer,
  });
  return { clock, outcomes, logLines, queue, job };
}

describe('the print queue', () => {
  it('tells the screen a job is printing, then printed', async () => {
    const { queue, outcomes, job } = rig();
    const printer = new HeldPrinter();

    queue.enqueue(job('a', printer));
    expect(outcomes).toEqual([{ jobId: 'a', status: 'printing' }]);
    printer.finish();
    await settle();

    expect(outcomes).toEqual([
      { jobId: 'a', status: 'printing' },
      { jobId: 'a', status: 'printed' },
    ]);
  });

  it('prints one job at a time per printer, and printers side by side', async () => {
    const { queue, job } = rig();
    const counter = new HeldPrinter();
    const kitchen = new HeldPrinter();

    queue.enqueue(job('a', counter));
    queue.enqueue(job('b', counter));
    queue.enqueue(job('c', kitchen));
    expect(counter.printed.map((document) => document.title)).toEqual(['a']);
    expect(kitchen.printed.map((document) => document.title)).toEqual(['c']);

    counter.finish();
    await settle();
    expect(counter.printed.map((document) => document.title)).toEqual(['a', 'b']);
  });

  it("passes a printer's failure on with its kind and words, and never retries", async () => {
    const { queue, outcomes, clock, job } = rig();
    const printer = new HeldPrinter();

    queue.enqueue(job('a', printer));
    printer.fail(
      new PrintFailure(
        'closed',
        'The printer closed the connection while printing: check paper and cover, then reprint.',
      ),
    );
    await settle();
    clock.advance(10 * 60_000);
    await settle();

    expect(outcomes.at(-1)).toEqual({
      jobId: 'a',
      status: 'failed',
      kind: 'closed',
      message:
        'The printer closed the connection while printing: check paper and cover, then reprint.',
    });
    expect(printer.printed).toHaveLength(1);
  });

  it('shows its own words, not the error text, for an error that is not a print failure', async () => {
    const { queue, outcomes, job } = rig();
    const printer = new HeldPrinter();

    queue.enqueue(job('a', printer));
    printer.fail(new TypeError('Cannot read properties of undefined (reading "x")'));
    await settle();

    expect(outcomes.at(-1)).toEqual({
      jobId: 'a',
      status: 'failed',
      kind: 'printer-error',
      message: 'The printer reported a problem: check it is on and has paper, then try again.',
    });
  });

  it('fails a job at its deadline, fails the jobs behind it at once, and prints nothing twice', async () => {
    const { queue, outcomes, clock, job } = rig(30_000);
    const printer = new HeldPrinter();

    queue.enqueue(job('stuck', printer));
    queue.enqueue(job('behind', printer));
    clock.advance(29_999);
    expect(outcomes.filter((outcome) => outcome.status === 'failed')).toEqual([]);

    clock.advance(1);
    expect(outcomes.slice(1)).toEqual([
      {
        jobId: 'stuck',
        status: 'failed',
        kind: 'timeout',
        message:
          'The printer did not finish the receipt in time: check it is on and has paper, then try again.',
      },
      {
        jobId: 'behind',
        status: 'failed',
        kind: 'busy',
        message:
          'The printer is still busy with an earlier receipt that did not finish: check the printer, then try again.',
      },
    ]);

    // While the printer still hangs, a new job fails at once instead of waiting forever.
    queue.enqueue(job('new', printer));
    expect(outcomes.at(-1)).toMatchObject({ jobId: 'new', status: 'failed', kind: 'busy' });
    expect(printer.printed.map((document) => document.title)).toEqual(['stuck']);
  });

  it('says so when a job that timed out prints after all, then takes new jobs again', async () => {
    const { queue, outcomes, clock, job } = rig(30_000);
    const printer = new HeldPrinter();

    queue.enqueue(job('slow', printer));
    clock.advance(30_000);
    printer.finish();
    await settle();
    expect(outcomes.at(-1)).toEqual({ jobId: 'slow', status: 'printed', late: true });

    queue.enqueue(job('next', printer));
    expect(outcomes.at(-1)).toEqual({ jobId: 'next', status: 'printing' });
  });

  it('never throws into the caller', async () => {
    const clock = new ManualClock();
    const logLines: string[] = [];
    const logger: Logger = {
      info: () => undefined,
      warn: () => undefined,
      error: (message) => logLines.push(message),
    };
    const queue = createPrintQueue({
      clock,
      timeoutMs: 1000,
      logger,
      onOutcome: () => {
        throw new Error('the screen is gone');
      },
    });
    const throwing: PrinterPort = {
      print: () => {
        throw new Error('thrown at once');
      },
    };

    expect(() =>
      queue.enqueue({ id: 'a', document: receipt('a'), printer: throwing }),
    ).not.toThrow();
    expect(() => queue.enqueue(null as unknown as PrintJob)).not.toThrow();
    await settle();
    expect(logLines).toContain('print outcome listener failed');
    expect(logLines).toContain('print job could not be queued');
  });

  it('reports a job without a printer as failed, by its id', async () => {
    const { queue, outcomes } = rig();
    queue.enqueue({ id: 'x', document: receipt('x') } as unknown as PrintJob);
    await settle();
    expect(outcomes.at(-1)).toMatchObject({ jobId: 'x', status: 'failed', kind: 'printer-error' });
  });

  it('logs job ids and outcomes, never what the document says', async () => {
    const { queue, logLines, job } = rig();
    const printer = new HeldPrinter();

    queue.enqueue(job('a', printer));
    printer.fail(new Error('boom'));
    await settle();

    expect(logLines.join('\n')).toContain('"jobId":"a"');
    expect(logLines.join('\n')).not.toContain('secret-looking');
  });
});
