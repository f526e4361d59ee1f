/**
 * A raw network printer on 127.0.0.1 for tests: a real TCP listener that records every byte
 * each connection sent and answers the real-time status questions (DLE EOT 4, the paper;
 * DLE EOT 2, the offline cause) as a printer does, as soon as they reach it. Or it misbehaves
 * the way real printers do: never reads (stall), reads part of a job and hangs up, reads it
 * all and never answers nor closes, stalls and then reads, runs out of paper in the middle of
 * a job, resets the connection, reads slowly. Loopback only; nothing here ever reaches another
 * address.
 */
import net from 'node:net';

type FakePrinterMode =
  /** Reads everything, answers each question, closes after the till's end: a job printed. */
  | 'print'
  /** Accepts the connection and never reads a byte (a jammed or frozen printer). */
  | 'stall'
  /** Reads nothing until the test calls `release()`, then behaves as 'print'. */
  | 'stall-then-read'
  /** Answers the paper question, keeps the first `readBytes` bytes of the job, then hangs up. */
  | 'half-read-then-close'
  /**
   * Reads everything, answers the paper question, then neither answers nor ever closes (so
   * its connection is never a finished job: read `asked()`).
   */
  | 'read-all-never-close'
  /** Paper before the job, reads it all, then says it stopped at the paper end (DLE EOT 2). */
  | 'paper-out-mid-job'
  /** Answers the paper question, then resets the connection as soon as job bytes arrive. */
  | 'reset-mid-job'
  /** Reads each piece only after `slowMs` and closes `slowMs` after the end. */
  | 'slow';

export interface FakePrinterOptions {
  mode?: FakePrinterMode;
  /** The answer to DLE EOT 4 (0x12: paper present, 0x72: out), or 'silent' for none. */
  paperStatus?: number | 'silent';
  /**
   * The answer to DLE EOT 2 (0x12: ready; 0x32: stopped at the paper end; 0x16: cover open;
   * 0x52: an error), or 'silent' for none. Default 0x12 (0x32 in 'paper-out-mid-job').
   */
  offlineStatus?: number | 'silent';
  /** In 'half-read-then-close': how many job bytes it takes before hanging up; default 203. */
  readBytes?: number;
  slowMs?: number;
  /** Listen on this loopback port (a printer back on its address after a fault); default any free one. */
  port?: number;
}

export interface FakeNetworkPrinter {
  port: number;
  /** Resolves with every byte of the next connection the printer read, once it has closed. */
  nextJob(): Promise<Buffer>;
  /** Connections accepted so far. */
  connections(): number;
  /** DLE EOT questions read so far (answered or not), in order, as their n. */
  asked(): number[];
  /** DLE EOT questions answered so far, in order, as [n, answer]. */
  answered(): [number, number][];
  /** 'stall-then-read': starts reading every connection now. */
  release(): void;
  close(): Promise<void>;
}

const DLE = 0x10;
const EOT = 0x04;

export async function startFakeNetworkPrinter(
  options: FakePrinterOptions = {},
): Promise<FakeNetworkPrinter> {
  const mode = options.mode ?? 'print';
  const paperStatus = options.paperStatus ?? 0x12;
  const offlineStatus = options.offlineStatus ?? (mode === 'paper-out-mid-job' ? 0x32 : 0x12);
  const readBytes = options.readBytes ?? 203;
  const slowMs = options.slowMs ?? 20;
  const sockets = new Set<net.Socket>();
  const held: net.Socket[] = [];
  const finished: Buffer[] = [];
  const waiting: ((job: Buffer) => void)[] = [];
  const questions: number[] = [];
  const answers: [number, number][] = [];
  let released = false;
  let accepted = 0;

  const jobDone = (job: Buffer) => {
    const waiter = waiting.shift();
    if (waiter) waiter(job);
    else finished.push(job);
  };

  // Half-open allowed: the printer, not Node, decides whether it closes after the till's end.
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    accepted += 1;
    sockets.add(socket);
    let received = Buffer.alloc(0);
    /** Where the next DLE EOT question is looked for; bytes before it were answered. */
    let scanned = 0;
    let hungUp = false;
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      jobDone(received);
    });
    if (mode === 'stall') {
      socket.pause();
      return;
    }
    if (mode === 'stall-then-read' && !released) {
      socket.pause();
      held.push(socket);
    }

    const answer = (n: number) => {
      questions.push(n);
      const status = n === 4 ? paperStatus : n === 2 ? offlineStatus : 0x12;
      const silentAfterJob = mode === 'read-all-never-close' && n !== 4;
      if (status === 'silent' || silentAfterJob) return;
      answers.push([n, status]);
      socket.write(Uint8Array.of(status));
    };

    socket.on('data', (chunk: Buffer) => {
      if (hungUp) return;
      received = Buffer.concat([received, chunk]);
      // The job starts after the paper question, when the till asked it.
      const jobStart = received[0] === DLE && received[1] === EOT && received[2] === 4 ? 3 : 0;
      const jobBytes = received.length - jobStart;
      if (mode === 'half-read-then-close' && jobBytes > 0 && jobBytes >= readBytes) {
        // Takes `readBytes` of the job and no more.
        received = received.subarray(0, jobStart + readBytes);
        hungUp = true;
      }
      // Reset before it reads (and answers) anything of the job.
      if (mode === 'reset-mid-job' && jobBytes > 0) {
        received = received.subarray(0, jobStart);
        socket.resetAndDestroy();
        return;
      }
      // Each question gets its answer as soon as it arrives, as a real-time command does.
      for (;;) {
        const at = received.indexOf(DLE, scanned);
        if (at < 0 || at + 2 >= received.length) {
          scanned = at < 0 ? received.length : at;
          break;
        }
        if (received[at + 1] === EOT) {
          answer(received[at + 2]!);
          scanned = at + 3;
        } else scanned = at + 1;
      }
      if (hungUp) {
        // Closes its side with the rest unread, as a printer that gave up on the job.
        socket.pause();
        socket.end();
        return;
      }
      if (mode === 'slow') {
        socket.pause();
        setTimeout(() => socket.resume(), slowMs);
      }
    });
    socket.on('end', () => {
      if (mode === 'read-all-never-close') return;
      if (mode === 'slow') setTimeout(() => socket.end(), slowMs);
      else socket.end();
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP port');

  return {
    port: address.port,
    nextJob: () => {
      const job = finished.shift();
      if (job) return Promise.resolve(job);
      return new Promise((resolve) => waiting.push(resolve));
    },
    connections: () => accepted,
    asked: () => [...questions],
    answered: () => [...answers],
    release: () => {
      released = true;
      for (const socket of held.splice(0)) socket.resume();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port nothing listens on: connecting to it is refused. */
export async function closedLoopbackPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}
