import type { Clock } from '../../shared/clock';

/** A Clock that only moves when a test moves it: no test waits for real time. */
export class ManualClock implements Clock {
  private nowMs: number;
  private timers: { atMs: number; callback: () => void; id: number }[] = [];
  private nextId = 0;

  constructor(startMs = Date.UTC(2026, 10, 22, 9, 0, 0)) {
    this.nowMs = startMs;
  }

  now(): number {
    return this.nowMs;
  }

  at(atMs: number, callback: () => void): () => void {
    const id = this.nextId++;
    if (atMs <= this.nowMs) {
      queueMicrotask(callback);
      return () => undefined;
    }
    this.timers.push({ atMs, callback, id });
    return () => {
      this.timers = this.timers.filter((timer) => timer.id !== id);
    };
  }

  /** Moves time forward, firing due timers in order of their deadlines. */
  advance(ms: number): void {
    this.set(this.nowMs + ms);
  }

  set(targetMs: number): void {
    for (;;) {
      const due = this.timers
        .filter((timer) => timer.atMs <= targetMs)
        .sort((a, b) => a.atMs - b.atMs || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer.id !== due.id);
      this.nowMs = Math.max(this.nowMs, due.atMs);
      due.callback();
    }
    this.nowMs = Math.max(this.nowMs, targetMs);
  }

  pendingTimers(): number {
    return this.timers.length;
  }
}
