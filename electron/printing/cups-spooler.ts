/**
 * The CUPS scheduler as a Spooler (spooler-jobs.ts): the printer's jobs and their states, and
 * the default printer, asked over IPP (RFC 8010/8011) the way CUPS's own clients ask: a POST
 * of application/ipp to the scheduler's local socket, or to localhost:631. IPP's answers are
 * numbers and keywords, not words in the machine's language (as lpstat's are), so nothing here
 * depends on the OS's locale. Only two operations are used: Get-Jobs and CUPS-Get-Default.
 */
import http from 'node:http';
import type { Spooler, SpoolerJob, SpoolerJobState } from './spooler-jobs';

/** Where the scheduler listens: its local socket, or a host and port. */
export type CupsServer = { socketPath: string } | { host: string; port: number };

/**
 * The scheduler to ask, as CUPS's own clients find it: CUPS_SERVER (a socket path, or a host
 * with an optional port), else the first local socket that exists, else localhost:631. None
 * on Windows, which has no CUPS.
 */
export function cupsServerOf(
  env: Record<string, string | undefined>,
  platform: string,
  exists: (path: string) => boolean,
): CupsServer | null {
  const named = env.CUPS_SERVER?.trim();
  if (named) {
    if (named.startsWith('/')) return { socketPath: named };
    const hostAndPort = named.split('/')[0]!;
    const match = /^(.*?)(?::(\d+))?$/.exec(hostAndPort)!;
    const host = match[1]!.replace(/^\[(.*)\]$/, '$1');
    return { host, port: match[2] ? Number(match[2]) : 631 };
  }
  if (platform === 'win32') return null;
  const socket = ['/run/cups/cups.sock', '/var/run/cups/cups.sock', '/private/var/run/cupsd'].find(
    exists,
  );
  return socket ? { socketPath: socket } : { host: 'localhost', port: 631 };
}

export interface CupsSpoolerOptions {
  /** How long one question may take (real time); default 5 s. */
  timeoutMs?: number;
}

export function createCupsSpooler(server: CupsServer, options: CupsSpoolerOptions = {}): Spooler {
  const timeoutMs = options.timeoutMs ?? 5_000;
  let requestId = 0;
  const send = async (operation: number, attributes: IppAttribute[]) => {
    requestId += 1;
    const answer = parseIppResponse(
      await post(server, encodeIppRequest(operation, requestId, attributes), timeoutMs),
    );
    return answer;
  };
  return {
    async defaultPrinter() {
      const answer = await send(CUPS_GET_DEFAULT, [
        keywords('requested-attributes', ['printer-name']),
      ]);
      if (answer.status === IPP_NOT_FOUND) return null;
      expectOk(answer);
      const name = answer.groups
        .find((group) => group.tag === PRINTER_GROUP)
        ?.attributes.get('printer-name')?.[0];
      return typeof name === 'string' ? name : null;
    },
    async jobs(printer) {
      const answer = await send(GET_JOBS, [
        { tag: TAG_URI, name: 'printer-uri', values: [printerUri(printer)] },
        keywords('which-jobs', ['all']),
        keywords('requested-attributes', ['job-id', 'job-state', 'time-at-processing']),
      ]);
      expectOk(answer);
      return answer.groups.flatMap((group) => {
        if (group.tag !== JOB_GROUP) return [];
        const job = jobOf(group.attributes);
        return job ? [job] : [];
      });
    },
  };
}

/** ipp://localhost/printers/<name>: how CUPS names a queue, whatever the socket. */
export function printerUri(printer: string): string {
  return `ipp://localhost/printers/${encodeURIComponent(printer)}`;
}

const GET_JOBS = 0x000a;
const CUPS_GET_DEFAULT = 0x4001;
const IPP_NOT_FOUND = 0x0406;

const OPERATION_GROUP = 0x01;
const JOB_GROUP = 0x02;
const END_OF_ATTRIBUTES = 0x03;
const PRINTER_GROUP = 0x04;

const TAG_INTEGER = 0x21;
const TAG_BOOLEAN = 0x22;
const TAG_ENUM = 0x23;
const TAG_KEYWORD = 0x44;
const TAG_URI = 0x45;
const TAG_CHARSET = 0x47;
const TAG_LANGUAGE = 0x48;

/** job-state (RFC 8011 5.3.7): 3 pending ... 9 completed. */
const jobStates: Record<number, SpoolerJobState> = {
  3: 'pending',
  4: 'held',
  5: 'processing',
  6: 'stopped',
  7: 'canceled',
  8: 'aborted',
  9: 'completed',
};

export interface IppAttribute {
  tag: number;
  name: string;
  values: string[];
}

type IppValue = string | number | boolean | null;

export interface IppResponse {
  status: number;
  requestId: number;
  groups: { tag: number; attributes: Map<string, IppValue[]> }[];
}

function keywords(name: string, values: string[]): IppAttribute {
  return { tag: TAG_KEYWORD, name, values };
}

/**
 * An IPP/2.0 request (text in UTF-8, as its charset says): the operation attributes (charset
 * and language first), then the end tag. Posted to the scheduler's root path.
 */
export function encodeIppRequest(
  operation: number,
  requestId: number,
  attributes: IppAttribute[],
): Buffer {
  const parts: Buffer[] = [];
  const head = Buffer.alloc(8);
  head.writeUInt16BE(0x0200, 0);
  head.writeUInt16BE(operation, 2);
  head.writeUInt32BE(requestId, 4);
  parts.push(head, Buffer.of(OPERATION_GROUP));
  const all: IppAttribute[] = [
    { tag: TAG_CHARSET, name: 'attributes-charset', values: ['utf-8'] },
    { tag: TAG_LANGUAGE, name: 'attributes-natural-language', values: ['en'] },
    ...attributes,
  ];
  for (const attribute of all) {
    attribute.values.forEach((value, index) => {
      // Further values of a set carry an empty name.
      const name = Buffer.from(index === 0 ? attribute.name : '');
      const bytes = Buffer.from(value);
      const field = Buffer.alloc(1 + 2 + name.length + 2 + bytes.length);
      field.writeUInt8(attribute.tag, 0);
      field.writeUInt16BE(name.length, 1);
      name.copy(field, 3);
      field.writeUInt16BE(bytes.length, 3 + name.length);
      bytes.copy(field, 5 + name.length);
      parts.push(field);
    });
  }
  parts.push(Buffer.of(END_OF_ATTRIBUTES));
  return Buffer.concat(parts);
}

/** An IPP response: its status, and each attribute group with its values (out-of-band as null). */
export function parseIppResponse(bytes: Buffer): IppResponse {
  if (bytes.length < 9) throw new Error(`IPP answer of ${bytes.length} bytes`);
  const response: IppResponse = {
    status: bytes.readUInt16BE(2),
    requestId: bytes.readUInt32BE(4),
    groups: [],
  };
  let at = 8;
  let group: IppResponse['groups'][number] | null = null;
  let last: IppValue[] | null = null;
  for (;;) {
    if (at >= bytes.length) throw new Error('IPP answer without its end tag');
    const tag = bytes.readUInt8(at);
    at += 1;
    if (tag === END_OF_ATTRIBUTES) return response;
    if (tag < 0x10) {
      group = { tag, attributes: new Map() };
      response.groups.push(group);
      last = null;
      continue;
    }
    const nameLength = bytes.readUInt16BE(at);
    const name = bytes.toString('utf8', at + 2, at + 2 + nameLength);
    at += 2 + nameLength;
    const valueLength = bytes.readUInt16BE(at);
    const value = bytes.subarray(at + 2, at + 2 + valueLength);
    if (value.length !== valueLength) throw new Error('IPP value runs past the answer');
    at += 2 + valueLength;
    if (!group) throw new Error('IPP attribute outside a group');
    const decoded = decodeValue(tag, value);
    if (nameLength > 0) {
      last = [decoded];
      group.attributes.set(name, last);
    } else if (last) {
      last.push(decoded);
    }
  }
}

function decodeValue(tag: number, value: Buffer): IppValue {
  // Out-of-band values (unsupported, unknown, no-value) carry no value.
  if (tag < 0x20) return null;
  if ((tag === TAG_INTEGER || tag === TAG_ENUM) && value.length === 4) return value.readInt32BE(0);
  if (tag === TAG_BOOLEAN && value.length === 1) return value[0] !== 0;
  return value.toString('utf8');
}

function jobOf(attributes: Map<string, IppValue[]>): SpoolerJob | null {
  const id = attributes.get('job-id')?.[0];
  const state = jobStates[Number(attributes.get('job-state')?.[0])];
  if (typeof id !== 'number' || !state) return null;
  const processingAt = attributes.get('time-at-processing')?.[0];
  return {
    id,
    state,
    started:
      state === 'processing' ||
      state === 'stopped' ||
      state === 'completed' ||
      (typeof processingAt === 'number' && processingAt > 0),
  };
}

function expectOk(answer: IppResponse): void {
  // 0x0000-0x00ff: successful (ok, ok with some attributes ignored or substituted).
  if (answer.status > 0x00ff)
    throw new Error(`CUPS answered status 0x${answer.status.toString(16).padStart(4, '0')}`);
}

function post(server: CupsServer, body: Buffer, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        ...server,
        method: 'POST',
        headers: {
          'content-type': 'application/ipp',
          'content-length': body.length,
          // CUPS answers only requests addressed to a name of its own.
          host: 'localhost',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          if (response.statusCode === 200) resolve(Buffer.concat(chunks));
          else reject(new Error(`CUPS answered HTTP ${response.statusCode}`));
        });
      },
    );
    request.setTimeout(timeoutMs, () =>
      request.destroy(new Error(`CUPS did not answer in ${timeoutMs} ms`)),
    );
    request.on('error', reject);
    request.end(body);
  });
}
