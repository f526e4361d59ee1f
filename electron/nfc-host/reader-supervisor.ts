/**
 * Keeps one NFC reader process running (docs/architecture.md, Processes: the addon can block
 * its thread and can crash; neither may freeze or kill the till): starts it, configures it, answers for its
 * health with a ping watchdog, restarts it with backoff when it dies or hangs (its own thread,
 * or PC/SC under it: it says so itself, `pcsc-not-answering`), and turns its messages into a
 * status and an event stream, ended for each process by `process-ended`. Time comes from the
 * Clock port. The backoff, the watchdog and the status each live in their own file; this class
 * runs the process.
 *
 * A process whose thread stopped answering pings is stuck in a PC/SC call: the only calls it
 * makes that can block are PC/SC's, and those block only while the service hangs. So its end
 * is reported as PC/SC not answering, as the process's own report would be, not as a crash.
 */
import type { Clock } from '../../shared/clock';
import type { Logger } from '../logging/logger';
import { silentLogger } from '../logging/logger';
import { DEFAULT_WALLET_AID_HEX } from '../nfc/apdu';
import type { ReaderToHost } from '../nfc/reader-protocol';
import {
  DEFAULT_APDU_TIMEOUT_MS,
  DEFAULT_READ_DEADLINE_MS,
  readerToHostSchema,
  type HostToReader,
} from '../nfc/reader-protocol';
import type { NfcStatus } from './nfc-status';
import { defaultWatchdogSettings, PingWatchdog, type WatchdogSettings } from './ping-watchdog';
import type { ReaderChannel, SpawnReader } from './reader-channel';
import { ReaderStatusTracker } from './reader-status-tracker';
import { RestartSchedule } from './restart-schedule';

/**
 * A reader message stamped with the process generation, so taps of two processes never mix;
 * and, last of each generation, its end: `pcscHung` when it ended because PC/SC hung under it
 * (its own report, or its thread stuck), so what it left unfinished was the service's doing.
 */
export type ReaderEvent =
  | (ReaderToHost & { generation: number })
  | { type: 'process-ended'; generation: number; pcscHung: boolean };

export type StopOutcome = 'exited' | 'killed' | 'not-running';

/** How the process reads a card, as configure sends it. */
interface ReaderReading {
  aid: string;
  apduTimeoutMs: number;
  readDeadlineMs: number;
}

export interface ReaderSupervisorOptions {
  spawn: SpawnReader;
  clock: Clock;
  logger?: Logger;
  aid?: string;
  apduTimeoutMs?: number;
  /** The whole read of one card, from its arrival (the nfcReadDeadlineMs setting). */
  readDeadlineMs?: number;
  /** First restart delay, doubled per quick death up to maxRestartDelayMs. */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
  /** A process that lived this long was healthy: the next restart starts from the first delay again. */
  healthyAfterMs?: number;
  /** Ping every intervalMs; no pong within timeoutMs means a stuck thread: kill and restart. */
  watchdog?: WatchdogSettings;
  /** How long `stop()` waits for a clean exit before killing. */
  stopTimeoutMs?: number;
}

export class ReaderSupervisor {
  private channel: ReaderChannel | null = null;
  private generation = 0;
  /** The running process is being ended because PC/SC hangs under it. */
  private endingForHang = false;
  private stopping: Promise<StopOutcome> | null = null;
  private readonly restarts: RestartSchedule;
  private readonly watchdog: PingWatchdog;
  private readonly tracker: ReaderStatusTracker;
  private readonly eventListeners = new Set<(event: ReaderEvent) => void>();
  private readonly logger: Logger;
  private readonly reading: ReaderReading;

  constructor(private readonly options: ReaderSupervisorOptions) {
    this.logger = options.logger ?? silentLogger;
    this.reading = {
      aid: options.aid ?? DEFAULT_WALLET_AID_HEX,
      apduTimeoutMs: options.apduTimeoutMs ?? DEFAULT_APDU_TIMEOUT_MS,
      readDeadlineMs: options.readDeadlineMs ?? DEFAULT_READ_DEADLINE_MS,
    };
    this.restarts = new RestartSchedule(options.clock, {
      firstDelayMs: options.restartDelayMs ?? 500,
      maxDelayMs: options.maxRestartDelayMs ?? 30_000,
      healthyAfterMs: options.healthyAfterMs ?? 10_000,
    });
    this.watchdog = new PingWatchdog(
      options.clock,
      options.watchdog ?? defaultWatchdogSettings,
      this.logger,
      () => (this.stopping ? null : this.channel),
      (channel) => this.endForHang(channel),
    );
    this.tracker = new ReaderStatusTracker(this.logger);
  }

  start(): void {
    if (this.channel || this.stopping) return;
    this.launch();
  }

  status(): NfcStatus {
    return this.tracker.status();
  }

  onStatus(listener: (status: NfcStatus) => void): () => void {
    return this.tracker.onStatus(listener);
  }

  onEvent(listener: (event: ReaderEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /**
   * New wallet AID, APDU timeout or read deadline from settings; applies to the running
   * process and to every one started after it.
   */
  configure(changes: Partial<ReaderReading>): void {
    Object.assign(this.reading, changes);
    this.channel?.send(this.configureMessage());
  }

  private configureMessage(): Extract<HostToReader, { type: 'configure' }> {
    return { type: 'configure', ...this.reading };
  }

  /**
   * Asks the process to stop and waits for it to exit; kills it if it does not in time.
   * Resolves with how it ended: 'exited' by itself, 'killed', or 'not-running'.
   */
  stop(): Promise<StopOutcome> {
    if (this.stopping) return this.stopping;
    this.restarts.cancel();
    this.watchdog.disarm();
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
      this.tracker.update({ state: 'stopped', readers: [], card: 'none' });
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
    this.endingForHang = false;
    this.restarts.launched();
    channel.onMessage((raw) => this.onMessage(generation, raw));
    channel.onExit((code) => this.onExit(generation, code));
    channel.send(this.configureMessage());
    this.watchdog.arm();
  }

  private onExit(generation: number, code: number | null): void {
    if (generation !== this.generation || this.stopping) return;
    this.channel = null;
    this.watchdog.disarm();
    this.logger.warn('nfc reader process exited', { code });
    const pcscHung = this.endingForHang;
    this.restarts.exited();
    this.tracker.processExited(pcscHung);
    this.publish({ type: 'process-ended', generation, pcscHung });
    this.scheduleRestart();
  }

  /** PC/SC hangs under the process: end it; its exit brings the restart, with the backoff. */
  private endForHang(channel: ReaderChannel): void {
    if (channel !== this.channel) return;
    this.endingForHang = true;
    channel.kill();
  }

  private publish(event: ReaderEvent): void {
    for (const listener of [...this.eventListeners]) listener(event);
  }

  private scheduleRestart(): void {
    this.restarts.schedule(() => {
      if (!this.stopping) this.launch();
    });
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
      this.watchdog.pong(message.id);
      return;
    }
    this.tracker.apply(message);
    this.publish({ ...message, generation });
    // Its PC/SC calls wait on the hung service, and so would its clean exit: end it now. The
    // exit brings the restart, with the backoff, and the next process waits for the service
    // (or the watchdog ends it too) until PC/SC answers again.
    if (message.type === 'pcsc-not-answering' && !this.stopping && this.channel)
      this.endForHang(this.channel);
  }
}
