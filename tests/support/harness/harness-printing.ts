import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { systemClock, type Clock } from '../../../shared/clock';
import type { PaperKind, PrintDocument } from '../../../shared/printing/print-document';
import { silentLogger, type Logger } from '../../../electron/logging/logger';
import { createCupsSpooler } from '../../../electron/printing/cups-spooler';
import type { PlatformPrinting } from '../../../electron/printing/platform-printing';
import { PrintFailure } from '../../../electron/printing/print-failure';
import { printHtml } from '../../../electron/printing/print-html';
import {
  printThroughSpooler,
  SPOOLER_CONFIRM_TIMEOUT_MS,
  SPOOLER_POLL_MS,
} from '../../../electron/printing/spooler-jobs';

const run = promisify(execFile);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** One job the harness's printer took: the document, and the very page the app would print. */
interface RecordedPrint {
  printer: string;
  paper: PaperKind;
  document: PrintDocument;
  /** The HTML file written for it (what Electron's hidden print page loads). */
  file: string;
}

export interface HarnessPrinting extends PlatformPrinting {
  jobs: RecordedPrint[];
  /** The next job fails with these words, as a printer out of paper would. */
  failNext(message: string): void;
  /** The next job never ends, as an OS spooler whose callback never comes. */
  hangNext(): void;
}

const HARNESS_PRINTER = 'Harness_Receipt_Printer';

export interface HarnessPrintingOptions {
  /**
   * A CUPS scheduler's socket (a private cupsd: tests/support/private-cups.ts): each OS job is
   * then spooled there with `lp` (raw, as Electron's print() spools) and confirmed as the app
   * confirms it, by watching the spooler (spooler-jobs.ts, cups-spooler.ts).
   */
  cupsServer?: string;
  clock?: Clock;
  logger?: Logger;
}

/**
 * The harness has no Electron: its "OS printer" writes each job's page (printHtml, the page
 * the app prints) to `dir` and records it (printed), or spools it to a CUPS scheduler and
 * waits for it as the app does; "Save as PDF" prints that page with Debian's Chromium headless
 * (--print-to-pdf), no Playwright, into `dir`.
 */
export function harnessPrinting(
  dir: string,
  options: HarnessPrintingOptions = {},
): HarnessPrinting {
  const jobs: RecordedPrint[] = [];
  let failure: string | null = null;
  let hang = false;
  const write = (name: string, html: string) => {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, name);
    writeFileSync(file, html);
    return file;
  };
  return {
    jobs,
    failNext(message) {
      failure = message;
    },
    hangNext() {
      hang = true;
    },
    listPrinters: async () => [{ name: HARNESS_PRINTER, displayName: 'Harness receipt printer' }],
    osPrinter: (target) => ({
      print: async (document) => {
        if (failure !== null) {
          const message = failure;
          failure = null;
          throw new PrintFailure('printer-error', message);
        }
        if (hang) {
          hang = false;
          return new Promise<void>(() => undefined);
        }
        const printer = target.deviceName ?? HARNESS_PRINTER;
        const record = () => {
          const file = write(
            `${String(jobs.length + 1).padStart(2, '0')}-print.html`,
            printHtml(document, target.paper),
          );
          jobs.push({ printer, paper: target.paper, document, file });
          return file;
        };
        const cups = options.cupsServer;
        if (!cups) return void record();
        await printThroughSpooler(
          {
            spooler: createCupsSpooler({ socketPath: cups }),
            printer: target.deviceName,
            clock: options.clock ?? systemClock,
            timeoutMs: SPOOLER_CONFIRM_TIMEOUT_MS,
            pollMs: SPOOLER_POLL_MS,
            logger: options.logger ?? silentLogger,
          },
          async () => {
            const file = record();
            const destination = target.deviceName ? ['-d', target.deviceName] : [];
            try {
              await run('lp', [...destination, '-o', 'raw', file], {
                env: { ...process.env, CUPS_SERVER: cups },
                timeout: 15_000,
              });
            } catch (error) {
              // As Electron's print() callback says false: the spooler did not take the job.
              throw new PrintFailure(
                'printer-error',
                'The printer did not take the job.',
                String((error as { stderr?: unknown }).stderr ?? error),
                { action: 'Check it is on, has paper and is connected, then try again.' },
              );
            }
          },
        );
      },
    }),
    savePdf: async (document, paper, suggestedName) => {
      const page = write(`${suggestedName}.html`, printHtml(document, paper));
      await run(
        CHROMIUM_PATH,
        [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--no-pdf-header-footer',
          `--print-to-pdf=${join(dir, suggestedName)}`,
          pathToFileURL(page).href,
        ],
        { timeout: 60_000 },
      );
      return { saved: true, fileName: suggestedName };
    },
  };
}
