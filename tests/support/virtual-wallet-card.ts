/**
 * A phone wallet on the NFC field, as a client of vsmartcard's vpcd (docs/architecture.md: Tests
 * that use real parts). vpcd listens on 35963; while our socket is connected the card is on
 * the reader. Each message is a 2-byte big-endian length, then the payload: 1-byte payloads
 * are control (0 off, 1 on, 2 reset, 4 ATR: answer with the ATR), longer ones are APDUs
 * (answer with data + SW). Answers by the wallet AID or as an NFC Forum Type 4 NDEF tag, and
 * misbehaves on request.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';

const VPCD_PORT = 35963;
/** ISO 14443-4 contactless card without historical bytes (PC/SC part 3), TCK included. */
export const CONTACTLESS_ATR = Uint8Array.of(0x3b, 0x80, 0x80, 0x01, 0x01);
const DEFAULT_WALLET_AID_HEX = 'F0504F533235';
const NDEF_AID_HEX = 'D2760000850101';
const NDEF_FILE_ID = 0xe104;

export type CardApplication =
  /** Answers SELECT <aid> with the token as 36 ASCII characters or 16 raw bytes. */
  | { kind: 'aid'; token: string; encoding?: 'ascii' | 'raw'; aid?: string }
  /** A Type 4 tag whose NDEF message is one Text or URI record holding the token. */
  | {
      kind: 'ndef';
      record: 'text' | 'uri';
      token: string;
      textEncoding?: 'utf-8' | 'utf-16';
      /** For URI records: the link, with {token} replaced. Default https://wallet.example/pay?token={token}. */
      uri?: string;
      /**
       * Extra text to make the message longer than one READ BINARY: before the token in a Text
       * record, a Text record of its own before a URI record.
       */
      padding?: number;
      /** The tag's MLe (most bytes per READ BINARY). Default 0x3B (59), so tokens span reads. */
      maxRead?: number;
    }
  /** A Type 4 tag with these exact NDEF message bytes (hostile tags). */
  | { kind: 'ndef-bytes'; message: Uint8Array; maxRead?: number }
  /** Knows no application: 6A82 to every SELECT. */
  | { kind: 'none' };

export type CommandKind =
  'select-aid' | 'select-ndef-app' | 'select-file' | 'read-binary' | 'read-ndef-body' | 'any';

export type CardFault =
  | { kind: 'status-word'; sw: number; on?: CommandKind }
  | { kind: 'garbage'; on?: CommandKind }
  | { kind: 'one-byte'; on?: CommandKind }
  /** Answers late: a phone slow to answer, or (on 'any') a slow tag. */
  | { kind: 'slow'; delayMs: number; on?: CommandKind }
  /** Answers with `bytes` of data and 9000: far more than any token. */
  | { kind: 'large'; bytes: number; on?: CommandKind }
  /** Closes the socket when this command arrives: the phone pulled away mid-read. */
  | { kind: 'remove'; on?: CommandKind };

export interface VirtualCardOptions {
  app: CardApplication;
  fault?: CardFault;
  port?: number;
  atr?: Uint8Array;
  /** How long to keep retrying the connection while pcscd/vpcd starts. */
  connectTimeoutMs?: number;
  /**
   * A test's moments to act on the card's side of the wire (to pause pcscd, say), called
   * synchronously right after the card wrote: its ATR once powered on (pcscd reports the card
   * to its clients then), and each answer to a command.
   */
  after?: { powerOnAtr?(): void; answer?(command: CommandKind): void };
}

export interface CardLogEntry {
  /** performance.now() when it happened. */
  atMs: number;
  kind: 'connected' | 'control' | 'apdu' | 'answer' | 'closed';
  bytes?: Uint8Array;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();

function uuidBytes(token: string): Uint8Array {
  return Uint8Array.from(Buffer.from(token.replace(/-/g, ''), 'hex'));
}

/** A one-record NDEF message; long (4-byte length) record when the payload exceeds 255 bytes. */
export function ndefRecord(
  tnf: number,
  type: string,
  payload: Uint8Array,
  withId = false,
): Uint8Array {
  const short = payload.length <= 255;
  const header = 0x80 | 0x40 | (short ? 0x10 : 0) | (withId ? 0x08 : 0) | tnf;
  const typeBytes = Buffer.from(type, 'latin1');
  const length = short
    ? [payload.length]
    : [
        payload.length >>> 24,
        (payload.length >> 16) & 0xff,
        (payload.length >> 8) & 0xff,
        payload.length & 0xff,
      ];
  const id = withId ? Buffer.from('w1') : Buffer.alloc(0);
  return Uint8Array.from([
    header,
    typeBytes.length,
    ...length,
    ...(withId ? [id.length] : []),
    ...typeBytes,
    ...id,
    ...payload,
  ]);
}

export function textRecordMessage(
  text: string,
  encoding: 'utf-8' | 'utf-16' = 'utf-8',
): Uint8Array {
  const language = Buffer.from('en');
  let body: Buffer;
  if (encoding === 'utf-16') {
    // Big-endian with a BOM, as RTD-Text allows.
    const le = Buffer.from(text, 'utf16le');
    body = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(le).swap16()]);
  } else {
    body = Buffer.from(text, 'utf8');
  }
  const status = (encoding === 'utf-16' ? 0x80 : 0) | language.length;
  return ndefRecord(0x01, 'T', Uint8Array.from([status, ...language, ...body]), true);
}

export function uriRecordMessage(uri: string): Uint8Array {
  const prefixes: [number, string][] = [
    [0x04, 'https://'],
    [0x03, 'http://'],
  ];
  const match = prefixes.find(([, prefix]) => uri.startsWith(prefix));
  const code = match ? match[0] : 0x00;
  const rest = match ? uri.slice(match[1].length) : uri;
  return ndefRecord(0x01, 'U', Uint8Array.from([code, ...Buffer.from(rest, 'utf8')]));
}

/**
 * One NDEF message of several records (each made as a one-record message above): the first
 * gets Message Begin, the last Message End, the others neither.
 */
export function ndefMessage(...records: Uint8Array[]): Uint8Array {
  const parts = records.map((record, index) => {
    const copy = Uint8Array.from(record);
    let header = (copy[0] as number) & ~0xc0;
    if (index === 0) header |= 0x80;
    if (index === records.length - 1) header |= 0x40;
    copy[0] = header;
    return copy;
  });
  return Uint8Array.from(parts.flatMap((part) => [...part]));
}

function ndefMessageOf(app: CardApplication): Uint8Array | null {
  if (app.kind === 'ndef-bytes') return app.message;
  if (app.kind !== 'ndef') return null;
  const padding = 'x'.repeat(app.padding ?? 0);
  if (app.record === 'text')
    return textRecordMessage(`${padding}wallet payment ${app.token}`, app.textEncoding);
  const uri = (app.uri ?? 'https://wallet.example/pay?token={token}').replace('{token}', app.token);
  // A link is only the wallet's in its exact form: the padding is a Text record before it.
  return padding
    ? ndefMessage(textRecordMessage(padding), uriRecordMessage(uri))
    : uriRecordMessage(uri);
}

function swBytes(sw: number): Uint8Array {
  return Uint8Array.of(sw >> 8, sw & 0xff);
}

function classify(apdu: Uint8Array): CommandKind {
  const [cla, ins, p1] = apdu;
  if (cla !== 0x00) return 'any';
  if (ins === 0xa4 && p1 === 0x04) {
    const aid = hex(apdu.subarray(5, 5 + (apdu[4] ?? 0)));
    return aid === NDEF_AID_HEX ? 'select-ndef-app' : 'select-aid';
  }
  if (ins === 0xa4) return 'select-file';
  if (ins === 0xb0) return 'read-binary';
  return 'any';
}

export class VirtualWalletCard {
  readonly log: CardLogEntry[] = [];
  private socket: net.Socket | null = null;
  private buffer = Buffer.alloc(0);
  private readonly model: WalletCardModel;
  private closedPromise: Promise<void> = Promise.resolve();
  private waiters: { test: () => boolean; resolve: () => void }[] = [];
  /** Powered on, its ATR not yet asked for. */
  private poweringOn = false;

  private constructor(private readonly options: VirtualCardOptions) {
    this.model = new WalletCardModel(options.app);
  }

  /** Puts the card on the reader: connects to vpcd (retrying while it starts). */
  static async tap(options: VirtualCardOptions): Promise<VirtualWalletCard> {
    const card = new VirtualWalletCard(options);
    await card.connect();
    return card;
  }

  /** The same phone tapped again after `remove()`: a new connection, same answers. */
  async tapAgain(): Promise<void> {
    await this.remove();
    this.model.reset();
    await this.connect();
  }

  get connected(): boolean {
    return this.socket !== null && !this.socket.destroyed;
  }

  /** When the socket connected (performance.now()). */
  get connectedAtMs(): number | undefined {
    return [...this.log].reverse().find((entry) => entry.kind === 'connected')?.atMs;
  }

  apdus(): Uint8Array[] {
    return this.log
      .filter((entry) => entry.kind === 'apdu')
      .map((entry) => entry.bytes as Uint8Array);
  }

  /** Takes the card off the reader. */
  async remove(): Promise<void> {
    this.socket?.destroy();
    await this.closedPromise;
  }

  /** Resolves when the card has received `count` APDUs in total, or rejects at the deadline. */
  waitForApdus(count: number, timeoutMs = 10_000): Promise<void> {
    return this.waitUntil(() => this.apdus().length >= count, `${count} APDU(s)`, timeoutMs);
  }

  waitUntilClosed(timeoutMs = 10_000): Promise<void> {
    return this.waitUntil(() => !this.connected, 'the card to be removed', timeoutMs);
  }

  /** Resolves once `test` holds after some card traffic, or rejects at the deadline. */
  waitUntil(test: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== entry);
        reject(
          new Error(`virtual card: waited ${timeoutMs} ms for ${what}; log: ${this.describeLog()}`),
        );
      }, timeoutMs);
      const entry = {
        test,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      this.waiters.push(entry);
    });
  }

  describeLog(): string {
    return this.log
      .map((entry) => `${entry.kind}${entry.bytes ? ` ${hex(entry.bytes)}` : ''}`)
      .join(' | ');
  }

  private record(kind: CardLogEntry['kind'], bytes?: Uint8Array): void {
    this.log.push({
      atMs: performance.now(),
      kind,
      ...(bytes ? { bytes: Uint8Array.from(bytes) } : {}),
    });
    for (const waiter of [...this.waiters]) {
      if (waiter.test()) {
        this.waiters = this.waiters.filter((other) => other !== waiter);
        waiter.resolve();
      }
    }
  }

  private async connect(): Promise<void> {
    const deadline = performance.now() + (this.options.connectTimeoutMs ?? 10_000);
    for (;;) {
      try {
        await this.connectOnce();
        return;
      } catch (error) {
        if (performance.now() > deadline) throw error;
        // vpcd starts listening with pcscd; a refused connection means "not yet".
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  private connectOnce(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(this.options.port ?? VPCD_PORT, '127.0.0.1');
      socket.setNoDelay(true);
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        socket.on('error', () => undefined);
        this.socket = socket;
        this.buffer = Buffer.alloc(0);
        this.closedPromise = new Promise((closed) =>
          socket.once('close', () => {
            if (this.socket === socket) this.socket = null;
            this.record('closed');
            closed();
          }),
        );
        socket.on('data', (chunk) => this.onData(chunk));
        this.record('connected');
        resolve();
      });
    });
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    while (this.buffer.length >= 2) {
      const length = this.buffer.readUInt16BE(0);
      if (this.buffer.length < 2 + length) return;
      const payload = Uint8Array.from(this.buffer.subarray(2, 2 + length));
      this.buffer = this.buffer.subarray(2 + length);
      if (length === 1) this.onControl(payload[0] as number);
      else if (length > 1) this.onApdu(payload);
    }
  }

  private onControl(code: number): void {
    this.record('control', Uint8Array.of(code));
    if (code === 1) this.poweringOn = true;
    if (code === 4) {
      this.send(this.options.atr ?? CONTACTLESS_ATR);
      if (this.poweringOn) {
        this.poweringOn = false;
        this.options.after?.powerOnAtr?.();
      }
    } else if (code === 0 || code === 2) this.model.reset();
  }

  private onApdu(apdu: Uint8Array): void {
    this.record('apdu', apdu);
    const kind = classify(apdu);
    const fault = this.options.fault;
    const readsBody = this.model.readsNdefBody(apdu);
    const hits =
      fault &&
      ((fault.on ?? 'select-aid') === kind ||
        fault.on === 'any' ||
        (fault.on === 'read-ndef-body' && readsBody));
    const answer = this.model.respond(apdu);
    const reply = (bytes: Uint8Array) => this.reply(bytes, kind);
    if (!hits || !fault) return reply(answer);
    switch (fault.kind) {
      case 'status-word':
        return reply(swBytes(fault.sw));
      case 'garbage':
        // Not a valid answer to anything: junk data that happens to end in 9000.
        return reply(Uint8Array.of(0x13, 0x37, 0xde, 0xad, 0xbe, 0xef, 0x00, 0xff, 0x90, 0x00));
      case 'one-byte':
        return reply(Uint8Array.of(0x90));
      case 'slow':
        setTimeout(() => reply(answer), fault.delayMs);
        return;
      case 'large':
        return reply(Uint8Array.from([...new Uint8Array(fault.bytes).fill(0x41), 0x90, 0x00]));
      case 'remove':
        this.socket?.destroy();
        return;
    }
  }

  private reply(bytes: Uint8Array, command: CommandKind): void {
    this.record('answer', bytes);
    this.send(bytes);
    this.options.after?.answer?.(command);
  }

  private send(bytes: Uint8Array): void {
    if (!this.connected) return;
    const header = Buffer.alloc(2);
    header.writeUInt16BE(bytes.length);
    this.socket?.write(Buffer.concat([header, Buffer.from(bytes)]));
  }
}

/**
 * What the wallet answers, without the socket: the unit tests use it directly as the
 * transmit port of the protocol code, the socket card below wraps it.
 */
export class WalletCardModel {
  private selectedFile: 'cc' | 'ndef' | null = null;
  private ndefSelected = false;

  constructor(readonly app: CardApplication) {}

  /** Power off or reset: nothing stays selected. */
  reset(): void {
    this.selectedFile = null;
    this.ndefSelected = false;
  }

  /** True when this READ BINARY reads the NDEF message itself (past its length field). */
  readsNdefBody(apdu: Uint8Array): boolean {
    return (
      classify(apdu) === 'read-binary' &&
      this.selectedFile === 'ndef' &&
      (((apdu[2] ?? 0) << 8) | (apdu[3] ?? 0)) >= 2
    );
  }

  respond(apdu: Uint8Array): Uint8Array {
    return this.answer(apdu, classify(apdu));
  }

  private answer(apdu: Uint8Array, kind: CommandKind): Uint8Array {
    const app = this.app;
    const ndef = ndefMessageOf(app);
    if (kind === 'select-aid') {
      const aid = hex(apdu.subarray(5, 5 + (apdu[4] ?? 0)));
      if (app.kind === 'aid' && aid === (app.aid ?? DEFAULT_WALLET_AID_HEX).toUpperCase()) {
        const data =
          app.encoding === 'raw'
            ? uuidBytes(app.token)
            : Uint8Array.from(Buffer.from(app.token, 'ascii'));
        return Uint8Array.from([...data, 0x90, 0x00]);
      }
      return swBytes(0x6a82);
    }
    if (kind === 'select-ndef-app') {
      this.ndefSelected = ndef !== null;
      this.selectedFile = null;
      return swBytes(ndef ? 0x9000 : 0x6a82);
    }
    if (!this.ndefSelected || !ndef) return swBytes(0x6d00);
    if (kind === 'select-file') {
      const id = ((apdu[5] ?? 0) << 8) | (apdu[6] ?? 0);
      if (id === 0xe103) this.selectedFile = 'cc';
      else if (id === NDEF_FILE_ID) this.selectedFile = 'ndef';
      else return swBytes(0x6a82);
      return swBytes(0x9000);
    }
    if (kind === 'read-binary') {
      const file = this.fileContents(ndef);
      if (!file) return swBytes(0x6986);
      const offset = ((apdu[2] ?? 0) << 8) | (apdu[3] ?? 0);
      // Short Le (5 bytes) or extended Le (7 bytes, 00 Le1 Le2).
      let le = apdu.length === 7 ? ((apdu[5] ?? 0) << 8) | (apdu[6] ?? 0) : (apdu[4] ?? 0);
      if (le === 0) le = apdu.length === 7 ? 65536 : 256;
      if (offset > file.length) return swBytes(0x6b00);
      return Uint8Array.from([...file.subarray(offset, offset + le), 0x90, 0x00]);
    }
    return swBytes(0x6d00);
  }

  private fileContents(ndef: Uint8Array): Uint8Array | null {
    const app = this.app;
    const maxRead =
      (app.kind === 'ndef' || app.kind === 'ndef-bytes' ? app.maxRead : undefined) ?? 0x3b;
    if (this.selectedFile === 'cc') {
      return Uint8Array.of(
        0x00,
        0x0f,
        0x20,
        maxRead >> 8,
        maxRead & 0xff,
        0x00,
        0xff,
        0x04,
        0x06,
        NDEF_FILE_ID >> 8,
        NDEF_FILE_ID & 0xff,
        0x10,
        0x00,
        0x00,
        0xff,
      );
    }
    if (this.selectedFile === 'ndef')
      return Uint8Array.from([ndef.length >> 8, ndef.length & 0xff, ...ndef]);
    return null;
  }
}
