/**
 * Asks PC/SC a question that must be answered, every `intervalMs` while no card is being read,
 * and tells when one goes unanswered for `deadlineMs`. A hung pcscd (stopped with SIGSTOP,
 * deadlocked) fails no call and raises no monitor event: every call just waits, the monitor's
 * too, while the idle reader process goes on answering the host's pings. Only a call with a
 * deadline shows it. Time comes from the Clock.
 */
import type { Clock } from '../../shared/clock';
import { withDeadline } from './with-deadline';

export interface PcscHealthSettings {
  /** Pause between one answered query and the next. */
  intervalMs: number;
  /** How long one query may go unanswered before the service counts as hung. */
  deadlineMs: number;
}

/**
 * A hung pcscd is told within intervalMs + deadlineMs (3 s). The deadline is generous next to
 * the few milliseconds pcscd takes, so a loaded till never passes for a hung service.
 */
export const defaultPcscHealth: PcscHealthSettings = { intervalMs: 1000, deadlineMs: 2000 };

export interface PcscHealthPorts {
  /** The status query of the session open now. */
  probe(): Promise<void>;
  /** A card is being read: its own deadlines watch PC/SC then, and the query waits. */
  busy(): boolean;
  /** No answer within the deadline; no query is sent after this until `start()`. */
  onHung(waitedMs: number): void;
  /** PC/SC answered with an error: the service is gone or broken. */
  onFailed(message: string): void;
}

export class PcscHealthCheck {
  private cancelTimer: (() => void) | null = null;
  /** Bumped by start and stop, so an answer for an earlier session is ignored. */
  private round = 0;

  constructor(
    private readonly clock: Clock,
    private readonly settings: PcscHealthSettings,
    private readonly ports: PcscHealthPorts,
  ) {}

  /** Checks the session open now, first after one interval. */
  start(): void {
    this.stop();
    this.schedule(this.round);
  }

  stop(): void {
    this.round++;
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  private schedule(round: number): void {
    this.cancelTimer = this.clock.at(this.clock.now() + this.settings.intervalMs, () => {
      this.cancelTimer = null;
      if (round === this.round) void this.check(round);
    });
  }

  private async check(round: number): Promise<void> {
    if (this.ports.busy()) return this.schedule(round);
    const { deadlineMs } = this.settings;
    const answer = await withDeadline(() => this.ports.probe(), this.clock, deadlineMs);
    if (round !== this.round) return;
    if (answer.ok) return this.schedule(round);
    this.round++;
    if (answer.fault === 'timeout') this.ports.onHung(deadlineMs);
    else this.ports.onFailed(answer.detail);
  }
}
