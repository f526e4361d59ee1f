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

const checkPaper = 'Check the paper before you print again: a new print says COPY.';
/** The queue's own words for each outcome it decides. */
const timedOut = {
  status: 'unknown',
  kind: 'timeout',
  message: 'The printer did not answer in time.',
  action: checkPaper,
} as const;
const busy = {
  status: 'not-printed',
  kind: 'busy',
  message: 'The printer is still busy with an earlier print that did not finish.',
  action: 'Check the printer, then try again.',
} as const;
const reportedProblem = {
  status: 'unknown',
  kind: 'printer-error',
  message: 'The printer reported a problem.',
  action: checkPaper,
} as const;

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

  it("passes a printer's failure on with its outcome, kind and words, and never retries", async () => {
    const { queue, outcomes, clock, job } = rig();
    const printer = new HeldPrinter();

    queue.enqueue(job('a', printer));
    printer.fail(
      new PrintFailure('closed', 'The printer hung up before confirming it printed.', 'x', {
        outcome: 'unknown',
        action: 'Look at the paper.',
      }),
    );
    await settle();
    clock.advance(10 * 60_000);
    await settle();
    queue.enqueue(job('b', printer));
    printer.fail(new PrintFailure('refused', 'The printer refused the connection.'));
    await settle();

    expect(outcomes.filter((outcome) => outcome.status !== 'printing')).toEqual([
      {
        jobId: 'a',
        status: 'unknown',
        kind: 'closed',
        message: 'The printer hung up before confirming it printed.',
        action: 'Look at the paper.',
      },
      {
        jobId: 'b',
        status: 'not-printed',
        kind: 'refused',
        message: 'The printer refused the connection.',
        action: 'Check the printer, then try again.',
      },
    ]);
    expect(printer.printed).toHaveLength(2);
  });

  it('shows its own words, not the error text, for an error that is not a print failure, and does not know whether it printed', async () => {
    const { queue, outcomes, job } = rig();
    const printer = new HeldPrinter();

    queue.enqueue(job('a', printer));
    printer.fail(new TypeError('Cannot read properties of undefined (reading "x")'));
    await settle();

    expect(outcomes.at(-1)).toEqual({ jobId: 'a', ...reportedProblem });
  });

  it('says a job at its deadline may have printed, refuses the jobs behind it at once, and prints nothing twice', async () => {
    const { queue, outcomes, clock, job } = rig(30_000);
    const printer = new HeldPrinter();

    queue.enqueue(job('stuck', printer));
    queue.enqueue(job('behind', printer));
    clock.advance(29_999);
    expect(outcomes).toHaveLength(1);

    clock.advance(1);
    expect(outcomes.slice(1)).toEqual([
      { jobId: 'stuck', ...timedOut },
      { jobId: 'behind', ...busy },
    ]);

    // While the printer still hangs, a new job is refused at once instead of waiting forever.
    queue.enqueue(job('new', printer));
    expect(outcomes.at(-1)).toEqual({ jobId: 'new', ...busy });
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

  // Whatever a printer throws that is not a PrintFailure says nothing of the paper: unknown.
  it('reports a job without a printer by its id, in its own words', async () => {
    const { queue, outcomes } = rig();
    queue.enqueue({ id: 'x', document: receipt('x') } as unknown as PrintJob);
    await settle();
    expect(outcomes.at(-1)).toEqual({ jobId: 'x', ...reportedProblem });
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

describe('the print queue: deadlines', () => {
  // A job's deadline is cancelled as the printer answers, and the printer answers once (one
  // promise), so "reported" is only ever read true by a late answer after the deadline:
  // Equivalent mutant: ConditionalExpression `false` in `if (reported) return;`: the deadline never fires once the job was reported, as settling it cancels the deadline first (a cancelled Clock timer never fires).
  // Equivalent mutant: BooleanLiteral `false` in `reported = true;`: set as a job settles printed or unconfirmed, after its deadline was cancelled; nothing reads it again, since a job settles once.
  // An emptied lane is dropped so a printer no longer used can be collected:
  // Equivalent mutant: CallExpression `;` in `else lanes.delete(printer);`: a lane kept after its last job is exactly a new one (nothing waiting, not printing, not stuck), so the next job runs the same; only memory tells.
  it('takes an answer one millisecond before the deadline as printed, and leaves no timer behind', async () => {
    const { queue, outcomes, clock, logLines, job } = rig(30_000);
    const printer = new HeldPrinter();

    queue.enqueue(job('a', printer));
    clock.advance(29_999);
    printer.finish();
    await settle();
    expect(clock.pendingTimers()).toBe(0);
    clock.advance(60_000);

    expect(outcomes).toEqual([
      { jobId: 'a', status: 'printing' },
      { jobId: 'a', status: 'printed' },
    ]);
    expect(logLines).toEqual([
      'print job started {"jobId":"a","document":"receipt"}',
      'print job printed {"jobId":"a","ms":29999}',
    ]);
  });

  it('says a job at its deadline may have printed, with the time it waited, and tells a confirmation after it as late', async () => {
    const { queue, outcomes, clock, logLines, job } = rig(30_000);
    const printer = new HeldPrinter();

    queue.enqueue(job('a', printer));
    clock.advance(30_000);
    expect(outcomes.at(-1)).toEqual({ jobId: 'a', ...timedOut });
    clock.advance(1);
    printer.finish();
    await settle();

    expect(outcomes.slice(2)).toEqual([{ jobId: 'a', status: 'printed', late: true }]);
    expect(logLines).toEqual([
      'print job started {"jobId":"a","document":"receipt"}',
      'print job not confirmed {"jobId":"a","document":"receipt","status":"unknown","kind":"timeout","detail":"no answer from the printer in 30000 ms"}',
      'print job finished after its deadline {"jobId":"a","ms":30001,"printed":true}',
    ]);
  });

  it('says nothing more when a job that timed out then fails, and takes new jobs again', async () => {
    const { queue, outcomes, clock, logLines, job } = rig(30_000);
    const printer = new HeldPrinter();

    queue.enqueue(job('a', printer));
    clock.advance(30_000);
    clock.advance(5_000);
    printer.fail(new PrintFailure('closed', 'The printer closed the connection.'));
    await settle();

    expect(outcomes).toEqual([
      { jobId: 'a', status: 'printing' },
      { jobId: 'a', ...timedOut },
    ]);
    expect(logLines.at(-1)).toBe(
      'print job finished after its deadline {"jobId":"a","ms":35000,"printed":false}',
    );

    queue.enqueue(job('b', printer));
    expect(outcomes.at(-1)).toEqual({ jobId: 'b', status: 'printing' });
  });

  it("counts a waiting job's deadline from when it starts, not from when it was queued", async () => {
    const { queue, outcomes, clock, job } = rig(30_000);
    const printer = new HeldPrinter();

    queue.enqueue(job('a', printer));
    queue.enqueue(job('b', printer));
    clock.advance(10_000);
    printer.finish();
    await settle();
    expect(outcomes.at(-1)).toEqual({ jobId: 'b', status: 'printing' });

    clock.advance(29_999);
    expect(outcomes.at(-1)).toEqual({ jobId: 'b', status: 'printing' });
    clock.advance(1);
    expect(outcomes.at(-1)).toEqual({ jobId: 'b', ...timedOut });
  });

  it('times a job with the deadline it was given', () => {
    const { queue, outcomes, clock, logLines, job } = rig(1_000);
    const printer = new HeldPrinter();

    queue.enqueue(job('a', printer));
    clock.advance(999);
    expect(outcomes).toEqual([{ jobId: 'a', status: 'printing' }]);
    clock.advance(1);
    expect(outcomes.at(-1)).toEqual({ jobId: 'a', ...timedOut });
    expect(logLines.at(-1)).toContain('"detail":"no answer from the printer in 1000 ms"');
  });

  it('refuses every new job on a hung printer with words and a log line, and starts none', () => {
    const { queue, outcomes, clock, logLines, job } = rig(30_000);
    const printer = new HeldPrinter();

    queue.enqueue(job('stuck', printer));
    clock.advance(30_000);
    queue.enqueue(job('one', printer));
    queue.enqueue(job('two', printer));

    expect(outcomes.slice(2)).toEqual(['one', 'two'].map((jobId) => ({ jobId, ...busy })));
    expect(logLines.slice(-2)).toEqual([
      'print job not confirmed {"jobId":"one","document":"receipt","status":"not-printed","kind":"busy"}',
      'print job not confirmed {"jobId":"two","document":"receipt","status":"not-printed","kind":"busy"}',
    ]);
    expect(printer.printed.map((document) => document.title)).toEqual(['stuck']);
  });

  it('keeps printing on another printer while one hangs', () => {
    const { queue, outcomes, clock, job } = rig(30_000);
    const hung = new HeldPrinter();
    const other = new HeldPrinter();

    queue.enqueue(job('stuck', hung));
    clock.advance(30_000);
    queue.enqueue(job('elsewhere', other));

    expect(outcomes.at(-1)).toEqual({ jobId: 'elsewhere', status: 'printing' });
    expect(other.printed.map((document) => document.title)).toEqual(['elsewhere']);
  });
});

describe('the print queue: what a printer answers', () => {
  it('starts the next job after a failure, and after a printer that throws at once', async () => {
    const { queue, outcomes, job } = rig();
    const printer = new HeldPrinter();
    let throwNext = true;
    const sometimesThrowing: PrinterPort = {
      print: (document) => {
        if (throwNext) {
          throwNext = false;
          throw new Error('thrown at once');
        }
        return printer.print(document);
      },
    };

    queue.enqueue(job('a', sometimesThrowing));
    queue.enqueue(job('b', sometimesThrowing));
    await settle();
    expect(outcomes.slice(0, 3)).toEqual([
      { jobId: 'a', status: 'printing' },
      { jobId: 'a', ...reportedProblem },
      { jobId: 'b', status: 'printing' },
    ]);

    printer.fail(new PrintFailure('paper-out', 'Out of paper.'));
    queue.enqueue(job('c', sometimesThrowing));
    await settle();
    expect(outcomes.slice(3)).toEqual([
      {
        jobId: 'b',
        status: 'not-printed',
        kind: 'paper-out',
        message: 'Out of paper.',
        action: 'Check the printer, then try again.',
      },
      { jobId: 'c', status: 'printing' },
    ]);
  });

  it('passes on the words of a print failure a printer throws at once', async () => {
    const { queue, outcomes, job } = rig();
    const throwing: PrinterPort = {
      print: () => {
        throw new PrintFailure('refused', 'The printer refused the connection.', 'ECONNREFUSED');
      },
    };

    queue.enqueue(job('a', throwing));
    await settle();

    expect(outcomes.at(-1)).toEqual({
      jobId: 'a',
      status: 'not-printed',
      kind: 'refused',
      message: 'The printer refused the connection.',
      action: 'Check the printer, then try again.',
    });
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
  ])('never takes a printer that rejects with %s for a printed job', async (_name, reason) => {
    const { queue, outcomes, logLines, job } = rig();
    const printer = new HeldPrinter();

    queue.enqueue(job('a', printer));
    printer.fail(reason);
    await settle();

    expect(outcomes.at(-1)).toEqual({ jobId: 'a', ...reportedProblem });
    expect(logLines.at(-1)).toBe(
      'print job not confirmed {"jobId":"a","document":"receipt","status":"unknown","kind":"printer-error","detail":"Error: printer rejected without a reason"}',
    );
  });

  it('logs what a printer reported: its detail, the error, or the value it rejected with', async () => {
    const { queue, logLines, job } = rig();
    const printer = new HeldPrinter();

    queue.enqueue(job('a', printer));
    printer.fail(new PrintFailure('closed', 'The printer closed the connection.', 'ECONNRESET'));
    await settle();
    queue.enqueue(job('b', printer));
    printer.fail(new RangeError('bad paper width'));
    await settle();
    queue.enqueue(job('c', printer));
    printer.fail('paper jam');
    await settle();

    expect(logLines.filter((line) => line.startsWith('print job not confirmed'))).toEqual([
      'print job not confirmed {"jobId":"a","document":"receipt","status":"not-printed","kind":"closed","detail":"ECONNRESET"}',
      'print job not confirmed {"jobId":"b","document":"receipt","status":"unknown","kind":"printer-error","detail":"RangeError: bad paper width"}',
      'print job not confirmed {"jobId":"c","document":"receipt","status":"unknown","kind":"printer-error","detail":"paper jam"}',
    ]);
  });

  it('prints a job that carries no document, and reports its failure', async () => {
    const { queue, outcomes, logLines } = rig();
    const printer = new HeldPrinter();
    const bare = (id: string) => ({ id, printer }) as unknown as PrintJob;

    queue.enqueue(bare('a'));
    printer.finish();
    await settle();
    queue.enqueue(bare('b'));
    printer.fail(new Error('boom'));
    await settle();

    expect(outcomes).toEqual([
      { jobId: 'a', status: 'printing' },
      { jobId: 'a', status: 'printed' },
      { jobId: 'b', status: 'printing' },
      { jobId: 'b', ...reportedProblem },
    ]);
    expect(logLines).toEqual([
      'print job started {"jobId":"a"}',
      'print job printed {"jobId":"a","ms":0}',
      'print job started {"jobId":"b"}',
      'print job not confirmed {"jobId":"b","status":"unknown","kind":"printer-error","detail":"Error: boom"}',
    ]);
  });
});

describe('the print queue: a caller or listener that misbehaves', () => {
  // safeId reads the id of anything, inside its own try:
  // Equivalent mutant: OptionalChaining `(job as { id?: unknown; } | undefined).id` in `const id = (job as { id?: unknown } | undefined)?.id;`: without "?." a null or undefined job throws a TypeError, which the catch around it turns into the same undefined.
  // Equivalent mutant: BlockStatement `{}` in `} catch {`: an empty catch ends the function, which returns undefined just as "return undefined" does.
  it('logs a listener that throws, and goes on with the next job', async () => {
    const clock = new ManualClock();
    const logLines: string[] = [];
    const record = (message: string, fields?: object) =>
      logLines.push(`${message} ${JSON.stringify(fields ?? {})}`);
    const printer = new HeldPrinter();
    const queue = createPrintQueue({
      clock,
      timeoutMs: 1000,
      logger: { info: () => undefined, warn: () => undefined, error: record },
      onOutcome: () => {
        throw new Error('the screen is gone');
      },
    });

    queue.enqueue({ id: 'a', document: receipt('a'), printer });
    queue.enqueue({ id: 'b', document: receipt('b'), printer });
    printer.finish();
    await settle();

    expect(printer.printed.map((document) => document.title)).toEqual(['a', 'b']);
    expect(logLines.slice(0, 2)).toEqual([
      'print outcome listener failed {"jobId":"a","error":"Error: the screen is gone"}',
      'print outcome listener failed {"jobId":"a","error":"Error: the screen is gone"}',
    ]);
  });

  it('reports a job it cannot queue as not printed by its id, and logs why', () => {
    const { queue, outcomes, logLines } = rig();
    const unreadable = {
      id: 'x',
      document: receipt('x'),
      get printer(): PrinterPort {
        throw new TypeError('no printer here');
      },
    };

    queue.enqueue(unreadable);

    expect(outcomes).toEqual([
      {
        jobId: 'x',
        status: 'not-printed',
        kind: 'printer-error',
        message: 'The print could not be started.',
        action: 'Try again, or save it as PDF.',
      },
    ]);
    expect(logLines).toEqual([
      'print job could not be queued {"jobId":"x","error":"TypeError: no printer here"}',
    ]);
  });

  it('reports nothing for a job it cannot queue that has no id in words', () => {
    const { queue, outcomes, logLines } = rig();
    const throwingPrinter = () => {
      throw new TypeError('no printer here');
    };

    queue.enqueue(null as unknown as PrintJob);
    queue.enqueue({
      id: 7,
      get printer() {
        return throwingPrinter();
      },
    } as unknown as PrintJob);
    queue.enqueue({
      get id(): string {
        throw new TypeError('no id here');
      },
      get printer() {
        return throwingPrinter();
      },
    } as unknown as PrintJob);

    expect(outcomes).toEqual([]);
    expect(logLines).toEqual([
      `print job could not be queued {"error":"TypeError: Cannot read properties of null (reading 'printer')"}`,
      'print job could not be queued {"error":"TypeError: no printer here"}',
      'print job could not be queued {"error":"TypeError: no printer here"}',
    ]);
  });
});
