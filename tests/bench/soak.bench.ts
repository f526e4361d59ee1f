// A long day at the till, compressed: SOAK_SALES (default 10,000) sales through the
// harness's services (the app's own createAppServices, a real SQLite journal) against the
// sandbox over loopback HTTP, configured as the till's payment service and run in its own
// process (soak-sandbox.ts: its records of every order would otherwise count as the till's
// heap) on a ManualClock moved 20 s per sale (10,000 sales are ~55 hours of
// trading: several days, each with its report boundaries). Two sales in three are QR (paid
// or cancelled), one in three NFC. Every WINDOW sales the customer display is unplugged and
// plugged back; every 4 windows the NFC reader process is killed and the supervisor restarts it.
//
// The NFC reader is a fake reader process (an in-process ReaderChannel speaking the reader
// protocol: reader-ready, pong, and a tap's card-present / token-read / card-removed): the
// real one needs pcscd and a virtual card (the nfc test project), whose fixed ports other
// runs share. Everything from the supervisor on is the app's: the tap goes through the
// NfcHost, the payment bridge, the sale service and the client to the sandbox's generate_nfc.
// The displays are a fake PlatformDisplays (the harness has no Electron screen).
//
// Printed at start, middle and end (a window of sales each): QR call-to-snapshot p99 (the
// startQrSale call until its answer) and NFC tap-to-accepted p99 over the window's sales; heap
// after GC, active handles, timers armed on the app's clock, journal file bytes per sale and
// the WAL's size once the window's sales are done. Goal: flat, end within 1.1x start (the WAL:
// end within 1.1x the middle, once it has filled).
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { PlatformDisplays } from '../../electron/app/app-platform';
import { dispatchCall } from '../../electron/app/dispatch-call';
import { silentLogger } from '../../electron/logging/logger';
import { createMemorySecretStore } from '../../electron/settings/secret-store';
import type { HostToReader } from '../../electron/nfc/reader-protocol';
import type { ReaderChannel } from '../../electron/nfc-host/reader-channel';
import { chooseCustomerDisplay, type DisplayInfo } from '../../shared/customer-display';
import type { DisplaysView } from '../../shared/ipc/views';
import { startHarness, type Harness } from '../support/harness/harness';
import { ManualClock } from '../support/manual-clock';
import { percentile, ratioLine, type BenchLine } from './bench-line';

const SALES = Math.max(300, Number(process.env.SOAK_SALES ?? 10_000));
/** Sales per measured window (start, middle, end) and between display unplugs. */
const WINDOW = Math.floor(SALES / 10);
/** Sales before the start window: the JIT's first compilations are the cold start's business. */
const WARM_UP = Math.min(200, WINDOW);
const SALE_MS = 20_000;
const READER = 'Fake Reader 0';

/** One reader process as the supervisor sees it: answers configure and ping, taps on demand. */
class FakeReaderProcess implements ReaderChannel {
  private listener: (message: unknown) => void = () => undefined;
  private exits: ((code: number | null) => void)[] = [];
  private tapCount = 0;
  send(message: HostToReader): void {
    // Answered on a later turn, as a process's IPC is.
    if (message.type === 'configure')
      setImmediate(() => this.listener({ type: 'reader-ready', reader: READER }));
    else if (message.type === 'ping')
      setImmediate(() => this.listener({ type: 'pong', id: message.id }));
    else if (message.type === 'shutdown') setImmediate(() => this.exit(0));
  }
  onMessage(listener: (message: unknown) => void): void {
    this.listener = listener;
  }
  onExit(listener: (code: number | null) => void): void {
    this.exits.push(listener);
  }
  kill(): void {
    setImmediate(() => this.exit(null));
  }
  /** A phone wallet held to the reader: its token read, then taken away. */
  tap(token: string): void {
    const tap = (this.tapCount += 1);
    this.listener({ type: 'card-present', reader: READER, tap });
    this.listener({
      type: 'token-read',
      reader: READER,
      tap,
      token,
      protocol: 'aid',
      exchangeMs: 5,
    });
    this.listener({ type: 'card-removed', reader: READER, tap });
  }
  private exit(code: number | null): void {
    for (const listener of this.exits.splice(0)) listener(code);
  }
}

class FakeDisplays implements PlatformDisplays {
  private listeners = new Set<(view: DisplaysView) => void>();
  private current: DisplaysView = FakeDisplays.viewOf(true);
  static viewOf(plugged: boolean): DisplaysView {
    const displays: DisplayInfo[] = [
      { id: 1, bounds: { x: 0, y: 0, width: 1280, height: 800 }, primary: true, internal: true },
      ...(plugged ? [{ id: 2, bounds: { x: 1280, y: 0, width: 1920, height: 1080 } }] : []),
    ];
    return {
      displays,
      cashierDisplayId: 1,
      choice: chooseCustomerDisplay(displays, 1, { mode: 'auto' }),
    };
  }
  view(): DisplaysView {
    return this.current;
  }
  onChange(listener: (view: DisplaysView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  identify(): void {}
  plug(plugged: boolean): void {
    this.current = FakeDisplays.viewOf(plugged);
    for (const listener of this.listeners) listener(this.current);
  }
}

/** A few event-loop turns at a time until `done` (the sandbox is real I/O); gives up after 10 s. */
async function until(done: () => boolean, what: string): Promise<void> {
  const giveUpAt = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > giveUpAt) throw new Error(`soak: gave up waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

interface Sample {
  heapMb: number;
  handles: number;
  clockTimers: number;
  /** The journal file itself (what checkpoints moved out of the WAL). */
  journalBytes: number;
  walBytes: number;
  sales: number;
}

export async function run(): Promise<BenchLine[]> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const clock = new ManualClock();
  const readers: FakeReaderProcess[] = [];
  const displays = new FakeDisplays();
  const service = fork(join(import.meta.dirname, 'soak-sandbox.ts'), [String(clock.now())], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let harness: Harness | undefined;
  try {
    const [line] = (await once(createInterface({ input: service.stdout! }), 'line')) as [string];
    const sandbox = JSON.parse(line) as { baseUrl: string; origin: string; token: string };
    harness = await startHarness({
      clock,
      displays,
      settings: { amountEntry: 'asset', serviceBaseUrl: sandbox.baseUrl, serialNumber: 'POS-SOAK' },
      secrets: createMemorySecretStore({ token: sandbox.token, origin: sandbox.origin }),
      spawnReader: () => {
        const reader = new FakeReaderProcess();
        readers.push(reader);
        return reader;
      },
    });
    const services = harness.services;
    const call = async (name: string, args: unknown = {}) => {
      const result = await dispatchCall(services.handlers, name as never, args, silentLogger);
      if (!result.ok) throw new Error(`soak: ${name} refused: ${result.error.message}`);
      return result.value;
    };
    const state = () => services.sale.current()?.state;
    const nfcReady = async () => {
      await until(() => {
        clock.advance(1_000); // the supervisor's restart delay runs on the app's clock
        return (services.nfc?.reader.status().state ?? 'ready') === 'ready';
      }, 'the reader');
    };
    const journalFile = join(harness.dataDir, 'journal.sqlite');
    const walBytes = () => statSync(`${journalFile}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    const sample = (sales: number): Sample => {
      gc();
      gc();
      return {
        heapMb: process.memoryUsage().heapUsed / 1024 / 1024,
        handles: process
          .getActiveResourcesInfo()
          .filter((kind) => kind !== 'Timeout' && kind !== 'Immediate').length,
        clockTimers: clock.pendingTimers(),
        journalBytes: statSync(journalFile).size,
        walBytes: walBytes(),
        sales,
      };
    };

    await nfcReady();
    const qrMs: number[] = [];
    const nfcMs: number[] = [];
    const qrAt: number[] = [];
    const nfcAt: number[] = [];
    const samples: Sample[] = [];
    const middle = WARM_UP + Math.floor((SALES - WARM_UP) / 2) - Math.floor(WINDOW / 2);
    const windows = { start: WARM_UP, middle, end: SALES - WINDOW };

    for (let sale = 0; sale < SALES; sale += 1) {
      // Each window's sample once its sales are done: the forced GCs of a sample are the
      // bench's own work, and the sales right after them would pay for it (code flushed,
      // caches cold).
      if (sale === windows.start + WINDOW || sale === windows.middle + WINDOW)
        samples.push(sample(sale));
      if (sale > 0 && sale % WINDOW === 0) {
        displays.plug(false);
        displays.plug(true);
      }
      if (sale > 0 && sale % (WINDOW * 4) === 0) {
        readers.at(-1)?.kill();
        await until(() => services.nfc?.reader.status().state !== 'ready', 'the reader to go');
        await nfcReady();
      }
      const amount = `${1 + (sale % 97)}.${sale % 10}`;
      if (sale % 3 === 2) {
        await call('startNfcSale', { amount });
        await until(() => state() === 'waiting-for-tap', 'waiting for a tap');
        const tapped = performance.now();
        readers.at(-1)?.tap(randomUUID());
        await until(() => state() === 'accepted-by-service', 'the NFC payment');
        nfcMs.push(performance.now() - tapped);
        nfcAt.push(sale);
      } else {
        const started = performance.now();
        await call('startQrSale', { amount, chainId: '1', asset: 'USDT' });
        qrMs.push(performance.now() - started);
        qrAt.push(sale);
        await call(sale % 3 === 0 ? 'confirmPaidByCashier' : 'cancelSale');
      }
      await call('finishSale');
      // The time to the next sale, a second at a time with a turn between: the reader's
      // watchdog pings on this clock and its pong, like a real process's, takes a turn.
      for (let second = 0; second < SALE_MS / 1_000; second += 1) {
        clock.advance(1_000);
        await new Promise((resolve) => setImmediate(resolve));
      }
      service.send({ now: clock.now() });
    }
    samples.push(sample(SALES));

    const [atStart, atMiddle, atEnd] = samples as [Sample, Sample, Sample];
    const inWindow = (times: number[], at: number[], from: number) =>
      times.filter((_, i) => (at[i] as number) >= from && (at[i] as number) < from + WINDOW);
    const p99 = (times: number[], at: number[], from: number) =>
      percentile(inWindow(times, at, from), 99);
    const perSale = (from: Sample, to: Sample) =>
      (to.journalBytes - from.journalBytes) / Math.max(1, to.sales - from.sales);
    const span = (label: string, from: number) => `${label} (sales ${from + 1}-${from + WINDOW})`;
    const lines: BenchLine[] = [];
    for (const [what, times, at] of [
      ['QR call-to-snapshot p99', qrMs, qrAt],
      ['NFC tap-to-accepted p99', nfcMs, nfcAt],
    ] as const) {
      const start = p99(times, at, windows.start);
      lines.push(
        ratioLine(
          `${what}, ${span('middle', windows.middle)}`,
          p99(times, at, windows.middle),
          span('start', windows.start),
          start,
          'ms',
          1.1,
        ),
        ratioLine(
          `${what}, ${span('end', windows.end)}`,
          p99(times, at, windows.end),
          span('start', windows.start),
          start,
          'ms',
          1.1,
        ),
      );
    }
    for (const [what, unit, value] of [
      ['heap after GC', 'MB', (s: Sample) => s.heapMb],
      ['active handles', 'handles', (s: Sample) => s.handles],
      ["timers armed on the app's clock", 'timers', (s: Sample) => s.clockTimers],
    ] as const) {
      lines.push(
        ratioLine(
          `${what} at sale ${atMiddle.sales}`,
          value(atMiddle),
          `at sale ${atStart.sales}`,
          value(atStart),
          unit,
          1.1,
        ),
        ratioLine(
          `${what} at sale ${atEnd.sales}`,
          value(atEnd),
          `at sale ${atStart.sales}`,
          value(atStart),
          unit,
          1.1,
        ),
      );
    }
    lines.push(
      ratioLine(
        `journal file bytes per sale, sales ${atMiddle.sales + 1}-${atEnd.sales}`,
        perSale(atMiddle, atEnd),
        `sales ${atStart.sales + 1}-${atMiddle.sales}`,
        perSale(atStart, atMiddle),
        'B',
        1.1,
      ),
      // The WAL file keeps its largest size (SQLite reuses it from the start after each
      // checkpoint): bounded by the journal's checkpoints (a busy till's at its next quiet
      // second, every 1000 writes at the latest), not by the day.
      ratioLine(
        `journal WAL file at sale ${atEnd.sales}`,
        atEnd.walBytes / 1024 / 1024,
        `at sale ${atMiddle.sales}`,
        atMiddle.walBytes / 1024 / 1024,
        'MB',
        1.1,
      ),
      {
        name: `journal file after ${SALES} sales (${readers.length} reader processes, ${(Math.ceil(SALES / WINDOW) - 1) * 2} display changes)`,
        value: atEnd.journalBytes / 1024 / 1024,
        unit: 'MB',
        floorName: 'no goal',
        floor: 0,
        goal: 'printed',
        pass: true,
      },
    );
    return lines;
  } finally {
    await harness?.close();
    service.disconnect();
  }
}
