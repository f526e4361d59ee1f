/**
 * The network receipt printer: `createNetworkPrinter` (the address, the defaults, a document
 * drawn for the roll) and one job over raw TCP, `sendToPrinter`, against a printer on 127.0.0.1
 * that the test drives step by step: what the till concludes from each thing a printer does,
 * each deadline of the manual clock one millisecond before and at its time, and the words and
 * log line of every outcome. Real sockets on loopback only; no test waits for time to pass.
 */
import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderEscPos, type RollPaper } from '../../../electron/printing/escpos/escpos-renderer';
import { createNetworkPrinter } from '../../../electron/printing/escpos/network-printer';
import {
  sendToPrinter,
  type PrinterTarget,
} from '../../../electron/printing/escpos/printer-connection';
import { PrintFailure } from '../../../electron/printing/print-failure';
import { sampleReceipt } from '../../support/escpos-sample-receipt';
import { closedLoopbackPort } from '../../support/fake-network-printer';
import { ManualClock } from '../../support/manual-clock';

// The renderer as it is, which a test may make throw something that is not an Error.
vi.mock(import('../../../electron/printing/escpos/escpos-renderer'), async (importOriginal) => {
  const actual = await importOriginal();
  return { ...actual, renderEscPos: vi.fn(actual.renderEscPos) };
});

/** The printer's end of one connection: it keeps what it read; the test says what it does. */
class PrinterSide {
  private readonly chunks: Buffer[] = [];
  private readonly waiters: { count: number; resolve: () => void }[] = [];
  private length = 0;
  /** The till ended its side: it has sent every byte it will send. */
  readonly ended: Promise<void>;

  constructor(readonly socket: net.Socket) {
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.length += chunk.length;
      for (const waiter of this.waiters.filter((each) => each.count <= this.length)) {
        waiter.resolve();
      }
    });
    this.ended = new Promise((resolve) => socket.once('end', () => resolve()));
  }

  received(): Buffer {
    return Buffer.concat(this.chunks);
  }

  /** Resolves once the printer has read at least `count` bytes. */
  read(count: number): Promise<void> {
    if (this.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  answer(...bytes: number[]): void {
    this.socket.write(Uint8Array.from(bytes));
  }
}

/** A listener on 127.0.0.1 that hands each connection to the test, half-open, as it comes. */
interface TestPrinter {
  port: number;
  connection(): Promise<PrinterSide>;
  close(): Promise<void>;
}

async function startTestPrinter(): Promise<TestPrinter> {
  const arrived: PrinterSide[] = [];
  const waiting: ((side: PrinterSide) => void)[] = [];
  const sides = new Set<PrinterSide>();
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    const side = new PrinterSide(socket);
    sides.add(side);
    const waiter = waiting.shift();
    if (waiter) waiter(side);
    else arrived.push(side);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    connection: () => {
      const side = arrived.shift();
      return side ? Promise.resolve(side) : new Promise((resolve) => waiting.push(resolve));
    },
    close: async () => {
      for (const side of sides) side.socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let printer: TestPrinter;
/** The till's end of each connection it opened, in order. */
let tillSockets: net.Socket[];
/** Each of those has emitted "close". */
const tillClosed = new WeakMap<net.Socket, Promise<void>>();

beforeEach(async () => {
  printer = await startTestPrinter();
  tillSockets = [];
  const realConnect = net.connect;
  vi.spyOn(net, 'connect').mockImplementation(((options: net.NetConnectOpts) => {
    const socket = realConnect(options);
    tillSockets.push(socket);
    tillClosed.set(socket, new Promise((resolve) => socket.once('close', () => resolve())));
    return socket;
  }) as typeof net.connect);
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const socket of tillSockets) socket.destroy();
  await printer.close();
});

function rig(options: Partial<PrinterTarget> = {}) {
  const clock = new ManualClock();
  const logLines: string[] = [];
  const record = (message: string, fields?: object) =>
    logLines.push(`${message} ${JSON.stringify(fields ?? {})}`);
  const target: PrinterTarget = {
    host: '127.0.0.1',
    port: printer.port,
    connectTimeoutMs: 5_000,
    jobTimeoutMs: 20_000,
    askPaperStatus: true,
    statusTimeoutMs: 500,
    clock,
    logger: { info: record, warn: record, error: record },
    ...options,
  };
  const at = `127.0.0.1:${target.port}`;
  /** Starts the job; resolves with "printed" or the failure it ended in, never rejects. */
  const send = (bytes: Uint8Array): Promise<'printed' | PrintFailure> =>
    sendToPrinter(target, bytes).then(
      () => 'printed' as const,
      (error: unknown) => {
        if (error instanceof PrintFailure) return error;
        throw error;
      },
    );
  return { clock, logLines, target, at, send };
}

/** A job over three pieces of 4096 bytes and one more byte, each byte telling its place. */
const job = Uint8Array.from({ length: 3 * 4096 + 1 }, (_, index) => index % 251);
const request = [0x10, 0x04, 0x04];

const failed = (
  at: string,
  fields: { ms: number; kind: string; detail: string; stage: string; handedOver: number },
) =>
  `network printer job failed ${JSON.stringify({
    printer: at,
    bytes: job.length,
    ms: fields.ms,
    kind: fields.kind,
    detail: fields.detail,
    stage: fields.stage,
    handedOver: fields.handedOver,
  })}`;

function failureOf(outcome: 'printed' | PrintFailure) {
  if (!(outcome instanceof PrintFailure)) throw new Error(`expected a failure, got ${outcome}`);
  return { kind: outcome.kind, message: outcome.message, detail: outcome.detail };
}

/** The till has let go of the connection: its socket is destroyed and has emitted "close". */
async function tillLetGo(socket: net.Socket | undefined): Promise<void> {
  expect(socket?.destroyed).toBe(true);
  await tillClosed.get(socket!);
}

describe('a network printer job that prints', () => {
  // Equivalent mutant: EqualityOperator `offset <= bytes.length` in `for (let offset = 0; offset < bytes.length; offset += chunkBytes) {`: the extra pass comes only when the job is whole 4096-byte pieces and writes an empty piece, which sends no byte and cannot report back-pressure the piece before it did not (it adds nothing to the buffer).
  // Equivalent mutant: CallExpression `;` in `if (stage === 'finishing') settle();`: in the "end" handler: the till's socket is not half-open, so the printer's end is followed at once by the close, whose handler settles the job the same way (printed, same time on the clock).
  it("asks about paper, sends the whole job, and counts it printed when the printer closes its side after the till's", async () => {
    const { clock, logLines, at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    expect([...side.received()]).toEqual(request);
    side.answer(0x12);
    await side.ended;
    expect(side.received()).toEqual(Buffer.concat([Buffer.from(request), job]));

    // Every deadline but the job's own passes: connecting and the paper question are over.
    clock.advance(19_999);
    expect(logLines).toEqual([]);
    side.socket.end();

    expect(await outcome).toBe('printed');
    expect(logLines).toEqual([
      `network printer job done {"printer":"${at}","bytes":12289,"ms":19999}`,
    ]);
    expect(clock.pendingTimers()).toBe(0);
    await tillLetGo(tillSockets[0]);
    expect(logLines).toHaveLength(1);
  });

  it('sends the job without the paper question when told not to ask', async () => {
    const { logLines, at, send } = rig({ askPaperStatus: false });

    const outcome = send(job);
    const side = await printer.connection();
    await side.ended;
    expect(side.received()).toEqual(Buffer.from(job));
    side.socket.end();

    expect(await outcome).toBe('printed');
    expect(logLines).toEqual([`network printer job done {"printer":"${at}","bytes":12289,"ms":0}`]);
  });

  it('prints when the paper is near its end, and logs it', async () => {
    const { logLines, at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x1e);
    await side.ended;
    side.socket.end();

    expect(await outcome).toBe('printed');
    expect(side.received()).toEqual(Buffer.concat([Buffer.from(request), job]));
    expect(logLines).toEqual([
      `printer paper is near its end {"printer":"${at}"}`,
      `network printer job done {"printer":"${at}","bytes":12289,"ms":0}`,
    ]);
  });

  it('skips bytes that are no answer and takes the first answer, whatever follows it', async () => {
    const { send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x00, 0xff, 0x12, 0x72);
    await side.ended;
    side.socket.end();

    expect(await outcome).toBe('printed');
    expect(side.received()).toEqual(Buffer.concat([Buffer.from(request), job]));
  });

  it('waits 500 ms for the paper answer, then prints without it and ignores a late "out"', async () => {
    const { clock, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    clock.advance(500);
    await side.ended;
    expect(side.received()).toEqual(Buffer.concat([Buffer.from(request), job]));
    side.answer(0x72);
    side.socket.end();

    expect(await outcome).toBe('printed');
  });

  it('sends an unread job once, whatever status bytes come while it goes out', async () => {
    const { clock, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x12);
    await side.ended;
    side.answer(0x12, 0x1e, 0x72);
    clock.advance(600);
    side.socket.end();

    expect(await outcome).toBe('printed');
    expect(side.received()).toEqual(Buffer.concat([Buffer.from(request), job]));
  });

  it.each([0, 1, 4095, 4096, 4097, 8192])(
    'sends a job of %i bytes whole, and no more',
    async (length) => {
      const bytes = Uint8Array.from({ length }, (_, index) => (index * 7) % 256);
      const { logLines, at, send } = rig({ askPaperStatus: false });

      const outcome = send(bytes);
      const side = await printer.connection();
      await side.ended;
      side.socket.end();

      expect(await outcome).toBe('printed');
      expect(side.received()).toEqual(Buffer.from(bytes));
      expect(logLines).toEqual([
        `network printer job done {"printer":"${at}","bytes":${length},"ms":0}`,
      ]);
    },
  );

  it('sends a job far larger than the connection buffers piece by piece, as fast as the printer reads', async () => {
    const large = new Uint8Array(16 * 1024 * 1024);
    for (let index = 0; index < large.length; index += 1) large[index] = index % 253;
    const { logLines, at, send } = rig({ askPaperStatus: false });

    const outcome = send(large);
    const side = await printer.connection();
    await side.ended;
    side.socket.end();

    expect(await outcome).toBe('printed');
    expect(side.received().equals(large)).toBe(true);
    expect(logLines).toEqual([
      `network printer job done {"printer":"${at}","bytes":16777216,"ms":0}`,
    ]);
    // Each wait for the printer to read takes its listeners off again: only the job's own
    // close listener is left on the connection.
    await tillLetGo(tillSockets[0]);
    expect(tillSockets[0]!.listenerCount('drain')).toBe(0);
    expect(tillSockets[0]!.listenerCount('close')).toBeLessThanOrEqual(1);
  });

  // Today's rule, pinned (reported as looking wrong): the printer's close after the till has
  // ended its side is taken as "read everything", and a small job has been handed to the
  // operating system and ended before any answer can come, so a printer that hangs up
  // without reading a byte is reported as printed.
  it('reports printed when the printer half-closes at once, before reading the job', async () => {
    const { logLines, at, send } = rig({ askPaperStatus: false });

    const outcome = send(job);
    const side = await printer.connection();
    side.socket.pause();
    side.socket.end();

    expect(await outcome).toBe('printed');
    expect(logLines).toEqual([`network printer job done {"printer":"${at}","bytes":12289,"ms":0}`]);
  });
});

describe('a network printer job that fails', () => {
  // Equivalent mutant: ConditionalExpression `false` in `if (settled) return;`: after settling the socket is destroyed, so no "connect" comes, and a job settled while its last piece waited only ends a destroyed socket, which sends, emits and logs nothing.
  // Equivalent mutant: StringLiteral `""` in `const at = stage === 'connecting' ? 'connecting' : 'connected';`: for 'connected': socketErrorKind only tells 'connecting' from any other stage, so an empty word reads as connected too.
  it('sends nothing and says so when the printer is out of paper', async () => {
    const { clock, logLines, at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x72);

    expect(failureOf(await outcome)).toEqual({
      kind: 'paper-out',
      message: `The printer at ${at} is out of paper: put in a new roll, then reprint.`,
      detail: 'the paper end sensor is set',
    });
    await tillLetGo(tillSockets[0]);
    await side.ended;
    expect([...side.received()]).toEqual(request);
    expect(logLines).toEqual([
      failed(at, {
        ms: 0,
        kind: 'paper-out',
        detail: 'the paper end sensor is set',
        stage: 'asking-paper',
        handedOver: 0,
      }),
    ]);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('takes "out of paper" behind bytes that are no answer', async () => {
    const { send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x00, 0x80, 0x72, 0x12);

    expect(failureOf(await outcome).kind).toBe('paper-out');
  });

  it('still takes the paper answer 499 ms after asking', async () => {
    const { clock, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    clock.advance(499);
    side.answer(0x72);

    expect(failureOf(await outcome).kind).toBe('paper-out');
    expect([...side.received()]).toEqual(request);
  });

  it('says the printer refused when nothing listens at its port', async () => {
    const port = await closedLoopbackPort();
    const { clock, logLines, send } = rig({ port });

    const outcome = await send(job);

    expect(failureOf(outcome)).toEqual({
      kind: 'refused',
      message: `The printer at 127.0.0.1:${port} refused the connection: check the printer's address and port in Settings (usually 9100) and that the printer is on.`,
      detail: 'ECONNREFUSED',
    });
    await tillLetGo(tillSockets[0]);
    expect(logLines).toEqual([
      failed(`127.0.0.1:${port}`, {
        ms: 0,
        kind: 'refused',
        detail: 'ECONNREFUSED',
        stage: 'connecting',
        handedOver: 0,
      }),
    ]);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('gives up connecting at the connect deadline, not a millisecond before', async () => {
    const { clock, logLines, at, send } = rig();

    // The connection cannot complete before the test yields: the deadline comes first.
    const outcome = send(job);
    clock.advance(4_999);
    expect(logLines).toEqual([]);
    clock.advance(1);

    expect(failureOf(await outcome)).toEqual({
      kind: 'unreachable',
      message: `The printer at ${at} does not answer: check it is on and on the network.`,
      detail: 'no connection in 5000 ms',
    });
    await tillLetGo(tillSockets[0]);
    expect(logLines).toEqual([
      failed(at, {
        ms: 5000,
        kind: 'unreachable',
        detail: 'no connection in 5000 ms',
        stage: 'connecting',
        handedOver: 0,
      }),
    ]);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('gives up at the job deadline while still connecting when that comes first', async () => {
    const { clock, logLines, at, send } = rig({ connectTimeoutMs: 30_000 });

    const outcome = send(job);
    clock.advance(19_999);
    expect(logLines).toEqual([]);
    clock.advance(1);

    expect(failureOf(await outcome)).toEqual({
      kind: 'unreachable',
      message: `The printer at ${at} does not answer: check it is on and on the network.`,
      detail: 'not finished in 20000 ms while connecting',
    });
    expect(logLines).toEqual([
      failed(at, {
        ms: 20000,
        kind: 'unreachable',
        detail: 'not finished in 20000 ms while connecting',
        stage: 'connecting',
        handedOver: 0,
      }),
    ]);
  });

  it('says the printer stalled when the paper question is still open at the job deadline', async () => {
    const { clock, logLines, at, send } = rig({ statusTimeoutMs: 60_000 });

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    clock.advance(19_999);
    expect(logLines).toEqual([]);
    clock.advance(1);

    expect(failureOf(await outcome)).toEqual({
      kind: 'stalled',
      message: `The printer at ${at} took the receipt but did not finish it in time: check paper and cover, then reprint.`,
      detail: 'not finished in 20000 ms while asking-paper',
    });
    await tillLetGo(tillSockets[0]);
    expect([...side.received()]).toEqual(request);
    expect(logLines).toEqual([
      failed(at, {
        ms: 20000,
        kind: 'stalled',
        detail: 'not finished in 20000 ms while asking-paper',
        stage: 'asking-paper',
        handedOver: 0,
      }),
    ]);
  });

  // Reported as looking wrong: every byte was handed over and may well be on paper, yet the
  // words say it did not finish and to reprint.
  it('says the printer stalled when it read the whole job but never closed by the job deadline', async () => {
    const { clock, logLines, at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x12);
    await side.ended;
    clock.advance(19_999);
    expect(logLines).toEqual([]);
    clock.advance(1);

    expect(failureOf(await outcome)).toEqual({
      kind: 'stalled',
      message: `The printer at ${at} took the receipt but did not finish it in time: check paper and cover, then reprint.`,
      detail: 'not finished in 20000 ms while finishing',
    });
    // The printer closing its side a millisecond later changes nothing: the till let go.
    clock.advance(1);
    side.socket.end();
    await tillLetGo(tillSockets[0]);
    expect(logLines).toEqual([
      failed(at, {
        ms: 20000,
        kind: 'stalled',
        detail: 'not finished in 20000 ms while finishing',
        stage: 'finishing',
        handedOver: 12289,
      }),
    ]);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('times the job from its start with the deadline it was given', async () => {
    const { clock, logLines, send } = rig({ jobTimeoutMs: 7_000 });

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x12);
    await side.ended;
    clock.advance(6_999);
    expect(logLines).toEqual([]);
    clock.advance(1);

    expect(failureOf(await outcome).detail).toBe('not finished in 7000 ms while finishing');
  });

  it('waits for a printer that stops reading, and says it stalled while sending', async () => {
    // Far more than the operating system buffers for a connection nobody reads.
    const large = new Uint8Array(16 * 1024 * 1024);
    const { clock, logLines, at, send } = rig({ askPaperStatus: false });

    const outcome = send(large);
    const side = await printer.connection();
    await side.read(1);
    side.socket.pause();
    clock.advance(20_000);

    expect(failureOf(await outcome)).toEqual({
      kind: 'stalled',
      message: `The printer at ${at} took the receipt but did not finish it in time: check paper and cover, then reprint.`,
      detail: 'not finished in 20000 ms while sending',
    });
    expect(logLines).toHaveLength(1);
    const fields = JSON.parse(logLines[0]!.replace('network printer job failed ', '')) as {
      stage: string;
      handedOver: number;
      bytes: number;
    };
    expect(fields.stage).toBe('sending');
    expect(fields.bytes).toBe(large.length);
    expect(fields.handedOver).toBeGreaterThan(0);
    expect(fields.handedOver).toBeLessThan(large.length);
    expect(fields.handedOver % 4096).toBe(0);
    // The wait for the printer to read ends with the connection, and no piece follows it.
    await tillLetGo(tillSockets[0]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(tillSockets[0]!.listenerCount('drain')).toBe(0);
  });

  it('says the printer closed the connection when it hangs up on the paper question', async () => {
    const { logLines, at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.socket.end();

    expect(failureOf(await outcome)).toEqual({
      kind: 'closed',
      message:
        'The printer closed the connection while printing: check paper and cover, then reprint.',
      detail: 'the printer hung up while asking-paper',
    });
    await tillLetGo(tillSockets[0]);
    expect(logLines).toEqual([
      failed(at, {
        ms: 0,
        kind: 'closed',
        detail: 'the printer hung up while asking-paper',
        stage: 'asking-paper',
        handedOver: 0,
      }),
    ]);
  });

  it('says the printer closed the connection when it hangs up in the middle of a long job', async () => {
    const large = new Uint8Array(16 * 1024 * 1024);
    const { send } = rig({ askPaperStatus: false });

    const outcome = send(large);
    const side = await printer.connection();
    await side.read(1);
    side.socket.pause();
    side.socket.end();

    expect(failureOf(await outcome)).toEqual({
      kind: 'closed',
      message:
        'The printer closed the connection while printing: check paper and cover, then reprint.',
      detail: 'the printer hung up while sending',
    });
  });

  it('says the printer closed the connection when it resets it before closing its side', async () => {
    const { logLines, at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x12);
    await side.ended;
    side.socket.resetAndDestroy();

    expect(failureOf(await outcome)).toEqual({
      kind: 'closed',
      message:
        'The printer closed the connection while printing: check paper and cover, then reprint.',
      detail: 'ECONNRESET',
    });
    await tillLetGo(tillSockets[0]);
    expect(logLines).toEqual([
      failed(at, {
        ms: 0,
        kind: 'closed',
        detail: 'ECONNRESET',
        stage: 'finishing',
        handedOver: 12289,
      }),
    ]);
  });

  // A connection that closes with neither the printer's end nor an error: only the stage
  // the job was at decides.
  it('says the printer closed the connection when the connection closes during the paper question', async () => {
    const { logLines, at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    tillSockets[0]!.destroy();

    expect(failureOf(await outcome)).toEqual({
      kind: 'closed',
      message:
        'The printer closed the connection while printing: check paper and cover, then reprint.',
      detail: 'the connection closed while asking-paper',
    });
    expect(logLines).toEqual([
      failed(at, {
        ms: 0,
        kind: 'closed',
        detail: 'the connection closed while asking-paper',
        stage: 'asking-paper',
        handedOver: 0,
      }),
    ]);
  });

  it('counts a connection that closes after the till ended its side as printed', async () => {
    const { logLines, at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x12);
    await side.ended;
    tillSockets[0]!.destroy();

    expect(await outcome).toBe('printed');
    expect(logLines).toEqual([`network printer job done {"printer":"${at}","bytes":12289,"ms":0}`]);
  });

  // The operating system's own errors, as it reports them on the till's socket.
  it('says the printer does not answer when the network has no route to it while connecting', async () => {
    const { logLines, at, send } = rig();

    const outcome = send(job);
    tillSockets[0]!.destroy(
      Object.assign(new Error(`connect EHOSTUNREACH ${at}`), { code: 'EHOSTUNREACH' }),
    );

    expect(failureOf(await outcome)).toEqual({
      kind: 'unreachable',
      message: `The printer at ${at} does not answer: check it is on and on the network.`,
      detail: 'EHOSTUNREACH',
    });
    expect(logLines).toEqual([
      failed(at, {
        ms: 0,
        kind: 'unreachable',
        detail: 'EHOSTUNREACH',
        stage: 'connecting',
        handedOver: 0,
      }),
    ]);
  });

  it('names an error without a code by its message', async () => {
    const { at, send } = rig();

    const outcome = send(job);
    tillSockets[0]!.destroy(new Error('socket hang up'));

    expect(failureOf(await outcome)).toEqual({
      kind: 'unreachable',
      message: `The printer at ${at} does not answer: check it is on and on the network.`,
      detail: 'socket hang up',
    });
  });

  it('says the printer closed the connection when the network drops once connected', async () => {
    const { at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    tillSockets[0]!.destroy(
      Object.assign(new Error(`read ETIMEDOUT ${at}`), { code: 'ETIMEDOUT' }),
    );

    expect(failureOf(await outcome)).toEqual({
      kind: 'closed',
      message:
        'The printer closed the connection while printing: check paper and cover, then reprint.',
      detail: 'ETIMEDOUT',
    });
  });
});

describe('the network printer the settings name', () => {
  function networkRig() {
    const clock = new ManualClock();
    const logLines: string[] = [];
    const record = (message: string, fields?: object) =>
      logLines.push(`${message} ${JSON.stringify(fields ?? {})}`);
    return { clock, logLines, logger: { info: record, warn: record, error: record } };
  }

  /** Resolves with "printed" or the PrintFailure the print ended in. */
  const outcomeOfPrint = (print: Promise<void>): Promise<'printed' | PrintFailure> =>
    print.then(
      () => 'printed' as const,
      (error: unknown) => {
        if (error instanceof PrintFailure) return error;
        throw error;
      },
    );

  it("prints the document drawn for the printer's roll, asking about paper first", async () => {
    const { clock, logLines, logger } = networkRig();
    const drawn = Buffer.from(renderEscPos(sampleReceipt, 'roll-58'));
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-58',
      clock,
      logger,
    });

    const outcome = outcomeOfPrint(networkPrinter.print(sampleReceipt));
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x12);
    await side.ended;
    side.socket.end();

    expect(await outcome).toBe('printed');
    expect(side.received()).toEqual(Buffer.concat([Buffer.from(request), drawn]));
    expect(logLines).toEqual([
      `network printer job done {"printer":"127.0.0.1:${printer.port}","bytes":${drawn.length},"ms":0}`,
    ]);
  });

  it('asks nothing about paper when told not to', async () => {
    const { clock, logger } = networkRig();
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
      askPaperStatus: false,
      clock,
      logger,
    });

    const outcome = outcomeOfPrint(networkPrinter.print(sampleReceipt));
    const side = await printer.connection();
    await side.ended;
    side.socket.end();

    expect(await outcome).toBe('printed');
    expect(side.received()).toEqual(Buffer.from(renderEscPos(sampleReceipt, 'roll-80')));
  });

  it('gives up connecting after 5 s unless told otherwise', async () => {
    const { clock, logLines, logger } = networkRig();
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
      clock,
      logger,
    });

    const outcome = outcomeOfPrint(networkPrinter.print(sampleReceipt));
    clock.advance(4_999);
    expect(logLines).toEqual([]);
    clock.advance(1);

    expect(failureOf(await outcome)).toEqual({
      kind: 'unreachable',
      message: `The printer at 127.0.0.1:${printer.port} does not answer: check it is on and on the network.`,
      detail: 'no connection in 5000 ms',
    });
  });

  it('gives the whole job 20 s unless told otherwise', async () => {
    const { clock, logLines, logger } = networkRig();
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
      connectTimeoutMs: 60_000,
      clock,
      logger,
    });

    const outcome = outcomeOfPrint(networkPrinter.print(sampleReceipt));
    clock.advance(19_999);
    expect(logLines).toEqual([]);
    clock.advance(1);

    expect(failureOf(await outcome).detail).toBe('not finished in 20000 ms while connecting');
  });

  it('takes the paper answer up to 499 ms after asking unless told otherwise', async () => {
    const { clock, logger } = networkRig();
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
      clock,
      logger,
    });

    const outcome = outcomeOfPrint(networkPrinter.print(sampleReceipt));
    const side = await printer.connection();
    await side.read(3);
    clock.advance(499);
    side.answer(0x72);

    expect(failureOf(await outcome).kind).toBe('paper-out');
  });

  it('prints without the paper answer 500 ms after asking unless told otherwise', async () => {
    const { clock, logger } = networkRig();
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
      clock,
      logger,
    });

    const outcome = outcomeOfPrint(networkPrinter.print(sampleReceipt));
    const side = await printer.connection();
    await side.read(3);
    clock.advance(500);
    await side.ended;
    side.answer(0x72);
    side.socket.end();

    expect(await outcome).toBe('printed');
  });

  it('connects to port 9100 when none is given, and names the printer without it', async () => {
    const { clock, logger } = networkRig();
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      paper: 'roll-80',
      clock,
      logger,
    });

    const outcome = outcomeOfPrint(networkPrinter.print(sampleReceipt));
    expect(vi.mocked(net.connect).mock.calls).toEqual([[{ host: '127.0.0.1', port: 9100 }]]);
    clock.advance(5_000);

    expect(failureOf(await outcome).message).toBe(
      'The printer at 127.0.0.1 does not answer: check it is on and on the network.',
    );
  });

  it('connects to an IPv6 address and its port, and names it in brackets', async () => {
    const { clock, logger } = networkRig();
    const networkPrinter = createNetworkPrinter({
      host: '::1',
      port: 9101,
      paper: 'roll-80',
      clock,
      logger,
    });

    const outcome = outcomeOfPrint(networkPrinter.print(sampleReceipt));
    expect(vi.mocked(net.connect).mock.calls).toEqual([[{ host: '::1', port: 9101 }]]);
    clock.advance(5_000);

    expect(failureOf(await outcome).message).toBe(
      'The printer at [::1]:9101 does not answer: check it is on and on the network.',
    );
  });

  it.each([
    [
      'a path after the address',
      { host: '127.0.0.1/9100' },
      "The printer's name may only hold letters, digits, dots and hyphens, for example epson-tm.local.",
    ],
    [
      'no address (the port alone is no name)',
      { host: '' },
      "The printer's name may only hold letters, digits, dots and hyphens, for example epson-tm.local.",
    ],
    [
      'a number beyond 255 in an IP address',
      { host: '192.168.1.256' },
      'This is not a valid IP address: four numbers from 0 to 255, separated by dots.',
    ],
    [
      'a port beyond 65535',
      { host: '127.0.0.1', port: 65_536 },
      'The port must be a number from 1 to 65535 (usually 9100).',
    ],
    ['an IPv6 address with a zone', { host: 'fe80::1%eth0' }, 'This is not a valid IPv6 address.'],
  ])('refuses %s without connecting, the reason as its detail', async (_name, address, reason) => {
    const { clock, logger } = networkRig();
    const networkPrinter = createNetworkPrinter({ ...address, paper: 'roll-80', clock, logger });

    const outcome = await outcomeOfPrint(networkPrinter.print(sampleReceipt));

    expect(failureOf(outcome)).toEqual({
      kind: 'printer-error',
      message:
        "The printer's address in Settings is not valid: enter its IP address or name, and its port.",
      detail: reason,
    });
    expect(net.connect).not.toHaveBeenCalled();
  });

  it('says a document it cannot draw for the roll is to be saved as PDF, and connects to nothing', async () => {
    const { clock, logger } = networkRig();
    const notARoll = 'a4' as RollPaper;
    let thrown = '';
    try {
      renderEscPos(sampleReceipt, notARoll);
    } catch (error) {
      thrown = (error as Error).message;
    }
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: notARoll,
      clock,
      logger,
    });

    const outcome = await outcomeOfPrint(networkPrinter.print(sampleReceipt));

    expect(thrown).not.toBe('');
    expect(failureOf(outcome)).toEqual({
      kind: 'printer-error',
      message:
        'This document could not be prepared for the receipt printer: save it as PDF instead.',
      detail: thrown,
    });
    expect(net.connect).not.toHaveBeenCalled();
  });

  it('logs what the renderer threw when it is not an Error', async () => {
    const { clock, logger } = networkRig();
    vi.mocked(renderEscPos).mockImplementationOnce(() => {
      throw 'the encoder gave up';
    });
    const networkPrinter = createNetworkPrinter({
      host: '127.0.0.1',
      port: printer.port,
      paper: 'roll-80',
      clock,
      logger,
    });

    const outcome = await outcomeOfPrint(networkPrinter.print(sampleReceipt));

    expect(failureOf(outcome).detail).toBe('the encoder gave up');
  });

  it("keeps to the computer's own clock and stays silent when given neither", async () => {
    const port = await closedLoopbackPort();
    const networkPrinter = createNetworkPrinter({ host: '127.0.0.1', port, paper: 'roll-80' });

    const outcome = await outcomeOfPrint(networkPrinter.print(sampleReceipt));

    expect(failureOf(outcome).kind).toBe('refused');
  });
});
