/**
 * Printing through the contract on a printer of the computer, through a real print queue: a
 * private CUPS scheduler (tests/support/private-cups.ts) whose raw queues send each job to a
 * recording printer on 127.0.0.1. The harness spools each job there with `lp`, as Electron's
 * print() spools it, and the till's own spooler watch (spooler-jobs.ts over IPP,
 * cups-spooler.ts) decides what the cashier reads: printed only once CUPS says the job
 * completed; not printed when CUPS refused it or cancelled it before it started; otherwise
 * not known (it is in the queue and may still print).
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PrintDocument } from '../../../shared/printing/print-document';
import type { ReceiptPrintStatus } from '../../../shared/printing/receipt-views';
import { createCupsSpooler } from '../../../electron/printing/cups-spooler';
import type { Spooler, SpoolerJobState } from '../../../electron/printing/spooler-jobs';
import {
  startFakeNetworkPrinter,
  type FakeNetworkPrinter,
  type FakePrinterOptions,
} from '../../support/fake-network-printer';
import { ManualClock } from '../../support/manual-clock';
import { hasCups, startPrivateCups, type PrivateCups } from '../../support/private-cups';
import { startHarness, type Harness } from '../../support/harness/harness';
import { callThrough, ok } from './harness-call';

const cupsHere = hasCups();

let harness: Harness | undefined;
const printers: FakeNetworkPrinter[] = [];
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  for (const printer of printers.splice(0)) await printer.close();
});
const call = callThrough(() => harness);

const statuses = (events: [string, unknown][]) =>
  events
    .filter(([name]) => name === 'receipt-status')
    .map(([, status]) => status as ReceiptPrintStatus);
const marks = (document: PrintDocument) =>
  document.blocks.flatMap((block) => (block.type === 'mark' ? [block.text] : []));

describe.runIf(cupsHere)(
  'receipts through a CUPS print queue (needs CUPS: tests/setup-test-machine.sh)',
  () => {
    let cups: PrivateCups;
    let spooler: Spooler;
    let queues = 0;

    beforeAll(async () => {
      cups = await startPrivateCups();
      spooler = createCupsSpooler({ socketPath: join(cups.folder, 'cups.sock') });
    });
    afterAll(async () => {
      await cups?.stop();
    });

    /** A raw queue of its own to a recording printer in the given mode. */
    async function queueTo(options: FakePrinterOptions = {}, lpadmin: string[] = []) {
      const printer = await startFakeNetworkPrinter(options);
      printers.push(printer);
      queues += 1;
      const name = `Counter_Printer_${queues}`;
      await cups.client('lpadmin', [
        '-p',
        name,
        '-v',
        `socket://127.0.0.1:${printer.port}`,
        '-E',
        ...lpadmin,
      ]);
      return { printer, name };
    }

    async function tillOn(deviceName: string | undefined, clock: ManualClock) {
      const events: [string, unknown][] = [];
      harness = await startHarness({
        clock,
        cupsServer: join(cups.folder, 'cups.sock'),
        settings: {
          receiptPrinting: 'automatic',
          receiptPrinter: deviceName ? { kind: 'os', deviceName } : { kind: 'os' },
        },
        onEvent: (name, payload) => events.push([name, payload]),
      });
      await harness.services.rates.ready();
      return events;
    }

    async function paidQrSale(): Promise<string> {
      const sale = await ok<{ orderId: string }>(
        call('startQrSale', { amount: '5', chainId: '1', asset: 'USDT' }),
      );
      await ok(call('confirmPaidByCashier'));
      return sale.orderId;
    }

    /** The states CUPS gives the queue's jobs, once they are these (real time: CUPS works). */
    async function cupsSays(queue: string, states: SpoolerJobState[]) {
      await expect
        .poll(async () => (await spooler.jobs(queue)).map((job) => job.state), { timeout: 10_000 })
        .toEqual(states);
    }

    /** Moves the till's clock on in small steps until the print has ended, as its time would. */
    async function untilEnded(clock: ManualClock, events: [string, unknown][]) {
      await expect
        .poll(
          () => {
            clock.advance(250);
            return statuses(events).at(-1)?.state;
          },
          { timeout: 10_000, interval: 20 },
        )
        .not.toBe('printing');
      return statuses(events).at(-1)!;
    }

    it('says printed once CUPS says the job completed', async () => {
      const { printer, name } = await queueTo();
      const clock = new ManualClock();
      const events = await tillOn(name, clock);

      await paidQrSale();
      await cupsSays(name, ['completed']);
      const status = await untilEnded(clock, events);

      expect(status).toMatchObject({
        state: 'printed',
        copy: false,
        message: `The receipt was printed on ${name}.`,
        action: null,
      });
      // The page reached the printer through the queue.
      expect((await printer.nextJob()).toString('utf8')).toContain('<!doctype html>');
    });

    it('asks CUPS which printer is the default one when the setting names none', async () => {
      const { name } = await queueTo();
      await cups.client('lpadmin', ['-d', name]);
      const clock = new ManualClock();
      const events = await tillOn(undefined, clock);

      await paidQrSale();
      await cupsSays(name, ['completed']);

      expect(await untilEnded(clock, events)).toMatchObject({
        state: 'printed',
        message: 'The receipt was printed on the default printer.',
      });
    });

    it('says it is not known whether it printed when the printer never reads and CUPS never finishes the job', async () => {
      const { name } = await queueTo({ mode: 'stall' });
      const clock = new ManualClock();
      const events = await tillOn(name, clock);

      const orderId = await paidQrSale();
      await cupsSays(name, ['processing']);
      const status = await untilEnded(clock, events);

      expect(status).toMatchObject({
        state: 'unknown',
        message: `Not known whether the receipt printed: The print queue of ${name} has not finished it.`,
        action: 'Check the paper before you print again: a new print says COPY.',
      });
      // It may yet print: the next print is a COPY.
      const again = call('printReceipt', { orderId, copy: false });
      await expect.poll(() => harness!.printing.jobs.length).toBe(2);
      expect(marks(harness!.printing.jobs[1]!.document)).toContain('COPY');
      await untilEnded(clock, events);
      await expect(ok<ReceiptPrintStatus>(again)).resolves.toMatchObject({ copy: true });
    });

    it('says it is not known whether it printed while the job waits in a stopped queue, with what to do', async () => {
      const { name } = await queueTo();
      await cups.client('cupsdisable', [name]);
      const clock = new ManualClock();
      const events = await tillOn(name, clock);

      await paidQrSale();
      await cupsSays(name, ['pending']);
      const status = await untilEnded(clock, events);

      expect(status).toMatchObject({
        state: 'unknown',
        message: `Not known whether the receipt printed: It is still waiting in the print queue of ${name}.`,
        action:
          'Check the printer and its paper before you print again: the waiting job may still print.',
      });
    });

    it('says not printed when CUPS cancels the job before it started, and the next print is the original', async () => {
      const { name } = await queueTo();
      await cups.client('cupsdisable', [name]);
      const clock = new ManualClock();
      const events = await tillOn(name, clock);

      const orderId = await paidQrSale();
      await cupsSays(name, ['pending']);
      await cups.client('cancel', ['-a', name]);
      await cupsSays(name, ['canceled']);
      const status = await untilEnded(clock, events);

      expect(status).toMatchObject({
        state: 'not-printed',
        copy: false,
        message: `The receipt was not printed: The print queue of ${name} cancelled it before printing.`,
        action: 'Check the printer, then try again.',
      });
      await cups.client('cupsenable', [name]);
      const again = call('printReceipt', { orderId, copy: false });
      await expect.poll(() => harness!.printing.jobs.length).toBe(2);
      expect(marks(harness!.printing.jobs[1]!.document)).not.toContain('COPY');
      await untilEnded(clock, events);
      await expect(ok<ReceiptPrintStatus>(again)).resolves.toMatchObject({
        state: 'printed',
        copy: false,
      });
    });

    it('says not printed when the queue does not take jobs', async () => {
      const { name } = await queueTo();
      await cups.client('cupsreject', [name]);
      const clock = new ManualClock();
      const events = await tillOn(name, clock);

      await paidQrSale();
      const status = await untilEnded(clock, events);

      expect(status).toMatchObject({
        state: 'not-printed',
        message: 'The receipt was not printed: The printer did not take the job.',
        action: 'Check it is on, has paper and is connected, then try again.',
      });
      expect(await spooler.jobs(name)).toEqual([]);
    });
  },
);

if (!cupsHere) {
  // Said plainly, not silently: the machine lacks what the test needs.
  describe('receipts through a CUPS print queue', () => {
    it.skip('needs CUPS (cupsd, lpadmin, lp): run tests/setup-test-machine.sh', () => undefined);
  });
}
