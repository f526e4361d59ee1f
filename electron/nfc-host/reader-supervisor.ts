/**
 * Keeps one NFC reader process running (docs/architecture.md, Processes: the addon can block
 * its thread and can crash; neither may freeze or kill the till): starts it, configures it, answers for its
 * health with a ping watchdog, restarts it with backoff when it dies or hangs, and turns its
 * messages into a status and an event stream. Time comes from the Clock port.
 */
import type { Clock } from '../../shared/clock';
import type { Logger } from '../logging/logger';
import { silentLogger } from '../logging/logger';
import { DEFAULT_WALLET_AID_HEX } from '../nfc/apdu';
import type { ReaderToHost } from '../nfc/reader-protocol';
import { DEFAULT_APDU_TIMEOUT_MS, PCSC_FAILED, readerToHostSchema } from '../nfc/reader-protocol';
import type { ReaderChannel, SpawnReader } from './reader-channel';
import type { NfcCardState, NfcStatus } from './nfc-status';
import { initialNfcStatus } from './nfc-status';

/** A reader message stamped with the process generation, so taps of two processes never mix. */
export type ReaderEvent = ReaderToHost & { generation: number };

export type StopOutcome = 'exited' | 'killed' | 'not-running';

export interface ReaderSupervisorOptions {
  spawn: SpawnReader;
  clock: Clock;
  logger?: Logger;
  aid?: string;
  apduTimeoutMs?: number;
  /** First restart delay, doubled per quick death up to maxRestartDelayMs. */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
  /** A process that lived this long was healthy: the next restart starts from the first delay again. */
  healthyAfterMs?: number;
  /** Ping every intervalMs; no pong within timeoutMs means a stuck thread: kill and restart. */
  watchdog?: { intervalMs: number; timeoutMs: number } | false;
  /** How long `stop()` waits for a clean exit before killing. */
  stopTimeoutMs?: number;
}

type Listener<T> = (value: T) => void;

export class ReaderSupervisor {
  private channel: ReaderChannel | null = null;
  private generation = 0;
  private spawnedAtMs = 0;
  private restartDelayMs: number;
  private cancelRestart: (() => void) | null = null;
  private cancelWatchdog: (() => void) | null = null;
  private pingId = 0;
  private unansweredPing: { id: number; sentAtMs: number } | null = null;
  private stopping: Promise<StopOutcome> | null = null;
  private current: NfcStatus = { ...initialNfcStatus };
  private readonly cards = new Map<string, NfcCardState>();
  private pcscErrorShown = false;
  private readonly statusListeners = new Set<Listener<NfcStatus>>();
  private readonly eventListeners = new Set<Listener<ReaderEvent>>();
  private readonly logger: Logger;
  private aid: string;
  private apduTimeoutMs: number;

  constructor(private readonly options: ReaderSupervisorOptions) {
    this.logger = options.logger ?? silentLogger;
    this.restartDelayMs = options.restartDelayMs ?? 500;
    this.aid = options.aid ?? DEFAULT_WALLET_AID_HEX;
    this.apduTimeoutMs = options.apduTimeoutMs ?? DEFAULT_APDU_TIMEOUT_MS;
  }

  start(): void {
    if (this.channel || this.stopping) return;
    this.launch();
  }

  status(): NfcStatus {
    return { ...this.current, readers: [...this.current.readers] };
  }

  onStatus(listener: Listener<NfcStatus>): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  onEvent(listener: Listener<ReaderEvent>): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** New wallet AID or APDU timeout from settings; applies to the running process and restarts. */
  configure(aid: string, apduTimeoutMs?: number): void {
    this.aid = aid;
    if (apduTimeoutMs !== undefined) this.apduTimeoutMs = apduTimeoutMs;
    this.channel?.send({ type: 'configure', aid: this.aid, apduTimeoutMs: this.apduTimeoutMs });
  }

  /**
   * Asks the process to stop and waits for it to exit; kills it if it does not in time.
   * Resolves with how it ended: 'exited' by itself, 'killed', or 'not-running'.
   */
  stop(): Promise<StopOutcome> {
    if (this.stopping) return this.stopping;
    this.cancelRestart?.();
    this.cancelWatchdog?.();
    const channel = this.channel;
    this.stopping = new Promise<StopOutcome>((resolve) => {
      if (!channel) {
        resolve('not-running');
        return;
      }
      let killed = false;
      const cancelKill = this.options.clock.at(
        this.options.clock.now() + (this.options.stopTimeoutMs ?? 3000),
        () => {
          this.logger.warn('nfc reader process did not stop in time; killing it');
          killed = true;
          channel.kill();
        },
      );
      channel.onExit(() => {
        cancelKill();
        resolve(killed ? 'killed' : 'exited');
      });
      channel.send({ type: 'shutdown' });
    }).then((outcome) => {
      this.channel = null;
      this.update({ state: 'stopped', readers: [], card: 'none' });
      return outcome;
    });
    return this.stopping;
  }

  private launch(): void {
    const generation = ++this.generation;
    let channel: ReaderChannel;
    try {
      channel = this.options.spawn();
    } catch (error) {
      this.logger.error('nfc reader process could not start', { error: String(error) });
      this.scheduleRestart();
      return;
    }
    this.channel = channel;
    this.spawnedAtMs = this.options.clock.now();
    this.unansweredPing = null;
    channel.onMessage((raw) => this.onMessage(generation, raw));
    channel.onExit((code) => this.onExit(generation, code));
    channel.send({ type: 'configure', aid: this.aid, apduTimeoutMs: this.apduTimeoutMs });
    this.armWatchdog();
  }

  private onExit(generation: number, code: number | null): void {
    if (generation !== this.generation || this.stopping) return;
    this.channel = null;
    this.cancelWatchdog?.();
    this.cards.clear();
    this.logger.warn('nfc reader process exited', { code });
    if (this.options.clock.now() - this.spawnedAtMs >= (this.options.healthyAfterMs ?? 10_000)) {
      this.restartDelayMs = this.options.restartDelayMs ?? 500;
    }
    this.update({
      state: 'restarting',
      readers: [],
      card: 'none',
      restarts: this.current.restarts + 1,
    });
    this.scheduleRestart();
  }

  private scheduleRestart(): void {
    const delay = this.restartDelayMs;
    this.restartDelayMs = Math.min(delay * 2, this.options.maxRestartDelayMs ?? 30_000);
    this.cancelRestart = this.options.clock.at(this.options.clock.now() + delay, () => {
      this.cancelRestart = null;
      if (!this.stopping) this.launch();
    });
  }

  private armWatchdog(): void {
    const watchdog = this.options.watchdog ?? { intervalMs: 2000, timeoutMs: 6000 };
    if (watchdog === false) return;
    const tick = () => {
      const channel = this.channel;
      if (!channel || this.stopping) return;
      const now = this.options.clock.now();
      if (this.unansweredPing && now - this.unansweredPing.sentAtMs >= watchdog.timeoutMs) {
        this.logger.error('nfc reader process stopped answering; restarting it');
        channel.kill();
        return;
      }
      if (!this.unansweredPing) {
        this.unansweredPing = { id: ++this.pingId, sentAtMs: now };
        channel.send({ type: 'ping', id: this.pingId });
      }
      this.cancelWatchdog = this.options.clock.at(now + watchdog.intervalMs, tick);
    };
    this.cancelWatchdog?.();
    this.cancelWatchdog = this.options.clock.at(
      this.options.clock.now() + watchdog.intervalMs,
      tick,
    );
  }

  private onMessage(generation: number, raw: unknown): void {
    if (generation !== this.generation) return;
    const parsed = readerToHostSchema.safeParse(raw);
    if (!parsed.success) {
      this.logger.warn('nfc reader process sent an unknown message');
      return;
    }
    const message = parsed.data;
    if (message.type === 'pong') {
      if (this.unansweredPing?.id === message.id) this.unansweredPing = null;
      return;
    }
    this.applyToStatus(message);
    const event: ReaderEvent = { ...message, generation };
    for (const listener of [...this.eventListeners]) listener(event);
  }

  private applyToStatus(message: Exclude<ReaderToHost, { type: 'pong' }>): void {
    switch (message.type) {
      case 'pcsc-missing':
        this.cards.clear();
        return this.update({ state: 'pcsc-missing', readers: [], card: 'none', lastError: null });
      case 'no-reader':
        this.cards.clear();
        return this.update({ state: 'no-reader', readers: [], card: 'none' });
      case 'reader-ready': {
        const readers = [...new Set([...this.current.readers, message.reader])];
        // PC/SC is back: its failure is no longer news.
        const cleared = this.pcscErrorShown ? { lastError: null } : {};
        this.pcscErrorShown = false;
        return this.update({ state: 'ready', readers, ...cleared });
      }
      case 'reader-gone':
        this.cards.delete(message.reader);
        return this.update({
          readers: this.current.readers.filter((name) => name !== message.reader),
        });
      case 'card-present':
        this.cards.set(message.reader, 'present');
        return this.update({});
      case 'reading':
        this.cards.set(message.reader, 'reading');
        return this.update({});
      case 'token-read':
        this.cards.set(message.reader, 'present');
        return this.update({ lastError: null });
      case 'card-removed':
        this.cards.delete(message.reader);
        return this.update({});
      case 'error':
        if (message.fault === PCSC_FAILED) {
          this.cards.clear();
          this.logger.warn('nfc reader lost PC/SC', { message: message.message });
          this.pcscErrorShown = true;
          return this.update({
            state: 'starting',
            readers: [],
            card: 'none',
            lastError: message.message,
          });
        }
        if (message.reader && this.cards.get(message.reader) === 'reading')
          this.cards.set(message.reader, 'present');
        this.logger.warn('nfc reader error', { message: message.message, fault: message.fault });
        return this.update({ lastError: message.message });
    }
  }

  private update(partial: Partial<NfcStatus>): void {
    const states = [...this.cards.values()];
    const card: NfcCardState = states.includes('reading')
      ? 'reading'
      : states.includes('present')
        ? 'present'
        : 'none';
    this.current = { ...this.current, card, ...partial };
    const snapshot = this.status();
    for (const listener of [...this.statusListeners]) listener(snapshot);
  }
}
