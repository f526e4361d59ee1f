/**
 * The CUPS scheduler asked over IPP: where it listens, the requests' bytes, the answers read
 * back (groups, several values, out-of-band values), and the spooler against a small IPP
 * server of the test's own on a local socket that answers as the test says. (The real cupsd
 * answers in tests/integration/app/os-spooler-printing.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createCupsSpooler,
  cupsServerOf,
  encodeIppRequest,
  parseIppResponse,
  printerUri,
} from '../../../electron/printing/cups-spooler';

/** One attribute as IPP writes it: tag, name, value. */
function field(tag: number, name: string, value: Buffer | string): Buffer {
  const nameBytes = Buffer.from(name);
  const valueBytes = typeof value === 'string' ? Buffer.from(value) : value;
  const head = Buffer.alloc(3);
  head.writeUInt8(tag, 0);
  head.writeUInt16BE(nameBytes.length, 1);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(valueBytes.length, 0);
  return Buffer.concat([head, nameBytes, length, valueBytes]);
}
const int = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value, 0);
  return bytes;
};
function answer(status: number, requestId: number, ...body: Buffer[]): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt16BE(0x0200, 0);
  head.writeUInt16BE(status, 2);
  head.writeUInt32BE(requestId, 4);
  return Buffer.concat([head, ...body, Buffer.of(0x03)]);
}
const operationGroup = Buffer.concat([
  Buffer.of(0x01),
  field(0x47, 'attributes-charset', 'utf-8'),
  field(0x48, 'attributes-natural-language', 'en'),
]);
const jobGroup = (id: number, state: number, processingAt?: number) =>
  Buffer.concat([
    Buffer.of(0x02),
    field(0x21, 'job-id', int(id)),
    field(0x23, 'job-state', int(state)),
    processingAt === undefined
      ? field(0x13, 'time-at-processing', '')
      : field(0x21, 'time-at-processing', int(processingAt)),
  ]);

describe('where the CUPS scheduler listens', () => {
  // Equivalent mutant: Regex `/(.*?)(?::(\d+))?$/` in `const match = /^(.*?)(?::(\d+))?$/.exec(hostAndPort)!;`: a match is tried from the first character first, and this one always matches there (its host part may be empty), so it never starts later.
  const none = () => false;

  it.each([
    ['/tmp/cups.sock', { socketPath: '/tmp/cups.sock' }],
    ['  /run/x.sock  ', { socketPath: '/run/x.sock' }],
    ['print-server', { host: 'print-server', port: 631 }],
    ['print-server:8631', { host: 'print-server', port: 8631 }],
    ['print-server:8631/version=1.1', { host: 'print-server', port: 8631 }],
    ['[::1]:632', { host: '::1', port: 632 }],
    ['[::1]', { host: '::1', port: 631 }],
    // Brackets only around the whole host.
    ['x[::1]:632', { host: 'x[::1]', port: 632 }],
    ['[::1]x:632', { host: '[::1]x', port: 632 }],
  ])('CUPS_SERVER %j is %j', (named, server) => {
    expect(cupsServerOf({ CUPS_SERVER: named }, 'linux', none)).toEqual(server);
  });

  it('takes the first local socket that exists, else localhost:631, and none on Windows', () => {
    expect(cupsServerOf({}, 'linux', (path) => path === '/var/run/cups/cups.sock')).toEqual({
      socketPath: '/var/run/cups/cups.sock',
    });
    expect(cupsServerOf({}, 'linux', () => true)).toEqual({ socketPath: '/run/cups/cups.sock' });
    expect(cupsServerOf({}, 'darwin', (path) => path === '/private/var/run/cupsd')).toEqual({
      socketPath: '/private/var/run/cupsd',
    });
    expect(cupsServerOf({ CUPS_SERVER: '' }, 'linux', none)).toEqual({
      host: 'localhost',
      port: 631,
    });
    expect(cupsServerOf({}, 'win32', () => true)).toBeNull();
    expect(cupsServerOf({ CUPS_SERVER: 'print-server' }, 'win32', none)).toEqual({
      host: 'print-server',
      port: 631,
    });
  });
});

describe('IPP requests and answers', () => {
  it('writes a request as IPP/2.0: operation, id, charset and language first, each value of a set unnamed', () => {
    const bytes = encodeIppRequest(0x000a, 7, [
      { tag: 0x45, name: 'printer-uri', values: ['ipp://localhost/printers/A'] },
      { tag: 0x44, name: 'requested-attributes', values: ['job-id', 'job-state'] },
    ]);

    expect(bytes).toEqual(
      Buffer.concat([
        Buffer.from([0x02, 0x00, 0x00, 0x0a, 0, 0, 0, 7]),
        operationGroup,
        field(0x45, 'printer-uri', 'ipp://localhost/printers/A'),
        field(0x44, 'requested-attributes', 'job-id'),
        field(0x44, '', 'job-state'),
        Buffer.of(0x03),
      ]),
    );
  });

  it('names a queue by its URI, escaped', () => {
    expect(printerUri('Front Desk/2')).toBe('ipp://localhost/printers/Front%20Desk%2F2');
  });

  it('reads the status, the id, each group and every value: numbers, words, truth, none', () => {
    const parsed = parseIppResponse(
      answer(
        0x0001,
        9,
        operationGroup,
        jobGroup(3, 9, 1_700_000_000),
        Buffer.concat([
          Buffer.of(0x02),
          field(0x21, 'job-id', int(4)),
          field(0x44, 'job-state-reasons', 'job-incoming'),
          field(0x44, '', 'job-hold-until-specified'),
          field(0x22, 'my-job', Buffer.of(1)),
          field(0x22, 'other', Buffer.of(0)),
          field(0x13, 'time-at-processing', ''),
          field(0x21, 'short', Buffer.of(1, 2)),
        ]),
      ),
    );

    expect(parsed.status).toBe(1);
    expect(parsed.requestId).toBe(9);
    expect(parsed.groups.map((group) => group.tag)).toEqual([1, 2, 2]);
    expect(Object.fromEntries(parsed.groups[1]!.attributes)).toEqual({
      'job-id': [3],
      'job-state': [9],
      'time-at-processing': [1_700_000_000],
    });
    expect(Object.fromEntries(parsed.groups[2]!.attributes)).toEqual({
      'job-id': [4],
      'job-state-reasons': ['job-incoming', 'job-hold-until-specified'],
      'my-job': [true],
      other: [false],
      'time-at-processing': [null],
      short: ['\u0001\u0002'],
    });
  });

  it('reads a negative number as IPP writes it', () => {
    const parsed = parseIppResponse(
      answer(0, 1, Buffer.concat([Buffer.of(0x02), field(0x21, 'n', int(-2))])),
    );
    expect(parsed.groups[0]!.attributes.get('n')).toEqual([-2]);
  });

  it('reads the shortest answer: its head and the end tag', () => {
    expect(parseIppResponse(answer(0, 5))).toEqual({ status: 0, requestId: 5, groups: [] });
  });

  it('reads every out-of-band value as none, and a value tag from 0x20 on as its value', () => {
    const parsed = parseIppResponse(
      answer(
        0,
        1,
        Buffer.concat([
          Buffer.of(0x02),
          field(0x10, 'unsupported', ''),
          field(0x12, 'unknown', ''),
          field(0x20, 'reserved', 'ab'),
          field(0x44, 'four', 'abcd'),
          field(0x44, 'one', 'a'),
          field(0x22, 'long-truth', Buffer.of(1, 0)),
          field(0x23, 'short-enum', Buffer.of(0, 9)),
        ]),
      ),
    );
    expect(Object.fromEntries(parsed.groups[0]!.attributes)).toEqual({
      unsupported: [null],
      unknown: [null],
      reserved: ['ab'],
      four: ['abcd'],
      one: ['a'],
      'long-truth': ['\u0001\u0000'],
      'short-enum': ['\u0000\t'],
    });
  });

  it.each([
    ['too short to hold its head', Buffer.from([2, 0, 0, 0, 0, 0, 0, 1]), 'IPP answer of 8 bytes'],
    [
      'without its end tag',
      answer(0, 1, operationGroup).subarray(0, -1),
      'IPP answer without its end tag',
    ],
    [
      'with a value past its end',
      Buffer.concat([
        answer(0, 1).subarray(0, 8),
        Buffer.of(0x01),
        field(0x44, 'a', 'abc'),
      ]).subarray(0, -1),
      'IPP value runs past the answer',
    ],
    [
      'with an attribute outside any group',
      Buffer.concat([answer(0, 1).subarray(0, 8), field(0x44, 'a', 'b'), Buffer.of(0x03)]),
      'IPP attribute outside a group',
    ],
  ])('refuses an answer %s', (_name, bytes, message) => {
    expect(() => parseIppResponse(bytes)).toThrow(new Error(message));
  });

  it('keeps a further value that comes before any named one out of the answer', () => {
    const parsed = parseIppResponse(
      answer(0, 1, Buffer.concat([Buffer.of(0x02), field(0x44, '', 'stray')])),
    );
    expect(parsed.groups[0]!.attributes.size).toBe(0);
  });
});

describe('the spooler over IPP', () => {
  let dir: string;
  let server: http.Server | undefined;
  afterEach(async () => {
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** An IPP server on a local socket: `reply` answers each request (its bytes and path). */
  async function ippServer(
    reply: (
      request: Buffer,
      headers: http.IncomingHttpHeaders,
    ) => { status?: number; body: Buffer } | null,
  ) {
    dir = mkdtempSync(join(tmpdir(), 'ipp-'));
    const socketPath = join(dir, 'ipp.sock');
    const requests: {
      body: Buffer;
      method: string;
      path: string;
      headers: http.IncomingHttpHeaders;
    }[] = [];
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        requests.push({
          body,
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
        });
        const answered = reply(body, request.headers);
        if (!answered) return; // never answers
        response.writeHead(answered.status ?? 200, { 'content-type': 'application/ipp' });
        response.end(answered.body);
      });
    });
    await new Promise<void>((resolve) => server!.listen(socketPath, resolve));
    return { socketPath, requests };
  }

  it("lists a queue's jobs with their states, started or not, and nothing of other groups", async () => {
    const { socketPath, requests } = await ippServer((request) => ({
      body: answer(
        0,
        request.readUInt32BE(4),
        operationGroup,
        jobGroup(1, 3),
        jobGroup(2, 4),
        jobGroup(3, 5),
        jobGroup(4, 6),
        jobGroup(5, 7),
        jobGroup(6, 8, 1_700_000_000),
        jobGroup(7, 9),
        jobGroup(8, 7, 0),
        jobGroup(9, 42),
        // Without a time it started, or with one CUPS would never write as text: not started.
        Buffer.concat([
          Buffer.of(0x02),
          field(0x21, 'job-id', int(11)),
          field(0x23, 'job-state', int(7)),
        ]),
        Buffer.concat([
          Buffer.of(0x02),
          field(0x21, 'job-id', int(12)),
          field(0x23, 'job-state', int(8)),
          field(0x44, 'time-at-processing', '5'),
        ]),
        // Without a state: no job the till can read.
        Buffer.concat([Buffer.of(0x02), field(0x21, 'job-id', int(13))]),
        Buffer.concat([Buffer.of(0x02), field(0x23, 'job-state', int(9))]),
        Buffer.concat([
          Buffer.of(0x04),
          field(0x21, 'job-id', int(10)),
          field(0x23, 'job-state', int(9)),
        ]),
      ),
    }));
    const spooler = createCupsSpooler({ socketPath });

    await expect(spooler.jobs('Front Desk')).resolves.toEqual([
      { id: 1, state: 'pending', started: false },
      { id: 2, state: 'held', started: false },
      { id: 3, state: 'processing', started: true },
      { id: 4, state: 'stopped', started: true },
      { id: 5, state: 'canceled', started: false },
      { id: 6, state: 'aborted', started: true },
      { id: 7, state: 'completed', started: true },
      { id: 8, state: 'canceled', started: false },
      { id: 11, state: 'canceled', started: false },
      { id: 12, state: 'aborted', started: false },
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.path).toBe('/');
    expect(requests[0]!.headers).toMatchObject({
      'content-type': 'application/ipp',
      host: 'localhost',
    });
    expect(requests[0]!.body).toEqual(
      encodeIppRequest(0x000a, 1, [
        { tag: 0x45, name: 'printer-uri', values: ['ipp://localhost/printers/Front%20Desk'] },
        { tag: 0x44, name: 'which-jobs', values: ['all'] },
        {
          tag: 0x44,
          name: 'requested-attributes',
          values: ['job-id', 'job-state', 'time-at-processing'],
        },
      ]),
    );
    await spooler.jobs('Front Desk');
    expect(requests[1]!.body.readUInt32BE(4)).toBe(2);
  });

  it('names the default printer, or none when CUPS has none', async () => {
    let hasDefault = true;
    const { socketPath, requests } = await ippServer((request) => ({
      body: hasDefault
        ? answer(
            0,
            request.readUInt32BE(4),
            operationGroup,
            Buffer.concat([Buffer.of(0x04), field(0x42, 'printer-name', 'Front_Desk')]),
          )
        : answer(0x0406, request.readUInt32BE(4), operationGroup),
    }));
    const spooler = createCupsSpooler({ socketPath });

    await expect(spooler.defaultPrinter()).resolves.toBe('Front_Desk');
    expect(requests[0]!.body).toEqual(
      encodeIppRequest(0x4001, 1, [
        { tag: 0x44, name: 'requested-attributes', values: ['printer-name'] },
      ]),
    );
    hasDefault = false;
    await expect(spooler.defaultPrinter()).resolves.toBeNull();
  });

  it.each([
    ['no printer group', Buffer.alloc(0)],
    ['a printer group without its name', Buffer.concat([Buffer.of(0x04), field(0x42, 'x', 'y')])],
  ])('names no default printer when the answer holds %s', async (_name, group) => {
    const { socketPath } = await ippServer((request) => ({
      body: answer(0, request.readUInt32BE(4), operationGroup, group),
    }));
    await expect(createCupsSpooler({ socketPath }).defaultPrinter()).resolves.toBeNull();
  });

  it('names no default printer when the answer holds no printer name', async () => {
    const { socketPath } = await ippServer((request) => ({
      body: answer(
        0,
        request.readUInt32BE(4),
        operationGroup,
        Buffer.concat([Buffer.of(0x04), field(0x21, 'printer-name', int(3))]),
      ),
    }));
    await expect(createCupsSpooler({ socketPath }).defaultPrinter()).resolves.toBeNull();
  });

  it.each([
    ['an IPP error', { body: answer(0x0400, 1, operationGroup) }, 'CUPS answered status 0x0400'],
    ['no such printer', { body: answer(0x0406, 1, operationGroup) }, 'CUPS answered status 0x0406'],
    ['an HTTP error', { status: 403, body: Buffer.from('no') }, 'CUPS answered HTTP 403'],
  ])('refuses to list jobs on %s', async (_name, reply, message) => {
    const { socketPath } = await ippServer(() => reply);
    await expect(createCupsSpooler({ socketPath }).jobs('A')).rejects.toThrow(message);
  });

  it('takes a successful status with something ignored as an answer', async () => {
    const { socketPath } = await ippServer((request) => ({
      body: answer(0x00ff, request.readUInt32BE(4), operationGroup, jobGroup(1, 9)),
    }));
    await expect(createCupsSpooler({ socketPath }).jobs('A')).resolves.toHaveLength(1);
  });

  it('refuses the default printer on an IPP error other than none', async () => {
    const { socketPath } = await ippServer(() => ({ body: answer(0x0500, 1, operationGroup) }));
    await expect(createCupsSpooler({ socketPath }).defaultPrinter()).rejects.toThrow(
      'CUPS answered status 0x0500',
    );
  });

  it('gives up on a scheduler that does not answer in time', async () => {
    const { socketPath } = await ippServer(() => null);
    await expect(createCupsSpooler({ socketPath }, { timeoutMs: 50 }).jobs('A')).rejects.toThrow(
      'CUPS did not answer in 50 ms',
    );
  });

  it('asks a scheduler over TCP as localhost, as CUPS wants its requests addressed', async () => {
    const hosts: (string | undefined)[] = [];
    server = http.createServer((request, response) => {
      hosts.push(request.headers.host);
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/ipp' });
        response.end(answer(0, 1, operationGroup));
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };

    await expect(createCupsSpooler({ host: '127.0.0.1', port }).jobs('A')).resolves.toEqual([]);
    expect(hosts).toEqual(['localhost']);
  });

  it('refuses an answer cut short', async () => {
    const { socketPath } = await ippServer(() => null);
    server!.removeAllListeners('request');
    server!.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/ipp', 'content-length': 100 });
        response.write(Buffer.alloc(10));
        setImmediate(() => response.socket?.destroy());
      });
    });
    await expect(createCupsSpooler({ socketPath }).jobs('A')).rejects.toThrow();
  });

  it('refuses when nothing listens', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ipp-'));
    await expect(
      createCupsSpooler({ socketPath: join(dir, 'none.sock') }).jobs('A'),
    ).rejects.toThrow(/ENOENT/);
  });
});
