/**
 * The till's print jobs: one at a time per printer, each with a deadline from the Clock, never
 * retried on its own, each outcome published for the cashier's screen. The sale is recorded
 * before anything is printed, so printing can never block or change it: `enqueue` never throws
 * and never waits.
 *
 * Every job ends in one of three outcomes: printed (the printer confirmed it), not printed
 * (nothing of it reached the printer) or unknown (it may be on paper, unconfirmed: a printer
 * that took part of it, a deadline passed, an error nobody worded). No automatic retry: a
 * retry after "unknown" could print a receipt twice. The cashier sees what happened and
 * chooses "Try again" (a new job) or "Save as PDF".
 */
import type { Clock } from '../../shared/clock';
import type { PrintDocument } from '../../shared/printing/print-document';
import type { Logger } from '../logging/logger';
import {
  checkPaperAction,
  PrintFailure,
  type PrintFailureKind,
  type UnconfirmedOutcome,
} from './print-failure';
import type { PrinterPort } from './printer-port';

export interface PrintJob {
  /** Names the job in outcomes and logs (the screen's "Try again" makes a new job). */
  id: string;
  document: PrintDocument;
  printer: PrinterPort;
}

/** A job that ended unconfirmed: what happened and one action, in the cashier's words. */
export interface UnconfirmedPrint {
  jobId: string;
  /** `not-printed`: nothing reached the printer. `unknown`: it may be on paper. */
  status: UnconfirmedOutcome;
  kind: PrintFailureKind;
  message: string;
  action: string;
}

export type PrintOutcome =
  | { jobId: string; status: 'printing' }
  /** `late`: the job had already been reported unknown (timeout) when the printer confirmed it. */
  | { jobId: string; status: 'printed'; late?: true }
  | UnconfirmedPrint;

export interface PrintQueueOptions {
  clock: Clock;
  /** How long one job may take once started; longer than the printer's own deadline. */
  timeoutMs: number;
  logger: Logger;
  onOutcome: (outcome: PrintOutcome) => void;
}

export interface PrintQueue {
  enqueue(job: PrintJob): void;
}

interface Words {
  outcome: UnconfirmedOutcome;
  message: string;
  action: string;
}

const words = {
  // The printer has the job and did not answer: it may still print it.
  timeout: {
    outcome: 'unknown',
    message: 'The printer did not answer in time.',
    action: checkPaperAction,
  },
  // Never started: the printer is still on the one before.
  busy: {
    outcome: 'not-printed',
    message: 'The printer is still busy with an earlier print that did not finish.',
    action: 'Check the printer, then try again.',
  },
  // A printer's error nobody worded: whether it printed is not known.
  'printer-error': {
    outcome: 'unknown',
    message: 'The printer reported a problem.',
    action: checkPaperAction,
  },
  // The job never reached a printer.
  'not-queued': {
    outcome: 'not-printed',
    message: 'The print could not be started.',
    action: 'Try again, or save it as PDF.',
  },
} as const satisfies Record<string, Words>;

/** Each printer's jobs: the one printing, the ones waiting, and whether the printing one hangs. */
interface Lane {
  waiting: PrintJob[];
  printing: boolean;
  /** The printing job passed its deadline and its printer has not answered since. */
  stuck: boolean;
}

export function createPrintQueue(options: PrintQueueOptions): PrintQueue {
  const { clock, timeoutMs, logger } = options;
  const lanes = new Map<PrinterPort, Lane>();

  const publish = (outcome: PrintOutcome) => {
    try {
      options.onOutcome(outcome);
    } catch (error) {
      logger.error('print outcome listener failed', {
        jobId: outcome.jobId,
        error: describe(error),
      });
    }
  };

  const fail = (job: PrintJob, kind: PrintFailureKind, said: Words, detail?: string) => {
    const status = said.outcome;
    logger.warn('print job not confirmed', {
      jobId: job.id,
      document: job.document?.kind,
      status,
      kind,
      detail,
    });
    publish({ jobId: job.id, status, kind, message: said.message, action: said.action });
  };

  const failWaiting = (lane: Lane) => {
    for (const job of lane.waiting.splice(0)) fail(job, 'busy', words.busy);
  };

  const next = (printer: PrinterPort, lane: Lane) => {
    if (lane.printing || lane.stuck) return;
    const job = lane.waiting.shift();
    if (job) start(job, printer, lane);
    else lanes.delete(printer);
  };

  const start = (job: PrintJob, printer: PrinterPort, lane: Lane) => {
    lane.printing = true;
    const startedAt = clock.now();
    let reported = false;
    logger.info('print job started', { jobId: job.id, document: job.document?.kind });
    publish({ jobId: job.id, status: 'printing' });

    const cancelDeadline = clock.at(startedAt + timeoutMs, () => {
      if (reported) return;
      reported = true;
      lane.stuck = true;
      fail(job, 'timeout', words.timeout, `no answer from the printer in ${timeoutMs} ms`);
      failWaiting(lane);
    });

    const settle = (error?: unknown) => {
      cancelDeadline();
      lane.printing = false;
      lane.stuck = false;
      const ms = clock.now() - startedAt;
      if (reported) {
        // Told "unknown" already; a late confirmation is news the cashier needs (no reprint).
        logger.warn('print job finished after its deadline', {
          jobId: job.id,
          ms,
          printed: !error,
        });
        if (!error) publish({ jobId: job.id, status: 'printed', late: true });
      } else if (error === undefined) {
        reported = true;
        logger.info('print job printed', { jobId: job.id, ms });
        publish({ jobId: job.id, status: 'printed' });
      } else {
        reported = true;
        if (error instanceof PrintFailure) fail(job, error.kind, error, error.detail);
        else fail(job, 'printer-error', words['printer-error'], describe(error));
      }
      next(printer, lane);
    };

    // A printer that throws at once is handled like one that rejects.
    let printing: Promise<void>;
    try {
      printing = Promise.resolve(job.printer.print(job.document));
    } catch (error) {
      printing = Promise.reject(error);
    }
    printing.then(
      () => settle(),
      (error: unknown) => settle(error ?? new Error('printer rejected without a reason')),
    );
  };

  return {
    enqueue(job) {
      try {
        const printer = job.printer;
        let lane = lanes.get(printer);
        if (!lane) {
          lane = { waiting: [], printing: false, stuck: false };
          lanes.set(printer, lane);
        }
        if (lane.stuck) {
          fail(job, 'busy', words.busy);
          return;
        }
        lane.waiting.push(job);
        next(printer, lane);
      } catch (error) {
        // Never into the caller: the sale it prints for is already recorded.
        const jobId = safeId(job);
        logger.error('print job could not be queued', { jobId, error: describe(error) });
        if (jobId !== undefined) {
          const said = words['not-queued'];
          publish({
            jobId,
            status: said.outcome,
            kind: 'printer-error',
            message: said.message,
            action: said.action,
          });
        }
      }
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function safeId(job: unknown): string | undefined {
  try {
    const id = (job as { id?: unknown } | undefined)?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}
