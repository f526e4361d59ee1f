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
/** DLE EOT 4, the paper question before the job; DLE EOT 2, the status question after it. */
const request = [0x10, 0x04, 0x04];
const statusQuestion = [0x10, 0x04, 0x02];
/** What a printer reads of a job asked about paper first and answered in time. */
const wholeJob = Buffer.concat([Buffer.from(request), job, Buffer.from(statusQuestion)]);
const checkPaper = 'Check the paper before you print again: a new print says COPY.';

const unconfirmed = (
  at: string,
  fields: {
    ms: number;
    kind: string;
    outcome: 'not-printed' | 'unknown';
    detail: string;
    stage: string;
    handedOver: number;
  },
  bytes = job.length,
) =>
  `network printer job not confirmed ${JSON.stringify({
    printer: at,
    bytes,
    ms: fields.ms,
    kind: fields.kind,
    outcome: fields.outcome,
    detail: fields.detail,
    stage: fields.stage,
    handedOver: fields.handedOver,
  })}`;

const printedLine = (at: string, ms: number, bytes = job.length) =>
  `network printer job printed {"printer":"${at}","bytes":${bytes},"ms":${ms}}`;

function failureOf(outcome: 'printed' | PrintFailure) {
  if (!(outcome instanceof PrintFailure)) throw new Error(`expected a failure, got ${outcome}`);
  return {
    kind: outcome.kind,
    outcome: outcome.outcome,
    message: outcome.message,
    action: outcome.action,
    detail: outcome.detail,
  };
}

/** The till has let go of the connection: its socket is destroyed and has emitted "close". */
async function tillLetGo(socket: net.Socket | undefined): Promise<void> {
  expect(socket?.destroyed).toBe(true);
  await tillClosed.get(socket!);
}

describe('a network printer job that prints', () => {
  // Equivalent mutant: EqualityOperator `offset <= bytes.length` in `for (let offset = 0; offset < bytes.length; offset += chunkBytes) {`: the extra pass comes only when the job is whole 4096-byte pieces and writes an empty piece, which sends no byte and cannot report back-pressure the piece before it did not (it adds nothing to the buffer).
  it('asks about paper, sends the whole job, asks the status after it, and counts it printed on a ready answer', async () => {
    const { clock, logLines, at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    expect([...side.received()]).toEqual(request);
    side.answer(0x12);
    await side.ended;
    expect(side.received()).toEqual(wholeJob);

    // Every deadline but the job's own passes: connecting and the paper question are over.
    clock.advance(19_999);
    expect(logLines).toEqual([]);
    side.answer(0x12);

    expect(await outcome).toBe('printed');
    expect(logLines).toEqual([printedLine(at, 19_999)]);
    expect(clock.pendingTimers()).toBe(0);
    await tillLetGo(tillSockets[0]);
    expect(logLines).toHaveLength(1);
  });

  it('sends the job without the paper question when told not to ask, and asks its status once', async () => {
    const { logLines, at, send } = rig({ askPaperStatus: false });

    const outcome = send(job);
    const side = await printer.connection();
    await side.ended;
    expect(side.received()).toEqual(Buffer.concat([job, Buffer.from(statusQuestion)]));
    side.answer(0x12);

    expect(await outcome).toBe('printed');
    expect(logLines).toEqual([printedLine(at, 0)]);
  });

  it('prints when the paper is near its end, and logs it', async () => {
    const { logLines, at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x1e);
    await side.ended;
    side.answer(0x12);

    expect(await outcome).toBe('printed');
    expect(side.received()).toEqual(wholeJob);
    expect(logLines).toEqual([
      `printer paper is near its end {"printer":"${at}"}`,
      printedLine(at, 0),
    ]);
  });

  it('skips bytes that are no answer and takes the first answer, whatever follows it', async () => {
    const { send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x00, 0xff, 0x12, 0x72);
    await side.ended;
    // An answer that came with the paper's, before the job, is no answer to the job.
    expect(side.received()).toEqual(wholeJob);
    side.answer(0x00, 0x10, 0x12);

    expect(await outcome).toBe('printed');
  });

  it('takes the paper bit 3 (paper fed by the button) after the job as ready', async () => {
    const { send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x12);
    await side.ended;
    side.answer(0x1a);

    expect(await outcome).toBe('printed');
  });

  // A printer may answer the paper question after the till stopped waiting for it: that answer
  // must never pass for the job's, so the till asks twice and takes the second answer.
  it('waits 500 ms for the paper answer, then prints without it, and never takes a late paper answer for the job', async () => {
    const { clock, logLines, at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    clock.advance(500);
    await side.ended;
    expect(side.received()).toEqual(
      Buffer.concat([
        Buffer.from(request),
        job,
        Buffer.from([...statusQuestion, ...statusQuestion]),
      ]),
    );
    side.answer(0x12);
    clock.advance(19_499);
    expect(logLines).toEqual([]);
    side.answer(0x12);

    expect(await outcome).toBe('printed');
    expect(logLines).toEqual([printedLine(at, 19_999)]);
  });

  it('prints on a printer that never answers the paper question but answers after the job, twice', async () => {
    const { clock, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    clock.advance(500);
    await side.ended;
    side.answer(0x12, 0x12);

    expect(await outcome).toBe('printed');
  });

  it('takes a late paper answer that comes while the job goes out as the paper answer, and the next as the job answer', async () => {
    const large = new Uint8Array(16 * 1024 * 1024);
    const { clock, logLines, send } = rig();

    const outcome = send(large);
    const side = await printer.connection();
    await side.read(3);
    clock.advance(500);
    await side.read(4);
    side.socket.pause();
    // Late: the job is already under way. It says "out", which no longer stops anything.
    side.answer(0x72);
    await expect.poll(() => tillSockets[0]!.bytesRead).toBe(1);
    side.socket.resume();
    await side.ended;
    expect(side.received().subarray(-6)).toEqual(Buffer.from([0, 0, 0, ...statusQuestion]));
    side.answer(0x12);

    expect(await outcome).toBe('printed');
    expect(logLines.at(-1)).toContain('network printer job printed');
  });

  it('takes the first answer after the job, whatever follows it', async () => {
    const { clock, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x12);
    await side.ended;
    side.answer(0x12, 0x32, 0x72);
    clock.advance(600);

    expect(await outcome).toBe('printed');
    expect(side.received()).toEqual(wholeJob);
  });

  it.each([1, 4095, 4096, 4097, 8192])(
    'sends a job of %i bytes whole, and no more',
    async (length) => {
      const bytes = Uint8Array.from({ length }, (_, index) => (index * 7) % 256);
      const { logLines, at, send } = rig({ askPaperStatus: false });

      const outcome = send(bytes);
      const side = await printer.connection();
      await side.ended;
      side.answer(0x12);

      expect(await outcome).toBe('printed');
      expect(side.received()).toEqual(Buffer.concat([bytes, Buffer.from(statusQuestion)]));
      expect(logLines).toEqual([printedLine(at, 0, length)]);
    },
  );

  it('sends a job far larger than the connection buffers piece by piece, as fast as the printer reads', async () => {
    const large = new Uint8Array(16 * 1024 * 1024);
    for (let index = 0; index < large.length; index += 1) large[index] = index % 253;
    const { logLines, at, send } = rig({ askPaperStatus: false });

    const outcome = send(large);
    const side = await printer.connection();
    await side.ended;
    side.answer(0x12);

    expect(await outcome).toBe('printed');
    expect(side.received().equals(Buffer.concat([large, Buffer.from(statusQuestion)]))).toBe(true);
    expect(logLines).toEqual([printedLine(at, 0, large.length)]);
    // Each wait for the printer to read takes its listeners off again: only the job's own
    // close listener is left on the connection.
    await tillLetGo(tillSockets[0]);
    expect(tillSockets[0]!.listenerCount('drain')).toBe(0);
    expect(tillSockets[0]!.listenerCount('close')).toBeLessThanOrEqual(1);
  });
});

describe('a network printer job that is not confirmed', () => {
  // Equivalent mutant: ConditionalExpression `false` in `if (settled) return;`: after settling the socket is destroyed, so no "connect" comes, and a job settled while its last piece waited only writes the status question to a destroyed socket and ends it, which sends, emits and logs nothing (the job has its outcome already).
  // Equivalent mutant: StringLiteral `""` in `const at = stage === 'connecting' ? 'connecting' : 'connected';`: for 'connected': socketErrorKind only tells 'connecting' from any other stage, so an empty word reads as connected too.
  // The printer: it hung up after the till had handed every byte over and ended its
  // side. Whether it read them all or none, its close is no sign it printed.
  it('never counts a printer that half-closes at once, before reading the job, as printed', async () => {
    const { logLines, at, send } = rig({ askPaperStatus: false });

    const outcome = send(job);
    const side = await printer.connection();
    side.socket.pause();
    side.socket.end();

    expect(failureOf(await outcome)).toEqual({
      kind: 'closed',
      outcome: 'unknown',
      message: `The printer at ${at} hung up before confirming it printed.`,
      action: checkPaper,
      detail: 'the printer hung up while confirming',
    });
    expect(logLines).toEqual([
      unconfirmed(at, {
        ms: 0,
        kind: 'closed',
        outcome: 'unknown',
        detail: 'the printer hung up while confirming',
        stage: 'confirming',
        handedOver: 12289,
      }),
    ]);
  });

  it('never counts a printer that read 203 of 803 bytes and closed its side as printed', async () => {
    const small = Uint8Array.from({ length: 803 }, (_, index) => index % 199);
    const { logLines, at, send } = rig();

    const outcome = send(small);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x12);
    await side.read(3 + 203);
    side.socket.pause();
    side.socket.end();

    expect(failureOf(await outcome)).toMatchObject({ kind: 'closed', outcome: 'unknown' });
    expect(logLines).toEqual([
      unconfirmed(
        at,
        {
          ms: 0,
          kind: 'closed',
          outcome: 'unknown',
          detail: 'the printer hung up while confirming',
          stage: 'confirming',
          handedOver: 803,
        },
        803,
      ),
    ]);
  });

  it('never counts a connection that closes after the till ended its side, without an answer, as printed', async () => {
    const { logLines, at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x12);
    await side.ended;
    tillSockets[0]!.destroy();

    expect(failureOf(await outcome)).toEqual({
      kind: 'closed',
      outcome: 'unknown',
      message: `The printer at ${at} hung up before confirming it printed.`,
      action: checkPaper,
      detail: 'the connection closed while confirming',
    });
    expect(logLines).toEqual([
      unconfirmed(at, {
        ms: 0,
        kind: 'closed',
        outcome: 'unknown',
        detail: 'the connection closed while confirming',
        stage: 'confirming',
        handedOver: 12289,
      }),
    ]);
  });

  it.each([
    [
      0x32,
      'paper-out',
      'ran out of paper part way through.',
      'Put in a new roll and check the paper before you print again: a new print says COPY.',
      'the printer stopped at the paper end',
    ],
    [
      0x72,
      'paper-out',
      'ran out of paper part way through.',
      'Put in a new roll and check the paper before you print again: a new print says COPY.',
      'the printer stopped at the paper end',
    ],
    [
      0x16,
      'cover-open',
      'says its cover is open.',
      'Close the cover and check the paper before you print again: a new print says COPY.',
      'the cover is open',
    ],
    [
      0x52,
      'printer-error',
      'reports an error.',
      checkPaper,
      'the printer reports an error (status 82)',
    ],
    [
      0x56,
      'cover-open',
      'says its cover is open.',
      'Close the cover and check the paper before you print again: a new print says COPY.',
      'the cover is open',
    ],
  ] as const)(
    'says it is not known whether it printed when the status after the job is 0x%s',
    async (status, kind, words, action, detail) => {
      const { logLines, at, send } = rig();

      const outcome = send(job);
      const side = await printer.connection();
      await side.read(3);
      side.answer(0x12);
      await side.ended;
      side.answer(status);

      expect(failureOf(await outcome)).toEqual({
        kind,
        outcome: 'unknown',
        message: `The printer at ${at} ${words}`,
        action,
        detail,
      });
      expect(logLines).toEqual([
        unconfirmed(at, {
          ms: 0,
          kind,
          outcome: 'unknown',
          detail,
          stage: 'confirming',
          handedOver: 12289,
        }),
      ]);
      await tillLetGo(tillSockets[0]);
    },
  );

  it('says it is not known whether it printed when the printer reads everything and neither answers nor closes by the job deadline', async () => {
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
      kind: 'unconfirmed',
      outcome: 'unknown',
      message: `The printer at ${at} did not confirm it printed.`,
      action: checkPaper,
      detail: 'not finished in 20000 ms while confirming',
    });
    // The printer answering a millisecond later changes nothing: the till let go.
    clock.advance(1);
    side.answer(0x12);
    await tillLetGo(tillSockets[0]);
    expect(logLines).toEqual([
      unconfirmed(at, {
        ms: 20000,
        kind: 'unconfirmed',
        outcome: 'unknown',
        detail: 'not finished in 20000 ms while confirming',
        stage: 'confirming',
        handedOver: 12289,
      }),
    ]);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('leaves the job unconfirmed when only the late paper answer comes after it', async () => {
    const { clock, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    clock.advance(500);
    await side.ended;
    // One answer: the paper question's, late, or one of the two after the job; never enough.
    side.answer(0x12);
    clock.advance(19_500);

    expect(failureOf(await outcome)).toMatchObject({ kind: 'unconfirmed', outcome: 'unknown' });
  });

  it('leaves the job unconfirmed when only the answer to the paper question came, not one after the job', async () => {
    const { clock, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x12);
    await side.ended;
    clock.advance(20_000);

    expect(failureOf(await outcome)).toMatchObject({ kind: 'unconfirmed', outcome: 'unknown' });
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

    expect(failureOf(await outcome).detail).toBe('not finished in 7000 ms while confirming');
  });

  it('waits for a printer that stops reading, and says it stopped part way through', async () => {
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
      outcome: 'unknown',
      message: `The printer at ${at} stopped reading part way through.`,
      action: checkPaper,
      detail: 'not finished in 20000 ms while sending',
    });
    expect(logLines).toHaveLength(1);
    const fields = JSON.parse(logLines[0]!.replace('network printer job not confirmed ', '')) as {
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

  it('says it is not known whether it printed when the printer hangs up in the middle of a long job', async () => {
    const large = new Uint8Array(16 * 1024 * 1024);
    const { at, send } = rig({ askPaperStatus: false });

    const outcome = send(large);
    const side = await printer.connection();
    await side.read(1);
    side.socket.pause();
    side.socket.end();

    expect(failureOf(await outcome)).toEqual({
      kind: 'closed',
      outcome: 'unknown',
      message: `The printer at ${at} hung up before confirming it printed.`,
      action: checkPaper,
      detail: 'the printer hung up while sending',
    });
  });

  it('says it is not known whether it printed when the printer resets the connection after the job', async () => {
    const { logLines, at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x12);
    await side.ended;
    side.socket.resetAndDestroy();

    expect(failureOf(await outcome)).toEqual({
      kind: 'closed',
      outcome: 'unknown',
      message: `The printer at ${at} hung up before confirming it printed.`,
      action: checkPaper,
      detail: 'ECONNRESET',
    });
    await tillLetGo(tillSockets[0]);
    expect(logLines).toEqual([
      unconfirmed(at, {
        ms: 0,
        kind: 'closed',
        outcome: 'unknown',
        detail: 'ECONNRESET',
        stage: 'confirming',
        handedOver: 12289,
      }),
    ]);
  });

  it('says it is not known whether it printed when the network drops once the job is under way', async () => {
    const { at, send } = rig({ askPaperStatus: false });

    const outcome = send(job);
    const side = await printer.connection();
    await side.ended;
    tillSockets[0]!.destroy(
      Object.assign(new Error(`read ETIMEDOUT ${at}`), { code: 'ETIMEDOUT' }),
    );

    expect(failureOf(await outcome)).toMatchObject({
      kind: 'closed',
      outcome: 'unknown',
      detail: 'ETIMEDOUT',
    });
  });
});

describe('a network printer job that is not printed', () => {
  const notSent = (at: string, detail: string) => ({
    kind: 'closed',
    outcome: 'not-printed',
    message: `The printer at ${at} hung up before anything was sent.`,
    action: 'Check it is on and ready, then try again.',
    detail,
  });

  it('sends nothing and says so when the printer is out of paper', async () => {
    const { clock, logLines, at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.answer(0x72);

    expect(failureOf(await outcome)).toEqual({
      kind: 'paper-out',
      outcome: 'not-printed',
      message: `The printer at ${at} is out of paper.`,
      action: 'Put in a new roll, then try again.',
      detail: 'the paper end sensor is set',
    });
    await tillLetGo(tillSockets[0]);
    await side.ended;
    expect([...side.received()]).toEqual(request);
    expect(logLines).toEqual([
      unconfirmed(at, {
        ms: 0,
        kind: 'paper-out',
        outcome: 'not-printed',
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

    expect(failureOf(await outcome)).toMatchObject({ kind: 'paper-out', outcome: 'not-printed' });
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
      outcome: 'not-printed',
      message: `The printer at 127.0.0.1:${port} refused the connection.`,
      action:
        "Check the printer's address and port in Settings (usually 9100) and that the printer is on, then try again.",
      detail: 'ECONNREFUSED',
    });
    await tillLetGo(tillSockets[0]);
    expect(logLines).toEqual([
      unconfirmed(`127.0.0.1:${port}`, {
        ms: 0,
        kind: 'refused',
        outcome: 'not-printed',
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
      outcome: 'not-printed',
      message: `The printer at ${at} does not answer.`,
      action: 'Check it is on and on the network, then try again.',
      detail: 'no connection in 5000 ms',
    });
    await tillLetGo(tillSockets[0]);
    expect(logLines).toEqual([
      unconfirmed(at, {
        ms: 5000,
        kind: 'unreachable',
        outcome: 'not-printed',
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

    expect(failureOf(await outcome)).toMatchObject({
      kind: 'unreachable',
      outcome: 'not-printed',
      detail: 'not finished in 20000 ms while connecting',
    });
    expect(logLines).toEqual([
      unconfirmed(at, {
        ms: 20000,
        kind: 'unreachable',
        outcome: 'not-printed',
        detail: 'not finished in 20000 ms while connecting',
        stage: 'connecting',
        handedOver: 0,
      }),
    ]);
  });

  it('says nothing was sent when the paper question is still open at the job deadline', async () => {
    const { clock, logLines, at, send } = rig({ statusTimeoutMs: 60_000 });

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    clock.advance(19_999);
    expect(logLines).toEqual([]);
    clock.advance(1);

    expect(failureOf(await outcome)).toEqual({
      kind: 'stalled',
      outcome: 'not-printed',
      message: `The printer at ${at} did not take the job in time, and nothing was sent.`,
      action: 'Check it is on and ready, then try again.',
      detail: 'not finished in 20000 ms while asking-paper',
    });
    await tillLetGo(tillSockets[0]);
    expect([...side.received()]).toEqual(request);
    expect(logLines).toEqual([
      unconfirmed(at, {
        ms: 20000,
        kind: 'stalled',
        outcome: 'not-printed',
        detail: 'not finished in 20000 ms while asking-paper',
        stage: 'asking-paper',
        handedOver: 0,
      }),
    ]);
  });

  it('says nothing was sent when the printer hangs up on the paper question', async () => {
    const { logLines, at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    side.socket.end();

    expect(failureOf(await outcome)).toEqual(notSent(at, 'the printer hung up while asking-paper'));
    await tillLetGo(tillSockets[0]);
    expect(logLines).toEqual([
      unconfirmed(at, {
        ms: 0,
        kind: 'closed',
        outcome: 'not-printed',
        detail: 'the printer hung up while asking-paper',
        stage: 'asking-paper',
        handedOver: 0,
      }),
    ]);
  });

  // A connection that closes with neither the printer's end nor an error: only the stage
  // the job was at decides.
  it('says nothing was sent when the connection closes during the paper question', async () => {
    const { logLines, at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    tillSockets[0]!.destroy();

    expect(failureOf(await outcome)).toEqual(
      notSent(at, 'the connection closed while asking-paper'),
    );
    expect(logLines).toEqual([
      unconfirmed(at, {
        ms: 0,
        kind: 'closed',
        outcome: 'not-printed',
        detail: 'the connection closed while asking-paper',
        stage: 'asking-paper',
        handedOver: 0,
      }),
    ]);
  });

  it('says nothing was sent when a job of no bytes is hung up on', async () => {
    const { at, send } = rig({ askPaperStatus: false });

    const outcome = send(new Uint8Array(0));
    const side = await printer.connection();
    await side.ended;
    expect([...side.received()]).toEqual(statusQuestion);
    side.socket.end();

    expect(failureOf(await outcome)).toEqual(notSent(at, 'the printer hung up while confirming'));
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
      outcome: 'not-printed',
      message: `The printer at ${at} does not answer.`,
      action: 'Check it is on and on the network, then try again.',
      detail: 'EHOSTUNREACH',
    });
    expect(logLines).toEqual([
      unconfirmed(at, {
        ms: 0,
        kind: 'unreachable',
        outcome: 'not-printed',
        detail: 'EHOSTUNREACH',
        stage: 'connecting',
        handedOver: 0,
      }),
    ]);
  });

  it('names an error without a code by its message', async () => {
    const { send } = rig();

    const outcome = send(job);
    tillSockets[0]!.destroy(new Error('socket hang up'));

    expect(failureOf(await outcome)).toMatchObject({
      kind: 'unreachable',
      outcome: 'not-printed',
      detail: 'socket hang up',
    });
  });

  it('says nothing was sent when the network drops during the paper question', async () => {
    const { at, send } = rig();

    const outcome = send(job);
    const side = await printer.connection();
    await side.read(3);
    tillSockets[0]!.destroy(
      Object.assign(new Error(`read ETIMEDOUT ${at}`), { code: 'ETIMEDOUT' }),
    );

    expect(failureOf(await outcome)).toEqual(notSent(at, 'ETIMEDOUT'));
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
    side.answer(0x12);

    expect(await outcome).toBe('printed');
    expect(side.received()).toEqual(
      Buffer.concat([Buffer.from(request), drawn, Buffer.from(statusQuestion)]),
    );
    expect(logLines).toEqual([printedLine(`127.0.0.1:${printer.port}`, 0, drawn.length)]);
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
    side.answer(0x12);

    expect(await outcome).toBe('printed');
    expect(side.received()).toEqual(
      Buffer.concat([renderEscPos(sampleReceipt, 'roll-80'), Buffer.from(statusQuestion)]),
    );
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
      outcome: 'not-printed',
      message: `The printer at 127.0.0.1:${printer.port} does not answer.`,
      action: 'Check it is on and on the network, then try again.',
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
    // The late paper answer, then the job's (asked twice after a paper question left open).
    side.answer(0x72, 0x12);

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

    expect(failureOf(await outcome).message).toBe('The printer at 127.0.0.1 does not answer.');
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

    expect(failureOf(await outcome).message).toBe('The printer at [::1]:9101 does not answer.');
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
      outcome: 'not-printed',
      message: "The printer's address in Settings is not valid.",
      action: 'A manager enters its IP address or name, and its port, in Settings.',
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
      outcome: 'not-printed',
      message: 'This document could not be prepared for the receipt printer.',
      action: 'Save it as PDF instead.',
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
