/**
 * Shared by the tests/nfc files (not a test itself): the real host (supervisor + bridge) over a
 * forked reader process, a recorder that waits for events with a deadline instead of sleeping,
 * and the real payment stack (sandbox + service client + SaleService) for tap-to-pay.
 */
import { Context } from 'smartcard';
import { systemClock } from '../../shared/clock';
import type { SqliteOrderJournal } from '../../electron/journal/sqlite-order-journal';
import { createNfcHost, type NfcHost } from '../../electron/nfc-host/nfc-host';
import type { NfcSalePort, TapOutcome } from '../../electron/nfc-host/nfc-payment-bridge';
import type { ReaderChannel } from '../../electron/nfc-host/reader-channel';
import { forkReaderProcess } from '../support/fork-reader-channel';
import type { NfcStatus } from '../../electron/nfc-host/nfc-status';
import type { ReaderEvent, StopOutcome } from '../../electron/nfc-host/reader-supervisor';
import type { SaleService } from '../../electron/sale/sale-service';
import type { RunningSandbox } from '../../electron/sandbox/sandbox-server';

/** vpcd's first reader (port 35963), where the virtual card taps. */
export const VPCD_READER = 'Virtual PCD 00 00';

/** Keeps everything that happened and lets a test wait for the next matching item. */
export class Recorder<T> {
  readonly items: T[] = [];
  private waiters: { from: number; test: (item: T) => boolean; resolve: (item: T) => void }[] = [];

  push(item: T): void {
    this.items.push(item);
    const index = this.items.length - 1;
    for (const waiter of [...this.waiters]) {
      if (index >= waiter.from && waiter.test(item)) {
        this.waiters = this.waiters.filter((other) => other !== waiter);
        waiter.resolve(item);
      }
    }
  }

  /** Position to wait from, so earlier items do not satisfy a later wait. */
  mark(): number {
    return this.items.length;
  }

  since(mark: number): T[] {
    return this.items.slice(mark);
  }

  /** The first item at or after `from` passing `test`; rejects after `timeoutMs` of real time. */
  waitFor(
    test: (item: T) => boolean,
    what: string,
    options: { from?: number; timeoutMs?: number } = {},
  ): Promise<T> {
    const from = options.from ?? 0;
    const found = this.items.slice(from).find(test);
    if (found !== undefined) return Promise.resolve(found);
    const timeoutMs = options.timeoutMs ?? 15_000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== entry);
        reject(
          new Error(
            `waited ${timeoutMs} ms for ${what}; saw: ${JSON.stringify(this.items.slice(from)).slice(0, 2000)}`,
          ),
        );
      }, timeoutMs);
      const entry = {
        from,
        test,
        resolve: (item: T) => {
          clearTimeout(timer);
          resolve(item);
        },
      };
      this.waiters.push(entry);
    });
  }
}

const noSale: NfcSalePort = {
  current: () => null,
  submitNfcToken: () => ({ kind: 'refused', refusal: 'sale-changed' }),
};

export interface TestHost {
  host: NfcHost;
  events: Recorder<ReaderEvent>;
  statuses: Recorder<NfcStatus>;
  /** One per card presence: what the pages hear of it ('nfc-tap'). */
  outcomes: Recorder<TapOutcome>;
  /** Every reader process the supervisor started, newest last. */
  channels: ReaderChannel[];
  /** Resolves with a reader's result (token-read or error) for a tap on the vpcd reader. */
  nextResult(from: number, timeoutMs?: number): Promise<ReaderEvent>;
  stop(): Promise<StopOutcome>;
}

export function startTestHost(
  options: {
    sale?: NfcSalePort;
    apduTimeoutMs?: number;
    readDeadlineMs?: number;
    watchdog?: { intervalMs: number; timeoutMs: number };
  } = {},
): TestHost {
  const channels: ReaderChannel[] = [];
  const host = createNfcHost({
    spawn: () => {
      const channel = forkReaderProcess();
      channels.push(channel);
      return channel;
    },
    clock: systemClock,
    sale: options.sale ?? noSale,
    apduTimeoutMs: options.apduTimeoutMs ?? 1000,
    ...(options.readDeadlineMs ? { readDeadlineMs: options.readDeadlineMs } : {}),
    restartDelayMs: 200,
    watchdog: options.watchdog ?? { intervalMs: 2000, timeoutMs: 10_000 },
  });
  const events = new Recorder<ReaderEvent>();
  const statuses = new Recorder<NfcStatus>();
  const outcomes = new Recorder<TapOutcome>();
  host.reader.onEvent((event) => events.push(event));
  host.reader.onStatus((status) => statuses.push(status));
  host.bridge.onOutcome((outcome) => outcomes.push(outcome));
  host.start();
  return {
    host,
    events,
    statuses,
    outcomes,
    channels,
    nextResult: (from, timeoutMs) =>
      events.waitFor(
        (event) =>
          (event.type === 'token-read' || (event.type === 'error' && event.tap !== undefined)) &&
          event.reader === VPCD_READER,
        'a read result',
        { from, ...(timeoutMs ? { timeoutMs } : {}) },
      ),
    stop: () => host.stop(),
  };
}

/** Waits until the host reports the vpcd reader ready. */
export function waitReaderReady(test: TestHost, from = 0, timeoutMs = 15_000): Promise<NfcStatus> {
  // Every reader pcscd has, not only the card's: vpcd has two slots, and when the reader
  // process learns of the second one while the first reads a card, pcscd fails that read
  // ("Transaction failed", seen in loaded runs). A till's customer taps again; a test waits.
  const expected = pcscReaderNames();
  return test.statuses.waitFor(
    (status) =>
      status.state === 'ready' &&
      status.readers.includes(VPCD_READER) &&
      expected.every((reader) => status.readers.includes(reader)),
    'reader ready',
    {
      from,
      timeoutMs,
    },
  );
}

/** The readers pcscd lists now; none when it cannot be asked. */
function pcscReaderNames(): string[] {
  try {
    const context = new Context();
    try {
      return context.listReaders().map((reader) => reader.name);
    } finally {
      context.close();
    }
  } catch {
    return [];
  }
}

export interface PaymentStack {
  sandbox: RunningSandbox;
  sale: SaleService;
  journal: SqliteOrderJournal;
  close(): Promise<void>;
}

/** The real sandbox, client and sale service, wired as the app wires them. */
export async function startPaymentStack(
  options: { acceptAnyNfcToken?: boolean } = {},
): Promise<PaymentStack> {
  // Loaded here, so the reader-only tests do not depend on the payment modules.
  const [{ SqliteOrderJournal }, { SaleService }, { startSandbox }, { createServiceClient }] =
    await Promise.all([
      import('../../electron/journal/sqlite-order-journal'),
      import('../../electron/sale/sale-service'),
      import('../../electron/sandbox/sandbox-server'),
      import('../../electron/service-client/payment-service-client'),
    ]);
  const sandbox = await startSandbox({ acceptAnyNfcToken: options.acceptAnyNfcToken ?? false });
  const client = createServiceClient({
    baseUrl: sandbox.baseUrl,
    getToken: () => sandbox.token,
    clock: systemClock,
  });
  const journal = new SqliteOrderJournal({ path: ':memory:', clock: systemClock });
  const sale = new SaleService({
    journal,
    client,
    clock: systemClock,
    terms: () => ({
      serialNumber: 'POS-TEST-0001',
      currency: 'USD',
      feeValue: '0',
      rateTolerancePercent: '1',
    }),
  });
  return {
    sandbox,
    sale,
    journal,
    async close() {
      await sandbox.close();
      journal.close();
    },
  };
}

/** Resolves when the sale reaches `state`, from its change events (deadline, no polling). */
export function waitForSaleState(
  sale: SaleService,
  state: string,
  timeoutMs = 15_000,
): Promise<void> {
  if (sale.current()?.state === state) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`sale did not reach ${state}; it is ${sale.current()?.state ?? 'none'}`));
    }, timeoutMs);
    const stop = sale.onChange((snapshot) => {
      if (snapshot?.state === state) {
        clearTimeout(timer);
        stop();
        resolve();
      }
    });
  });
}
