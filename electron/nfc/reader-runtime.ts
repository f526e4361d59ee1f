/**
 * The reader process's state machine around nfc-pcsc (ARCHITECTURE: nfc-pcsc quirks):
 *   - never construct NFC while pcscd is unreachable (the constructor blocks the thread);
 *   - after any PC/SC error, close every reader and the NFC object, wait for the service,
 *     then build a new NFC (the old one never recovers after a pcscd restart);
 *   - autoProcessing off: each card presence gets one token read of our own.
 * The addon is injected so the machine can be tested without PC/SC.
 */
import type { EventEmitter } from 'node:events';
import type { Clock } from '../../shared/clock';
import { DEFAULT_WALLET_AID, parseAid } from './apdu';
import type { HostToReader, ReaderToHost } from './reader-protocol';
import { DEFAULT_APDU_TIMEOUT_MS, PCSC_FAILED } from './reader-protocol';
import { readWalletToken } from './token-reader';

export interface ReaderLike extends EventEmitter {
  readonly name: string;
  autoProcessing: boolean;
  transmit(data: Buffer, responseMaxLength: number): Promise<Buffer>;
  close(): void;
}

export interface NfcLike extends EventEmitter {
  close(): void;
}

export interface ReaderRuntimeDeps {
  send(message: ReaderToHost): void;
  createNfc(): NfcLike;
  isPcscAvailable(): Promise<boolean>;
  clock: Clock;
  /** Monotonic milliseconds for measuring exchanges. */
  elapsedMs(): number;
  /** Called once everything is closed after `shutdown`. */
  onStopped(): void;
  /** How often to look for pcscd while it is missing. */
  pollMs?: number;
  /**
   * Which pcscd instance serves us (e.g. its socket's inode), null when none. Checked every
   * watchMs while connected: after an orderly pcscd stop the addon's context goes silently
   * stale (no error event, no readers ever again), so a changed or missing instance means
   * "reconnect". Omit where there is no such signal.
   */
  pcscInstance?(): string | null;
  watchMs?: number;
}

/** Largest response accepted per APDU: our NDEF cap (4 KiB) plus status word, with room. */
const RESPONSE_MAX = 8192;
/** PC/SC lists readers shortly after start; only then is "no reader" true. */
const NO_READER_GRACE_MS = 500;

export class ReaderRuntime {
  private nfc: NfcLike | null = null;
  private readonly readers = new Map<string, ReaderLike>();
  private readonly taps = new Map<string, number>();
  private nextTap = 1;
  private aid: Uint8Array = DEFAULT_WALLET_AID;
  private apduTimeoutMs = DEFAULT_APDU_TIMEOUT_MS;
  private cancelTimer: (() => void) | null = null;
  private cancelWatch: (() => void) | null = null;
  private connectedInstance: string | null = null;
  private lastPcscMissingSent = false;
  private stopped = false;

  constructor(private readonly deps: ReaderRuntimeDeps) {}

  start(): void {
    void this.connect();
  }

  handle(message: HostToReader): void {
    switch (message.type) {
      case 'configure': {
        const aid = parseAid(message.aid);
        if (aid.ok) this.aid = aid.aid;
        else this.deps.send({ type: 'error', message: aid.reason });
        if (message.apduTimeoutMs !== undefined) this.apduTimeoutMs = message.apduTimeoutMs;
        break;
      }
      case 'ping':
        this.deps.send({ type: 'pong', id: message.id });
        break;
      case 'shutdown':
        this.shutdown();
        break;
    }
  }

  shutdown(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.cancelTimer?.();
    this.cancelWatch?.();
    // No close() here: once a card has been connected, nfc-pcsc's reader.close() can block the
    // thread for good (its native join waits on a status thread SCardCancel did not wake).
    // The process is about to exit, and pcscd frees a client's contexts when its socket closes.
    this.teardown({ closeNative: false });
    this.deps.onStopped();
  }

  private schedule(delayMs: number, step: () => void): void {
    this.cancelTimer?.();
    this.cancelTimer = this.deps.clock.at(this.deps.clock.now() + delayMs, () => {
      this.cancelTimer = null;
      if (!this.stopped) step();
    });
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const available = await this.deps.isPcscAvailable();
    if (this.stopped) return;
    if (!available) {
      if (!this.lastPcscMissingSent) this.deps.send({ type: 'pcsc-missing' });
      this.lastPcscMissingSent = true;
      this.schedule(this.deps.pollMs ?? 500, () => void this.connect());
      return;
    }
    this.lastPcscMissingSent = false;
    this.connectedInstance = this.deps.pcscInstance?.() ?? null;
    let nfc: NfcLike;
    try {
      nfc = this.deps.createNfc();
    } catch (error) {
      this.deps.send({
        type: 'error',
        fault: PCSC_FAILED,
        message: `The card reader service could not be opened: ${describe(error)}`,
      });
      this.schedule(this.deps.pollMs ?? 500, () => void this.connect());
      return;
    }
    this.nfc = nfc;
    nfc.on('reader', (reader: ReaderLike) => this.addReader(reader));
    nfc.on('error', (error: unknown) => this.onPcscError(nfc, error));
    this.schedule(NO_READER_GRACE_MS, () => {
      if (this.nfc === nfc && this.readers.size === 0) this.deps.send({ type: 'no-reader' });
    });
    this.watch(nfc);
  }

  /** Notices a pcscd that stopped or restarted without the addon saying so. */
  private watch(nfc: NfcLike): void {
    if (!this.deps.pcscInstance) return;
    this.cancelWatch?.();
    this.cancelWatch = this.deps.clock.at(
      this.deps.clock.now() + (this.deps.watchMs ?? 1000),
      () => {
        this.cancelWatch = null;
        if (this.nfc !== nfc || this.stopped) return;
        const instance = this.deps.pcscInstance?.() ?? null;
        if (instance !== this.connectedInstance) {
          this.deps.send({
            type: 'error',
            fault: PCSC_FAILED,
            message:
              instance === null
                ? 'The card reader service stopped.'
                : 'The card reader service restarted.',
          });
          // The old context's threads may still wait inside libpcsclite: closing would join
          // them and block. They end when their connection to the old pcscd does.
          this.teardown({ closeNative: false });
          this.schedule(this.deps.pollMs ?? 500, () => void this.connect());
          return;
        }
        this.watch(nfc);
      },
    );
  }

  private onPcscError(nfc: NfcLike, error: unknown): void {
    if (this.nfc !== nfc || this.stopped) return;
    this.deps.send({
      type: 'error',
      fault: PCSC_FAILED,
      message: `The card reader service stopped (${describe(error)}).`,
    });
    this.cancelWatch?.();
    this.teardown();
    // Give a restarting pcscd a moment, then go back to probing for it.
    this.schedule(this.deps.pollMs ?? 500, () => void this.connect());
  }

  /**
   * Forgets the readers and the context. After a PC/SC error the native status threads have
   * ended, so close() is safe and frees them: readers first, then the context (nfc-pcsc's
   * close() needs both, and emits an error that must have a listener).
   */
  private teardown({ closeNative }: { closeNative: boolean } = { closeNative: true }): void {
    const nfc = this.nfc;
    this.nfc = null;
    for (const [name, reader] of this.readers) {
      reader.removeAllListeners();
      reader.on('error', () => undefined);
      try {
        if (closeNative) reader.close();
      } catch {
        // Already closed by the addon after the service went away.
      }
      this.taps.delete(name);
    }
    this.readers.clear();
    if (nfc) {
      nfc.removeAllListeners();
      nfc.on('error', () => undefined);
      try {
        if (closeNative) nfc.close();
      } catch {
        // Same: nothing left to close.
      }
    }
  }

  private addReader(reader: ReaderLike): void {
    const name = reader.name;
    reader.autoProcessing = false;
    this.readers.set(name, reader);
    this.deps.send({ type: 'reader-ready', reader: name });
    reader.on('card', () => void this.onCard(reader));
    reader.on('card.off', () => {
      const tap = this.taps.get(name);
      this.taps.delete(name);
      if (tap !== undefined) this.deps.send({ type: 'card-removed', reader: name, tap });
    });
    // Reader errors come with the context's error when the service goes; that one recovers.
    reader.on('error', () => undefined);
    reader.on('end', () => {
      if (this.readers.get(name) !== reader) return;
      this.readers.delete(name);
      this.taps.delete(name);
      this.deps.send({ type: 'reader-gone', reader: name });
      if (this.readers.size === 0 && this.nfc) this.deps.send({ type: 'no-reader' });
    });
  }

  private async onCard(reader: ReaderLike): Promise<void> {
    const name = reader.name;
    const tap = this.nextTap++;
    this.taps.set(name, tap);
    this.deps.send({ type: 'card-present', reader: name, tap });
    this.deps.send({ type: 'reading', reader: name, tap });
    const started = this.deps.elapsedMs();
    const result = await readWalletToken(
      (apdu) => reader.transmit(Buffer.from(apdu), RESPONSE_MAX),
      {
        aid: this.aid,
        apduTimeoutMs: this.apduTimeoutMs,
        clock: this.deps.clock,
      },
    );
    if (this.stopped) return;
    if (result.ok) {
      const exchangeMs = Math.max(0, this.deps.elapsedMs() - started);
      this.deps.send({
        type: 'token-read',
        reader: name,
        tap,
        token: result.token,
        protocol: result.protocol,
        exchangeMs,
      });
    } else {
      this.deps.send({
        type: 'error',
        message: result.reason,
        fault: result.fault,
        reader: name,
        tap,
      });
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
