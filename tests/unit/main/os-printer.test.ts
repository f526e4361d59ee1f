import type { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type PrintCallback = (success: boolean, failureReason: string) => void;
interface FakeContents extends EventEmitter {
  id: number;
  print: ReturnType<typeof vi.fn>;
  printToPDF: ReturnType<typeof vi.fn>;
  getPrintersAsync: ReturnType<typeof vi.fn>;
  isDestroyed: () => boolean;
}
interface FakeWindow {
  options: { show: boolean; webPreferences: Record<string, unknown> };
  webContents: FakeContents;
  loadURL: ReturnType<typeof vi.fn>;
  destroy: ReturnType<typeof vi.fn>;
  isDestroyed: () => boolean;
}

const created = vi.hoisted(() => [] as unknown[]);
vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  let nextId = 500;
  class BrowserWindow {
    destroyed = false;
    readonly webContents: FakeContents;
    readonly loadURL = vi.fn(async () => undefined);
    readonly destroy = vi.fn(() => {
      this.destroyed = true;
    });
    constructor(readonly options: Record<string, unknown>) {
      this.webContents = Object.assign(new Emitter(), {
        id: nextId++,
        print: vi.fn(),
        printToPDF: vi.fn(async () => Buffer.from('%PDF-1.4')),
        getPrintersAsync: vi.fn(async () => []),
        isDestroyed: () => this.destroyed,
      });
      created.push(this);
    }
    isDestroyed() {
      return this.destroyed;
    }
  }
  return { BrowserWindow, default: { BrowserWindow } };
});

import { createOsPrinting } from '../../../electron/main/printing/os-printer';
import type { Spooler, SpoolerJob } from '../../../electron/printing/spooler-jobs';
import { ManualClock } from '../../support/manual-clock';
import { pageHeightMm } from '../../../electron/printing/paper-layout';
import { receiptDocument } from '../../../electron/printing/receipt-document';
import { receiptFacts } from '../../support/receipt-fixtures';

const receipt = receiptDocument(receiptFacts());
const registered: number[] = [];
/** The OS print queue: each job spooled (the print callback's success) completes at once. */
const queueJobs: SpoolerJob[] = [];
const spooler: Spooler = {
  defaultPrinter: async () => 'Default_Printer',
  jobs: async () => [...queueJobs],
};
const clock = new ManualClock();
const printing = createOsPrinting({
  register: (contents) => registered.push(contents.id),
  listingContents: () => undefined,
  spooler,
  clock,
});
/** The OS took the job (Electron's callback says so) and its queue completed it. */
const spooledAndCompleted = (callback: PrintCallback) => {
  queueJobs.push({ id: queueJobs.length + 1, state: 'completed', started: true });
  callback(true, '');
};
const lastWindow = () => created.at(-1) as FakeWindow;
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

beforeEach(() => {
  created.length = 0;
  registered.length = 0;
});

/** Starts a job and lets the fake page finish loading; returns the job and its window. */
async function startJob(target: Parameters<typeof printing.osPrinter>[0], copies?: number) {
  const job = printing.osPrinter(target).print(receipt, copies);
  await flush();
  const window = lastWindow();
  return { job, window };
}

describe('the OS printer', () => {
  it('opens a hidden, sandboxed page without script or preload, registered as ours', async () => {
    const { job, window } = await startJob({ paper: 'roll-80' });
    expect(window.options.show).toBe(false);
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      javascript: false,
      devTools: false,
    });
    expect(window.options.webPreferences).not.toHaveProperty('preload');
    expect(registered).toEqual([window.webContents.id]);
    const url = window.loadURL.mock.calls[0]![0] as string;
    expect(url.startsWith('data:text/html;charset=utf-8;base64,')).toBe(true);
    expect(Buffer.from(url.split(',')[1]!, 'base64').toString()).toContain('Café Lumen');
    // Navigation is refused.
    const navigation = { preventDefault: vi.fn() };
    window.webContents.emit('will-navigate', navigation);
    expect(navigation.preventDefault).toHaveBeenCalled();
    window.webContents.emit('did-finish-load');
    await flush();
    spooledAndCompleted(window.webContents.print.mock.calls[0]![1] as PrintCallback);
    await job;
  });

  it('never prints before the page has loaded', async () => {
    const { job, window } = await startJob({ paper: 'roll-80' });
    await flush();
    expect(window.webContents.print).not.toHaveBeenCalled();
    window.webContents.emit('did-finish-load');
    await flush();
    expect(window.webContents.print).toHaveBeenCalledTimes(1);
    spooledAndCompleted(window.webContents.print.mock.calls[0]![1] as PrintCallback);
    await expect(job).resolves.toBeUndefined();
    expect(window.destroy).toHaveBeenCalled();
  });

  it('prints silently on the named printer at the roll size in microns, with copies', async () => {
    const { job, window } = await startJob({ paper: 'roll-80', deviceName: 'EPSON_TM_T20III' }, 2);
    window.webContents.emit('did-finish-load');
    await flush();
    const [options, callback] = window.webContents.print.mock.calls[0]! as [unknown, PrintCallback];
    expect(options).toEqual({
      silent: true,
      printBackground: true,
      copies: 2,
      margins: { marginType: 'none' },
      deviceName: 'EPSON_TM_T20III',
      pageSize: { width: 80_000, height: pageHeightMm(receipt, 'roll-80') * 1000 },
    });
    spooledAndCompleted(callback);
    await job;
  });

  it("asks for the printer's own default page size instead, when told to, and the default printer when none is named", async () => {
    const { job, window } = await startJob({ paper: 'roll-58', paperFromPrinter: true });
    window.webContents.emit('did-finish-load');
    await flush();
    const [options, callback] = window.webContents.print.mock.calls[0]! as [
      Record<string, unknown>,
      PrintCallback,
    ];
    expect(options.usePrinterDefaultPageSize).toBe(true);
    expect(options).not.toHaveProperty('pageSize');
    expect(options).not.toHaveProperty('deviceName');
    spooledAndCompleted(callback);
    await job;
  });

  it('turns a failed spool into a PrintFailure in words, and destroys the window', async () => {
    const { job, window } = await startJob({ paper: 'a4', deviceName: 'Office' });
    window.webContents.emit('did-finish-load');
    await flush();
    (window.webContents.print.mock.calls[0]![1] as PrintCallback)(
      false,
      'Invalid deviceName provided',
    );
    await expect(job).rejects.toThrow('The printer was not found.');
    await expect(job).rejects.toMatchObject({
      name: 'PrintFailure',
      kind: 'not-found',
      outcome: 'not-printed',
      action: 'Check it is on and connected, or choose another in Settings.',
    });
    expect(window.destroy).toHaveBeenCalled();
    expect(window.webContents.print).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['Print job canceled', 'The print job was cancelled.', 'Try again.'],
    [
      'Printer is out of order',
      'The printer did not take the job (Printer is out of order).',
      'Check it is on, has paper and is connected, then try again.',
    ],
    [
      '',
      'The printer did not take the job.',
      'Check it is on, has paper and is connected, then try again.',
    ],
  ])('says a spool refused with %j was not printed', async (reason, message, action) => {
    const { job, window } = await startJob({ paper: 'roll-80', deviceName: 'Office' });
    window.webContents.emit('did-finish-load');
    await flush();
    (window.webContents.print.mock.calls[0]![1] as PrintCallback)(false, reason);
    await expect(job).rejects.toMatchObject({ message, action, outcome: 'not-printed' });
  });

  it('does not say printed while the queue has not completed the job, and says so at its deadline', async () => {
    const { job, window } = await startJob({ paper: 'roll-80', deviceName: 'Office' });
    window.webContents.emit('did-finish-load');
    await flush();
    queueJobs.push({ id: queueJobs.length + 1, state: 'pending', started: false });
    (window.webContents.print.mock.calls[0]![1] as PrintCallback)(true, '');
    const outcome = job.then(
      () => 'printed',
      (error: unknown) => error,
    );
    await flush();
    clock.advance(19_999);
    await flush();
    expect(await Promise.race([outcome, Promise.resolve('open')])).toBe('open');
    clock.advance(1);
    await expect(outcome).resolves.toMatchObject({
      name: 'PrintFailure',
      kind: 'unconfirmed',
      outcome: 'unknown',
      message: 'It is still waiting in the print queue of Office.',
    });
  });

  it('says a spooled job is not known to have printed where there is no print queue to ask', async () => {
    const bare = createOsPrinting({ register: () => undefined, listingContents: () => undefined });
    const job = bare.osPrinter({ paper: 'roll-80', deviceName: 'EPSON' }).print(receipt);
    await flush();
    const window = lastWindow();
    window.webContents.emit('did-finish-load');
    await flush();
    (window.webContents.print.mock.calls[0]![1] as PrintCallback)(true, '');
    await expect(job).rejects.toMatchObject({
      kind: 'unconfirmed',
      outcome: 'unknown',
      message: 'The print queue of EPSON cannot tell whether it printed.',
      action: 'Check the paper before you print again: a new print says COPY.',
    });
  });

  it('fails in words when the page cannot load, without printing', async () => {
    const { job, window } = await startJob({ paper: 'roll-80' });
    window.webContents.emit('did-fail-load', {}, -2, 'ERR_FAILED');
    await expect(job).rejects.toThrow('The page to print could not be prepared (ERR_FAILED).');
    await expect(job).rejects.toMatchObject({
      name: 'PrintFailure',
      kind: 'printer-error',
      outcome: 'not-printed',
      action: 'Try again, or save it as PDF.',
    });
    expect(window.webContents.print).not.toHaveBeenCalled();
    expect(window.destroy).toHaveBeenCalled();
  });

  it('saves a PDF with the paper size in inches, after the load', async () => {
    const pdf = printing.printToPdf(receipt, 'roll-58');
    await flush();
    const window = lastWindow();
    expect(window.webContents.printToPDF).not.toHaveBeenCalled();
    window.webContents.emit('did-finish-load');
    await expect(pdf).resolves.toEqual(Buffer.from('%PDF-1.4'));
    expect(window.webContents.printToPDF.mock.calls[0]![0]).toMatchObject({
      preferCSSPageSize: true,
      pageSize: { width: 58 / 25.4, height: pageHeightMm(receipt, 'roll-58') / 25.4 },
    });
    expect(window.destroy).toHaveBeenCalled();
  });

  it('lists the printers by system name and the name people read', async () => {
    const contents = {
      isDestroyed: () => false,
      getPrintersAsync: async () => [
        { name: 'EPSON_TM_T20III', displayName: 'EPSON TM-T20III', description: '', options: {} },
        { name: 'Office', displayName: '', description: '', options: {} },
      ],
    };
    const listing = createOsPrinting({
      register: () => undefined,
      listingContents: () => contents as never,
    });
    await expect(listing.listPrinters()).resolves.toEqual([
      { name: 'EPSON_TM_T20III', displayName: 'EPSON TM-T20III' },
      { name: 'Office', displayName: 'Office' },
    ]);
  });
});
