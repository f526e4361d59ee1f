/**
 * Whether a job spooled to the OS's print queue printed (`printThroughSpooler`): a spooler the
 * test scripts, on the manual clock. Printed only once the spooler says the new job completed;
 * not printed when the OS refused the job or the spooler cancelled it before it started;
 * otherwise unknown, in words that say what the queue holds.
 */
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../../electron/logging/logger';
import { PrintFailure } from '../../../electron/printing/print-failure';
import {
  printThroughSpooler,
  type Spooler,
  type SpoolerJob,
} from '../../../electron/printing/spooler-jobs';
import { ManualClock } from '../../support/manual-clock';

const checkPaper = 'Check the paper before you print again: a new print says COPY.';
const waiting =
  'Check the printer and its paper before you print again: the waiting job may still print.';

/** A spooler whose jobs the test sets; every question it was asked, in order. */
function scriptedSpooler(defaultPrinter: string | null = 'Office') {
  const asked: string[] = [];
  let jobs: SpoolerJob[] = [];
  let failNext = 0;
  const spooler: Spooler = {
    defaultPrinter: async () => {
      asked.push('default');
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('no answer');
      }
      return defaultPrinter;
    },
    jobs: async (printer) => {
      asked.push(`jobs ${printer}`);
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('no answer');
      }
      return jobs.map((job) => ({ ...job }));
    },
  };
  return {
    spooler,
    asked,
    set: (next: SpoolerJob[]) => {
      jobs = next;
    },
    failNextQuestions: (count: number) => {
      failNext = count;
    },
  };
}

const job = (id: number, state: SpoolerJob['state'], started = false): SpoolerJob => ({
  id,
  state,
  started,
});

/** `printer` null: the setting names none (the default printer). */
function rig(spooler: Spooler | undefined, printer: string | null = 'TM_T20') {
  const clock = new ManualClock();
  const logLines: string[] = [];
  const record = (message: string, fields?: object) =>
    logLines.push(`${message} ${JSON.stringify(fields ?? {})}`);
  const logger: Logger = { info: record, warn: record, error: record };
  let spooled = 0;
  /** Runs the print; `onSpool` is what the OS does as it takes the job. */
  const print = (onSpool: () => void | Promise<void> = () => undefined) =>
    printThroughSpooler(
      { spooler, printer: printer ?? undefined, clock, timeoutMs: 20_000, pollMs: 500, logger },
      async () => {
        spooled += 1;
        await onSpool();
      },
    ).then(
      () => 'printed' as const,
      (error: unknown) => {
        if (error instanceof PrintFailure) return error;
        throw error;
      },
    );
  return { clock, logLines, print, spooled: () => spooled };
}

const flush = async () => {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

function failureOf(outcome: 'printed' | PrintFailure) {
  if (!(outcome instanceof PrintFailure)) throw new Error(`expected a failure, got ${outcome}`);
  return {
    kind: outcome.kind,
    outcome: outcome.outcome,
    message: outcome.message,
    action: outcome.action,
  };
}

describe('a job spooled to the OS print queue', () => {
  // The jobs before spooling are asked only of a spooler that named a printer, so a missing
  // spooler or printer always leaves them missing too:
  // Equivalent mutant: ConditionalExpression `false` in `if (!spooler || !printer || !before) {`: for either of the first two: a missing spooler or printer leaves the jobs before spooling null, and the last test decides the same.
  // Equivalent mutant: LogicalOperator `!spooler && !printer` in `if (!spooler || !printer || !before) {`: either missing leaves the jobs before spooling null, and the last test decides the same.
  // Equivalent mutant: BlockStatement `{}` in `} catch {`: ask then answers undefined instead of null, and every caller only asks whether it has an answer at all.
  it('is printed once the spooler says its new job completed, whatever became of earlier jobs', async () => {
    const { spooler, asked, set } = scriptedSpooler();
    set([job(1, 'pending'), job(2, 'aborted', true)]);
    const { clock, logLines, print } = rig(spooler);

    const outcome = print(() =>
      set([job(1, 'pending'), job(2, 'aborted', true), job(3, 'pending')]),
    );
    await flush();
    set([job(1, 'pending'), job(2, 'aborted', true), job(3, 'processing', true)]);
    clock.advance(499);
    await flush();
    expect(asked).toEqual(['jobs TM_T20', 'jobs TM_T20']);
    clock.advance(1);
    await flush();
    set([job(1, 'pending'), job(2, 'aborted', true), job(3, 'completed', true)]);
    clock.advance(500);

    expect(await outcome).toBe('printed');
    expect(asked).toEqual(['jobs TM_T20', 'jobs TM_T20', 'jobs TM_T20', 'jobs TM_T20']);
    expect(logLines).toEqual(['spooled job completed {"printer":"TM_T20","ms":1000}']);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('is printed at once when the job completed before the first look', async () => {
    const { spooler, set } = scriptedSpooler();
    const { clock, print } = rig(spooler);

    expect(await print(() => set([job(7, 'completed', true)]))).toBe('printed');
    expect(clock.pendingTimers()).toBe(0);
  });

  it('is printed only when every new job completed (two new jobs: one still open)', async () => {
    const { spooler, set } = scriptedSpooler();
    const { clock, print } = rig(spooler);

    const outcome = print(() => set([job(1, 'completed', true), job(2, 'processing', true)]));
    await flush();
    clock.advance(20_000);

    expect(failureOf(await outcome)).toMatchObject({ outcome: 'unknown' });
  });

  it("asks the spooler for its default printer when the setting names none, and says the default printer's queue", async () => {
    const { spooler, asked, set } = scriptedSpooler('Front_Desk');
    const { clock, print } = rig(spooler, null);

    const outcome = print(() => set([job(1, 'pending')]));
    await flush();
    clock.advance(20_000);

    expect(failureOf(await outcome).message).toBe(
      'It is still waiting in the print queue of the default printer.',
    );
    expect(asked.slice(0, 3)).toEqual(['default', 'jobs Front_Desk', 'jobs Front_Desk']);
  });

  it.each([
    [
      'waits in the queue',
      [job(4, 'pending')],
      'It is still waiting in the print queue of TM_T20.',
      waiting,
    ],
    ['is held', [job(4, 'held')], 'It is held in the print queue of TM_T20.', waiting],
    [
      'is in a stopped queue',
      [job(4, 'stopped', true)],
      'The print queue of TM_T20 is stopped.',
      waiting,
    ],
    [
      'is still printing',
      [job(4, 'processing', true)],
      'The print queue of TM_T20 has not finished it.',
      checkPaper,
    ],
    ['does not show', [], 'The print queue of TM_T20 does not show it.', checkPaper],
    [
      'is stopped beside one held',
      [job(4, 'held'), job(5, 'stopped', true)],
      'The print queue of TM_T20 is stopped.',
      waiting,
    ],
    [
      'is held beside one waiting',
      [job(4, 'pending'), job(5, 'held')],
      'It is held in the print queue of TM_T20.',
      waiting,
    ],
    [
      'waits beside one printing',
      [job(4, 'processing', true), job(5, 'pending')],
      'It is still waiting in the print queue of TM_T20.',
      waiting,
    ],
    [
      'is printing beside one completed',
      [job(4, 'completed', true), job(5, 'processing', true)],
      'The print queue of TM_T20 has not finished it.',
      checkPaper,
    ],
  ] as const)(
    'is unknown at the deadline when the job %s, in words saying so',
    async (_name, jobs, message, action) => {
      const { spooler, set } = scriptedSpooler();
      const { clock, logLines, print } = rig(spooler);

      const outcome = print(() => set([...jobs]));
      await flush();
      clock.advance(19_999);
      await flush();
      expect(logLines).toEqual([]);
      clock.advance(1);

      expect(failureOf(await outcome)).toEqual({
        kind: 'unconfirmed',
        outcome: 'unknown',
        message,
        action,
      });
      expect(logLines).toEqual([
        `spooled job not confirmed ${JSON.stringify({
          printer: 'TM_T20',
          ms: 20_000,
          states: jobs.map((each) => each.state),
        })}`,
      ]);
      expect(clock.pendingTimers()).toBe(0);
    },
  );

  it('asks one last time at the deadline, and takes a job completed then as printed', async () => {
    const { spooler, asked, set } = scriptedSpooler();
    const { clock, print } = rig(spooler);

    const outcome = print(() => set([job(4, 'pending')]));
    await flush();
    for (let step = 0; step < 39; step += 1) {
      clock.advance(500);
      await flush();
    }
    expect(asked).toHaveLength(41);
    set([job(4, 'completed', true)]);
    clock.advance(500);

    expect(await outcome).toBe('printed');
    expect(asked).toHaveLength(42);
  });

  it.each([
    ['cancelled', 'canceled'],
    ['aborted', 'aborted'],
  ] as const)(
    'is not printed when the spooler %s the job before it started',
    async (_name, state) => {
      const { spooler, set } = scriptedSpooler();
      const { clock, logLines, print } = rig(spooler);

      const outcome = print(() => set([job(9, 'pending')]));
      await flush();
      set([job(9, state)]);
      clock.advance(500);

      const failure = await outcome;
      expect(failureOf(failure)).toEqual({
        kind: 'printer-error',
        outcome: 'not-printed',
        message: 'The print queue of TM_T20 cancelled it before printing.',
        action: 'Check the printer, then try again.',
      });
      expect((failure as PrintFailure).detail).toBe(`job 9 ${state}`);
      expect(logLines).toEqual([
        'spooled job ended unprinted {"printer":"TM_T20","outcome":"not-printed"}',
      ]);
      expect(clock.pendingTimers()).toBe(0);
    },
  );

  it('names every job the spooler ended in the log detail', async () => {
    const { spooler, set } = scriptedSpooler();
    const { print } = rig(spooler);

    const outcome = await print(() => set([job(1, 'canceled'), job(2, 'aborted')]));

    expect((outcome as PrintFailure).detail).toBe('job 1 canceled, job 2 aborted');
    expect(failureOf(outcome).outcome).toBe('not-printed');
  });

  it.each([
    ['cancelled', 'canceled'],
    ['aborted', 'aborted'],
  ] as const)('is unknown when the spooler %s the job after it started', async (_name, state) => {
    const { spooler, set } = scriptedSpooler();
    const { print } = rig(spooler);

    const outcome = await print(() => set([job(9, state, true)]));

    expect(failureOf(outcome)).toEqual({
      kind: 'printer-error',
      outcome: 'unknown',
      message: 'The print queue of TM_T20 stopped it part way through.',
      action: checkPaper,
    });
  });

  it('is unknown when one of two new jobs was cancelled after the other started', async () => {
    const { spooler, set } = scriptedSpooler();
    const { print } = rig(spooler);

    const outcome = await print(() => set([job(1, 'canceled'), job(2, 'processing', true)]));

    expect(failureOf(outcome)).toMatchObject({ outcome: 'unknown', kind: 'printer-error' });
  });

  it("passes the OS's refusal on as it is, and asks the spooler nothing more", async () => {
    const { spooler, asked } = scriptedSpooler();
    const { print } = rig(spooler);
    const refusal = new PrintFailure('not-found', 'The printer was not found.');

    const outcome = await print(() => {
      throw refusal;
    });

    expect(outcome).toBe(refusal);
    expect(asked).toEqual(['jobs TM_T20']);
  });

  it('spools, and says the queue cannot tell, where there is no spooler to ask', async () => {
    const { logLines, print, spooled } = rig(undefined);

    expect(failureOf(await print())).toEqual({
      kind: 'unconfirmed',
      outcome: 'unknown',
      message: 'The print queue of TM_T20 cannot tell whether it printed.',
      action: checkPaper,
    });
    expect(spooled()).toBe(1);
    expect(logLines).toEqual(['spooled job not confirmed {"printer":"TM_T20","why":"no spooler"}']);
  });

  it.each([
    ['its default printer', null, 1, 'the default printer'],
    ['the jobs before spooling', 'TM_T20', 1, 'TM_T20'],
  ] as const)(
    'spools, and says the queue cannot tell, when the spooler does not answer about %s',
    async (_name, printer, failures, shown) => {
      const { spooler, asked, failNextQuestions } = scriptedSpooler();
      failNextQuestions(failures);
      const { logLines, print, spooled } = rig(spooler, printer);

      expect(failureOf(await print()).message).toBe(
        `The print queue of ${shown} cannot tell whether it printed.`,
      );
      expect(spooled()).toBe(1);
      expect(asked).toHaveLength(1);
      expect(logLines).toEqual([
        `spooled job not confirmed {"printer":${printer ? `"${printer}"` : 'null'},"why":"no spooler"}`,
      ]);
    },
  );

  it('says the queue cannot tell when there is no default printer', async () => {
    const { spooler, asked } = scriptedSpooler(null);
    const { print } = rig(spooler, null);

    expect(failureOf(await print()).message).toBe(
      'The print queue of the default printer cannot tell whether it printed.',
    );
    expect(asked).toEqual(['default']);
  });

  it('keeps asking through a question the spooler does not answer, keeping what it said before', async () => {
    const { spooler, set, failNextQuestions } = scriptedSpooler();
    const { clock, print } = rig(spooler);

    const outcome = print(() => {
      set([job(3, 'held')]);
      failNextQuestions(1);
    });
    await flush();
    clock.advance(500);
    await flush();
    failNextQuestions(100);
    clock.advance(19_500);

    expect(failureOf(await outcome).message).toBe('It is held in the print queue of TM_T20.');
  });

  it('says the queue does not show the job when the spooler answers nothing after spooling', async () => {
    const { spooler, set, failNextQuestions } = scriptedSpooler();
    const { clock, logLines, print } = rig(spooler);

    const outcome = print(() => {
      set([job(3, 'completed', true)]);
      failNextQuestions(1_000);
    });
    await flush();
    clock.advance(20_000);

    expect(failureOf(await outcome).message).toBe('The print queue of TM_T20 does not show it.');
    expect(logLines).toEqual([
      'spooled job not confirmed {"printer":"TM_T20","ms":20000,"states":null}',
    ]);
  });

  it('keeps asking until a completed job after questions it could not answer', async () => {
    const { spooler, set, failNextQuestions } = scriptedSpooler();
    const { clock, print } = rig(spooler);

    const outcome = print(() => failNextQuestions(2));
    await flush();
    clock.advance(500);
    await flush();
    set([job(3, 'completed', true)]);
    clock.advance(500);

    expect(await outcome).toBe('printed');
  });
});
