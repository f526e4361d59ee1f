/**
 * The reader process's state machine over a PC/SC session (`pcsc-binding.ts`):
 *   - while the service is missing, report `pcsc-missing` once and try again every pollMs;
 *   - after any PC/SC error, close the session and open a new one once the service answers
 *     (a context never recovers after pcscd stops or restarts);
 *   - while the session is open, a status query with a deadline (`pcsc-health-check.ts`);
 *     one left unanswered is reported as `pcsc-not-answering`, and the host replaces us;
 *   - each card that arrives gets one token read of our own (`card-tap.ts`), within the read
 *     deadline the host configures; its result is reported before the card is released;
 *   - a card already on a reader when the session first sees that reader is no tap: it is
 *     reported (`alreadyThere`) and never read, so a phone left lying on the reader across a
 *     restart cannot pay a sale that began after it was laid down;
 *   - a read that failed as the reader or PC/SC would make it fail (no answer, too slow, the
 *     link lost) is reported only after PC/SC has answered a status query, so a service that
 *     failed or hung under the read is reported first and the host blames it, not the phone.
 * The binding is injected so the machine can be tested without PC/SC.
 */
import type { Clock } from '../../shared/clock';
import { DEFAULT_WALLET_AID, parseAid } from './apdu';
import { readTap } from './card-tap';
import type { OpenPcsc, PcscEvent, PcscSession } from './pcsc-binding';
import { defaultPcscHealth, PcscHealthCheck, type PcscHealthSettings } from './pcsc-health-check';
import type { ReadFault } from './read-faults';
import type { HostToReader, ReaderToHost } from './reader-protocol';
import { DEFAULT_APDU_TIMEOUT_MS, DEFAULT_READ_DEADLINE_MS, PCSC_FAILED } from './reader-protocol';
import type { TokenReadResult } from './token-reader';
import { withDeadline } from './with-deadline';

export interface ReaderRuntimeDeps {
  send(message: ReaderToHost): void;
  openPcsc: OpenPcsc;
  clock: Clock;
  /** Monotonic milliseconds for measuring exchanges. */
  elapsedMs(): number;
  /** Called once everything is closed after `shutdown`. */
  onStopped(): void;
  /** How often to try the service again while it is missing or failing. */
  pollMs?: number;
  /** The status query while idle; default `defaultPcscHealth`. */
  health?: PcscHealthSettings;
}

/** PC/SC lists readers shortly after start; only then is "no reader" true. */
const NO_READER_GRACE_MS = 500;

/** Faults a failed or hung reader or service causes as readily as a phone does. */
const READER_SUSPECT_FAULTS: ReadonlySet<ReadFault> = new Set([
  'timeout',
  'too-slow',
  'transmit-failed',
]);

export class ReaderRuntime {
  private session: PcscSession | null = null;
  /** Bumped per opened session, so a closed session's late events are ignored. */
  private sessionId = 0;
  private readonly readers = new Set<string>();
  private readonly taps = new Map<string, number>();
  private nextTap = 1;
  private aid: Uint8Array = DEFAULT_WALLET_AID;
  private apduTimeoutMs = DEFAULT_APDU_TIMEOUT_MS;
  private readDeadlineMs = DEFAULT_READ_DEADLINE_MS;
  private cancelTimer: (() => void) | null = null;
  private pcscMissingSent = false;
  /** `pcsc-not-answering` was sent: nothing more is asked of PC/SC, the host ends us. */
  private hungReported = false;
  private stopped = false;
  /** Cards being read now: the health check waits for them. */
  private reading = 0;
  private readonly health: PcscHealthCheck;

  constructor(private readonly deps: ReaderRuntimeDeps) {
    this.health = new PcscHealthCheck(deps.clock, this.healthSettings(), {
      probe: () => this.session?.probe() ?? Promise.resolve(),
      busy: () => this.reading > 0,
      onHung: (waitedMs) => this.pcscHung(waitedMs),
      onFailed: (message) => this.pcscLost(message),
    });
  }

  private healthSettings(): PcscHealthSettings {
    return this.deps.health ?? defaultPcscHealth;
  }

  start(): void {
    this.open();
  }

  handle(message: HostToReader): void {
    switch (message.type) {
      case 'configure': {
        const aid = parseAid(message.aid);
        if (aid.ok) this.aid = aid.aid;
        else this.deps.send({ type: 'error', message: aid.reason });
        if (message.apduTimeoutMs !== undefined) this.apduTimeoutMs = message.apduTimeoutMs;
        if (message.readDeadlineMs !== undefined) this.readDeadlineMs = message.readDeadlineMs;
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
    // A healthy monitor stops at once; a PC/SC call stuck in a hung pcscd would block here,
    // and then the host kills the process after its stop deadline.
    this.closeSession();
    this.deps.onStopped();
  }

  private schedule(delayMs: number, step: () => void): void {
    this.cancelTimer?.();
    this.cancelTimer = this.deps.clock.at(this.deps.clock.now() + delayMs, () => {
      this.cancelTimer = null;
      if (!this.stopped) step();
    });
  }

  private retryLater(): void {
    this.schedule(this.deps.pollMs ?? 500, () => this.open());
  }

  private open(): void {
    if (this.stopped) return;
    const id = ++this.sessionId;
    const opened = this.deps.openPcsc((event) => {
      if (id === this.sessionId && !this.stopped) this.onPcscEvent(event);
    });
    if (!opened.ok) {
      if (opened.serviceMissing) {
        if (!this.pcscMissingSent) this.deps.send({ type: 'pcsc-missing' });
        this.pcscMissingSent = true;
      } else {
        this.deps.send({
          type: 'error',
          fault: PCSC_FAILED,
          message: `The card reader service could not be opened: ${opened.message}`,
        });
      }
      this.retryLater();
      return;
    }
    this.pcscMissingSent = false;
    this.hungReported = false;
    const session = opened.session;
    this.session = session;
    this.health.start();
    this.schedule(NO_READER_GRACE_MS, () => {
      if (this.session === session && this.readers.size === 0)
        this.deps.send({ type: 'no-reader' });
    });
  }

  private onPcscEvent(event: PcscEvent): void {
    switch (event.type) {
      case 'reader-attached':
        this.readers.add(event.reader);
        this.deps.send({ type: 'reader-ready', reader: event.reader });
        if (event.cardPresent) this.onCardAlreadyThere(event.reader);
        return;
      case 'reader-detached':
        if (!this.readers.delete(event.reader)) return;
        this.taps.delete(event.reader);
        this.deps.send({ type: 'reader-gone', reader: event.reader });
        if (this.readers.size === 0) this.deps.send({ type: 'no-reader' });
        return;
      case 'card-inserted':
        void this.onCard(event.reader);
        return;
      case 'card-removed': {
        const tap = this.taps.get(event.reader);
        this.taps.delete(event.reader);
        if (tap !== undefined) this.deps.send({ type: 'card-removed', reader: event.reader, tap });
        return;
      }
      case 'error':
        this.pcscLost(event.message);
        return;
    }
  }

  /**
   * A status query went unanswered: PC/SC hangs. Closing the session would block this thread
   * on the hung service too; the host ends this process instead and starts another once PC/SC
   * answers. Said once; nothing more is asked of PC/SC.
   */
  private pcscHung(waitedMs: number): void {
    if (this.stopped || this.hungReported) return;
    this.hungReported = true;
    this.health.stop();
    this.deps.send({ type: 'pcsc-not-answering', waitedMs });
  }

  /** The monitor's wait or a status query failed: this session is dead for good. */
  private pcscLost(message: string): void {
    if (this.stopped || !this.session) return;
    this.deps.send({
      type: 'error',
      fault: PCSC_FAILED,
      message: `The card reader service stopped (${message}).`,
    });
    this.closeSession();
    this.retryLater();
  }

  /** Forgets the readers and closes the session; its late events are ignored by id. */
  private closeSession(): void {
    const session = this.session;
    this.session = null;
    this.sessionId++;
    this.health.stop();
    this.readers.clear();
    this.taps.clear();
    session?.close();
  }

  /**
   * A card that lay on the reader before this session saw the reader: not a tap. It may have
   * been laid down for another sale, before a restart; its arrival is unknown, so no sale may
   * be bound to it. Reported so the host can answer it, and its removal is reported as for
   * any card; it is never read.
   */
  private onCardAlreadyThere(name: string): void {
    const tap = this.nextTap++;
    this.taps.set(name, tap);
    this.deps.send({ type: 'card-present', reader: name, tap, alreadyThere: true });
  }

  private async onCard(name: string): Promise<void> {
    const session = this.session;
    if (!session) return;
    const tap = this.nextTap++;
    this.taps.set(name, tap);
    this.deps.send({ type: 'card-present', reader: name, tap });
    this.deps.send({ type: 'reading', reader: name, tap });
    const started = this.deps.elapsedMs();
    this.reading++;
    try {
      const { result, release } = await readTap(session, name, {
        aid: this.aid,
        apduTimeoutMs: this.apduTimeoutMs,
        readDeadlineMs: this.readDeadlineMs,
        clock: this.deps.clock,
      });
      if (!result.ok) await this.checkPcscAfter(session, result);
      if (!this.stopped) this.report(name, tap, result, started);
      // Only now: releasing the card is a PC/SC call that a hung service would hold up.
      release();
    } finally {
      this.reading--;
    }
  }

  /**
   * A read that failed as a failed or hung PC/SC would make it fail: asks PC/SC a status query
   * first (on its own context, so a slow phone's APDU still running does not hold it up). An
   * error answer is the service lost, unanswered is the service hung: either is reported
   * before the read's own fault, so the host knows it was not the phone.
   */
  private async checkPcscAfter(session: PcscSession, result: TokenReadResult): Promise<void> {
    if (result.ok || !READER_SUSPECT_FAULTS.has(result.fault)) return;
    if (this.session !== session || this.hungReported) return;
    const { deadlineMs } = this.healthSettings();
    const answer = await withDeadline(() => session.probe(), this.deps.clock, deadlineMs);
    if (this.session !== session || answer.ok) return;
    if (answer.fault === 'timeout') this.pcscHung(deadlineMs);
    else this.pcscLost(answer.detail);
  }

  private report(name: string, tap: number, result: TokenReadResult, startedMs: number): void {
    if (result.ok) {
      const exchangeMs = Math.max(0, this.deps.elapsedMs() - startedMs);
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
