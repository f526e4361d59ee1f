/**
 * A raw network printer on 127.0.0.1 for tests: a real TCP listener that answers the paper
 * status request and keeps every byte each connection sent, or misbehaves the way real
 * printers do: never reads (stall), resets the connection in the middle of a job, or reads
 * slowly. Loopback only; nothing here ever reaches another address.
 */
import net from 'node:net';

type FakePrinterMode =
  /** Reads everything, closes after the till's end: a job printed. */
  | 'print'
  /** Accepts the connection and never reads a byte (a jammed or frozen printer). */
  | 'stall'
  /** Answers the status, then resets the connection as soon as job bytes arrive. */
  | 'reset-mid-job'
  /** Reads each piece only after `slowMs` and closes `slowMs` after the end. */
  | 'slow';

export interface FakePrinterOptions {
  mode?: FakePrinterMode;
  /** The answer to DLE EOT 4 (0x12: paper present, 0x72: out), or 'silent' for none. */
  paperStatus?: number | 'silent';
  slowMs?: number;
  /** Listen on this loopback port (a printer back on its address after a fault); default any free one. */
  port?: number;
}

export interface FakeNetworkPrinter {
  port: number;
  /** Resolves with every byte of the next connection once it has closed (or was reset). */
  nextJob(): Promise<Buffer>;
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

const paperStatusRequest = Buffer.from([0x10, 0x04, 0x04]);

export async function startFakeNetworkPrinter(
  options: FakePrinterOptions = {},
): Promise<FakeNetworkPrinter> {
  const mode = options.mode ?? 'print';
  const paperStatus = options.paperStatus ?? 0x12;
  const slowMs = options.slowMs ?? 20;
  const sockets = new Set<net.Socket>();
  const finished: Buffer[] = [];
  const waiting: ((job: Buffer) => void)[] = [];
  let accepted = 0;

  const jobDone = (job: Buffer) => {
    const waiter = waiting.shift();
    if (waiter) waiter(job);
    else finished.push(job);
  };

  const server = net.createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    const received: Buffer[] = [];
    let answered = false;
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      jobDone(Buffer.concat(received));
    });
    if (mode === 'stall') {
      socket.pause();
      return;
    }
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      const all = Buffer.concat(received);
      if (!answered && all.includes(paperStatusRequest)) {
        answered = true;
        if (paperStatus !== 'silent') socket.write(Buffer.from([paperStatus]));
      }
      const jobBytes =
        all.length - (all.includes(paperStatusRequest) ? paperStatusRequest.length : 0);
      if (mode === 'reset-mid-job' && jobBytes > 0) socket.resetAndDestroy();
      if (mode === 'slow') {
        socket.pause();
        setTimeout(() => socket.resume(), slowMs);
      }
    });
    socket.on('end', () => {
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
