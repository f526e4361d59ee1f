/**
 * The till's print jobs: one at a time per printer, each with a deadline from the Clock, never
 * retried on its own, each outcome published for the cashier's screen. The sale is recorded
 * before anything is printed, so printing can never block or change it: `enqueue` never throws
 * and never waits.
 *
 * No automatic retry, because a printer that took a job may print it even when the job then
 * fails (the connection drops after the paper moved): a retry could print a receipt twice.
 * The cashier sees what happened and chooses "Try again" (a new job) or "Save as PDF".
 */
import type { Clock } from '../../shared/clock';
import type { PrintDocument } from '../../shared/printing/print-document';
import type { Logger } from '../logging/logger';
import { PrintFailure, type PrintFailureKind } from './print-failure';
import type { PrinterPort } from './printer-port';

export interface PrintJob {
  /** Names the job in outcomes and logs (the screen's "Try again" makes a new job). */
  id: string;
  document: PrintDocument;
  printer: PrinterPort;
}

export type PrintOutcome =
  | { jobId: string; status: 'printing' }
  /** `late`: the job had already been reported failed (timeout) when the printer finished it. */
  | { jobId: string; status: 'printed'; late?: true }
  | { jobId: string; status: 'failed'; kind: PrintFailureKind; message: string };

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

const words = {
  timeout:
    'The printer did not finish the receipt in time: check it is on and has paper, then try again.',
  busy: 'The printer is still busy with an earlier receipt that did not finish: check the printer, then try again.',
  'printer-error': 'The printer reported a problem: check it is on and has paper, then try again.',
} as const;

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

  const fail = (job: PrintJob, kind: PrintFailureKind, message: string, detail?: string) => {
    logger.warn('print job failed', { jobId: job.id, document: job.document?.kind, kind, detail });
    publish({ jobId: job.id, status: 'failed', kind, message });
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
        // Told "failed" already; a late success is news the cashier needs (no reprint).
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
        if (error instanceof PrintFailure) fail(job, error.kind, error.message, error.detail);
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
          publish({
            jobId,
            status: 'failed',
            kind: 'printer-error',
            message: words['printer-error'],
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
