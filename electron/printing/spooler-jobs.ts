/**
 * Whether a job handed to the OS's print queue printed. The OS's "job taken" (Electron's
 * print() callback, `lp`'s request id) only means spooled: the printer may be off, the queue
 * stopped, the job held. So the till asks the spooler (CUPS: cups-spooler.ts) for the printer's
 * jobs before spooling, spools, then watches the new job until the spooler says it completed:
 * printed. Anything else by the deadline is unknown (it is in the queue and may still print),
 * except a job the spooler cancelled or aborted before it ever started: not printed. Where no
 * spooler can be asked (Windows, a CUPS that does not answer), a spooled job is unknown.
 */
import type { Clock } from '../../shared/clock';
import type { Logger } from '../logging/logger';
import { checkPaperAction, PrintFailure, type PrintFailureKind } from './print-failure';

export type SpoolerJobState =
  'pending' | 'held' | 'processing' | 'stopped' | 'canceled' | 'aborted' | 'completed';

export interface SpoolerJob {
  id: number;
  state: SpoolerJobState;
  /** The spooler began sending it to the printer (whatever came after). */
  started: boolean;
}

/** The OS's print queue, as far as the till asks it. */
export interface Spooler {
  /** The system name of the default printer, or null when none is set. */
  defaultPrinter(): Promise<string | null>;
  /** The jobs the spooler keeps for this printer, finished ones included. */
  jobs(printer: string): Promise<SpoolerJob[]>;
}

export interface SpooledPrintOptions {
  /** Absent where the OS has no spooler the till can ask. */
  spooler: Spooler | undefined;
  /** The printer's system name; absent: the default printer. */
  printer: string | undefined;
  clock: Clock;
  /** How long after spooling the spooler may take to say the job completed. */
  timeoutMs: number;
  /** How often it is asked meanwhile. */
  pollMs: number;
  logger: Logger;
}

/** The default wait for the spooler: under the print queue's own deadline (30 s). */
export const SPOOLER_CONFIRM_TIMEOUT_MS = 20_000;
export const SPOOLER_POLL_MS = 500;

const waitingAction =
  'Check the printer and its paper before you print again: the waiting job may still print.';

/**
 * Spools one job with `spool` and watches the spooler until it says the job completed
 * (resolves: printed). Rejects with `spool`'s own failure (the OS did not take the job: not
 * printed), or a PrintFailure saying what the spooler said: not printed when it cancelled the
 * job before it started, unknown otherwise.
 */
export async function printThroughSpooler(
  options: SpooledPrintOptions,
  spool: () => Promise<void>,
): Promise<void> {
  const { spooler, clock, logger } = options;
  const queueOf = `the print queue of ${options.printer ?? 'the default printer'}`;
  const printer = spooler ? await ask(() => printerOf(spooler, options.printer)) : null;
  const before = spooler && printer ? await ask(() => spooler.jobs(printer)) : null;
  await spool();
  if (!spooler || !printer || !before) {
    logger.warn('spooled job not confirmed', {
      printer: options.printer ?? null,
      why: 'no spooler',
    });
    throw unknown('unconfirmed', `${capital(queueOf)} cannot tell whether it printed.`);
  }
  const earlier = new Set(before.map((job) => job.id));
  const startedAt = clock.now();
  const deadline = startedAt + options.timeoutMs;
  let seen: SpoolerJob[] | null = null;
  for (;;) {
    const jobs = await ask(() => spooler.jobs(printer));
    if (jobs) seen = jobs.filter((job) => !earlier.has(job.id));
    const verdict = seen && seen.length > 0 ? verdictOf(seen, queueOf) : 'waiting';
    if (verdict === 'printed') {
      logger.info('spooled job completed', { printer, ms: clock.now() - startedAt });
      return;
    }
    if (verdict !== 'waiting') {
      logger.warn('spooled job ended unprinted', { printer, outcome: verdict.outcome });
      throw verdict;
    }
    if (clock.now() >= deadline) break;
    await sleep(clock, Math.min(options.pollMs, deadline - clock.now()));
  }
  logger.warn('spooled job not confirmed', {
    printer,
    ms: clock.now() - startedAt,
    states: seen?.map((job) => job.state) ?? null,
  });
  throw stillOpen(seen, queueOf);
}

/** The named printer, or the spooler's default. */
async function printerOf(spooler: Spooler, named: string | undefined): Promise<string | null> {
  return named ?? (await spooler.defaultPrinter());
}

/** A spooler's answer, or null when it could not be asked: printing never waits on the question. */
async function ask<T>(question: () => Promise<T>): Promise<T | null> {
  try {
    return await question();
  } catch {
    return null;
  }
}

/** Printed when every new job completed; a failure when one was cancelled; else still waiting. */
function verdictOf(jobs: SpoolerJob[], queueOf: string): 'printed' | 'waiting' | PrintFailure {
  if (jobs.every((job) => job.state === 'completed')) return 'printed';
  const ended = jobs.filter((job) => job.state === 'canceled' || job.state === 'aborted');
  if (ended.length === 0) return 'waiting';
  if (jobs.some((job) => job.started))
    return unknown('printer-error', `${capital(queueOf)} stopped it part way through.`);
  // Never started: not printed (its words say to check the printer, then try again).
  return new PrintFailure(
    'printer-error',
    `${capital(queueOf)} cancelled it before printing.`,
    ended.map((job) => `job ${job.id} ${job.state}`).join(', '),
  );
}

/** The words for a job the spooler still holds at the deadline, by its state. */
function stillOpen(jobs: SpoolerJob[] | null, queueOf: string): PrintFailure {
  const states = new Set(jobs?.map((job) => job.state));
  if (states.has('stopped'))
    return unknown('unconfirmed', `${capital(queueOf)} is stopped.`, waitingAction);
  if (states.has('held')) return unknown('unconfirmed', `It is held in ${queueOf}.`, waitingAction);
  if (states.has('pending'))
    return unknown('unconfirmed', `It is still waiting in ${queueOf}.`, waitingAction);
  if (states.has('processing'))
    return unknown('unconfirmed', `${capital(queueOf)} has not finished it.`);
  return unknown('unconfirmed', `${capital(queueOf)} does not show it.`);
}

function unknown(kind: PrintFailureKind, message: string, action = checkPaperAction) {
  return new PrintFailure(kind, message, undefined, { outcome: 'unknown', action });
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.at(clock.now() + ms, resolve));
}
