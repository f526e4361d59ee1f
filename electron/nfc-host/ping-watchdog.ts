import type { Clock } from '../../shared/clock';
import type { Logger } from '../logging/logger';
import type { ReaderChannel } from './reader-channel';

/**
 * Pings the reader process on the Clock and tells when a ping goes unanswered too long: the
 * PC/SC addon can block the process's thread without the process dying
 * (docs/architecture.md: Processes), and only a missing pong shows it. The supervisor ends the
 * process then, and its exit brings the restart.
 */

/** Ping every intervalMs; no pong within timeoutMs means a stuck thread. false: no watchdog. */
export type WatchdogSettings = { intervalMs: number; timeoutMs: number } | false;

export const defaultWatchdogSettings: WatchdogSettings = { intervalMs: 2000, timeoutMs: 6000 };

export class PingWatchdog {
  private cancelTick: (() => void) | null = null;
  private pingId = 0;
  private unansweredPing: { id: number; sentAtMs: number } | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly settings: WatchdogSettings,
    private readonly logger: Logger,
    /** The process to watch, or null once it has gone or is being stopped. */
    private readonly watched: () => ReaderChannel | null,
    /** The watched process stopped answering: its thread is stuck; end it. */
    private readonly onStuck: (channel: ReaderChannel) => void,
  ) {}

  /** A fresh process: forget any unanswered ping and start ticking. */
  arm(): void {
    this.unansweredPing = null;
    const settings = this.settings;
    if (settings === false) return;
    const tick = () => {
      const channel = this.watched();
      if (!channel) return;
      const now = this.clock.now();
      if (this.unansweredPing && now - this.unansweredPing.sentAtMs >= settings.timeoutMs) {
        this.logger.error('nfc reader process stopped answering; restarting it');
        this.onStuck(channel);
        return;
      }
      if (!this.unansweredPing) {
        this.unansweredPing = { id: ++this.pingId, sentAtMs: now };
        channel.send({ type: 'ping', id: this.pingId });
      }
      this.cancelTick = this.clock.at(now + settings.intervalMs, tick);
    };
    this.cancelTick?.();
    this.cancelTick = this.clock.at(this.clock.now() + settings.intervalMs, tick);
  }

  disarm(): void {
    this.cancelTick?.();
  }

  /** The process answered; only the pong of the ping still waiting counts. */
  pong(id: number): void {
    if (this.unansweredPing?.id === id) this.unansweredPing = null;
  }
}
