import { BrowserWindow, type WebContents, type WebContentsPrintOptions } from 'electron';
import { systemClock, type Clock } from '../../../shared/clock';
import { silentLogger, type Logger } from '../../logging/logger';
import type { OsPrinterTarget } from '../../printing/platform-printing';
import { PrintFailure } from '../../printing/print-failure';
import type { PrinterPort } from '../../printing/printer-port';
import { pageHeightMm, paperLayouts } from '../../printing/paper-layout';
import { printHtml } from '../../printing/print-html';
import {
  printThroughSpooler,
  SPOOLER_CONFIRM_TIMEOUT_MS,
  SPOOLER_POLL_MS,
  type Spooler,
} from '../../printing/spooler-jobs';
import type { PaperKind, PrintDocument } from '../../../shared/printing/print-document';
import type { PrinterView } from '../../../shared/printing/receipt-views';

/**
 * Printing through the OS (thin: the page is printHtml's, pure and tested on its own). Each
 * job gets a hidden window of its own that can do nothing but show the page: sandboxed,
 * context-isolated, no preload, no JavaScript, every navigation refused, registered as ours
 * (the security hooks close any webContents that is not) and destroyed when the job is done.
 * The page is a data: URL: an opaque origin that reaches no file, no app:// page and no IPC.
 *
 * Electron's facts this follows: print() sizes in microns (an 80 mm roll is 80000 wide) and
 * printToPDF() in inches; print() without pageSize prints A4, so a paper is always named,
 * or the printer's own default asked for with usePrinterDefaultPageSize; deviceName is the
 * system name from getPrintersAsync(); printing starts only after did-finish-load; the
 * callback's success means spooled, not printed, and a failure is never retried here. So a
 * spooled job counts as printed only once the OS's print queue says it completed
 * (spooler-jobs.ts, CUPS on Linux and macOS); where none can be asked it is unknown.
 */
export interface OsPrintingOptions {
  /** Marks the hidden window's webContents as ours for the security hooks (not for IPC). */
  register: (contents: WebContents) => void;
  /** Any live webContents of ours to ask for the printer list (the cashier window's). */
  listingContents: () => WebContents | undefined;
  /** The OS's print queue, asked whether each job completed; absent where there is none. */
  spooler?: Spooler;
  /** Times the wait for the print queue (default the system clock). */
  clock?: Clock;
  logger?: Logger;
}

const MICRONS_PER_MM = 1000;
const MM_PER_INCH = 25.4;

export function createOsPrinting(options: OsPrintingOptions) {
  return {
    osPrinter(target: OsPrinterTarget): PrinterPort {
      return {
        print: (document, copies = 1) =>
          printThroughSpooler(
            {
              spooler: options.spooler,
              printer: target.deviceName,
              clock: options.clock ?? systemClock,
              timeoutMs: SPOOLER_CONFIRM_TIMEOUT_MS,
              pollMs: SPOOLER_POLL_MS,
              logger: options.logger ?? silentLogger,
            },
            () =>
              withPrintPage(options, printHtml(document, target.paper), (contents) =>
                spool(contents, printOptions(document, target, copies)),
              ),
          ),
      };
    },

    /** The document as PDF bytes, on the paper's size (in inches, as printToPDF wants). */
    printToPdf(document: PrintDocument, paper: PaperKind): Promise<Uint8Array> {
      const { widthMm } = paperLayouts[paper];
      const heightMm = pageHeightMm(document, paper);
      return withPrintPage(options, printHtml(document, paper), (contents) =>
        contents.printToPDF({
          printBackground: true,
          preferCSSPageSize: true,
          pageSize: { width: widthMm / MM_PER_INCH, height: heightMm / MM_PER_INCH },
          margins: { top: 0, bottom: 0, left: 0, right: 0 },
        }),
      );
    },

    async listPrinters(): Promise<PrinterView[]> {
      const contents = options.listingContents();
      if (!contents || contents.isDestroyed()) return [];
      const printers = await contents.getPrintersAsync();
      return printers.map((printer) => ({
        name: printer.name,
        displayName: printer.displayName || printer.name,
      }));
    },
  };
}

/** The paper's own size in microns (a roll cut to the content), or the driver's default. */
function printOptions(
  document: PrintDocument,
  target: OsPrinterTarget,
  copies: number,
): WebContentsPrintOptions {
  const size: Pick<WebContentsPrintOptions, 'pageSize' | 'usePrinterDefaultPageSize'> =
    target.paperFromPrinter
      ? { usePrinterDefaultPageSize: true }
      : {
          pageSize: {
            width: Math.round(paperLayouts[target.paper].widthMm * MICRONS_PER_MM),
            height: Math.round(pageHeightMm(document, target.paper) * MICRONS_PER_MM),
          },
        };
  return {
    silent: true,
    printBackground: true,
    copies,
    // The page carries its own margins; the driver's would shrink a 58 mm roll's text.
    margins: { marginType: 'none' },
    ...(target.deviceName ? { deviceName: target.deviceName } : {}),
    ...size,
  };
}

/** Opens the hidden page, waits until it has loaded, hands it to `work`, and always destroys it. */
async function withPrintPage<T>(
  options: OsPrintingOptions,
  html: string,
  work: (contents: WebContents) => Promise<T>,
): Promise<T> {
  const window = new BrowserWindow({
    show: false,
    width: 800,
    height: 1000,
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      javascript: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: false,
    },
  });
  const contents = window.webContents;
  options.register(contents);
  // Nothing on a receipt navigates; whatever tries is refused (beside the app-wide hooks).
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  try {
    const loaded = new Promise<void>((resolve, reject) => {
      contents.once('did-finish-load', () => resolve());
      contents.once('did-fail-load', (_event, code, description) =>
        reject(
          new PrintFailure(
            'printer-error',
            `The page to print could not be prepared (${description || code}).`,
            `did-fail-load ${code} ${description}`,
            { action: 'Try again, or save it as PDF.' },
          ),
        ),
      );
    });
    // loadURL's own rejection is the did-fail-load above, reported once there.
    window
      .loadURL(`data:text/html;charset=utf-8;base64,${Buffer.from(html).toString('base64')}`)
      .catch(() => undefined);
    await loaded;
    return await work(contents);
  } finally {
    if (!window.isDestroyed()) window.destroy();
  }
}

/**
 * webContents.print as a promise: resolves once spooled (not yet printed: the print queue says
 * when), rejects with a PrintFailure in words.
 * A callback that never comes (a driver that hangs) is the print queue's deadline to catch.
 */
function spool(contents: WebContents, printOptions: WebContentsPrintOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    contents.print(printOptions, (success, failureReason) => {
      if (success) resolve();
      else reject(printFailureOf(failureReason));
    });
  });
}

/** The OS did not spool the job: nothing reached the printer. */
function printFailureOf(reason: string): PrintFailure {
  if (/cancel/i.test(reason))
    return new PrintFailure('printer-error', 'The print job was cancelled.', reason, {
      action: 'Try again.',
    });
  if (/invalid.*device|no.*printer|printer.*not/i.test(reason))
    return new PrintFailure('not-found', 'The printer was not found.', reason, {
      action: 'Check it is on and connected, or choose another in Settings.',
    });
  return new PrintFailure(
    'printer-error',
    `The printer did not take the job${reason ? ` (${reason})` : ''}.`,
    reason,
    { action: 'Check it is on, has paper and is connected, then try again.' },
  );
}
