import type { Clock } from '../../shared/clock';

interface Timer {
  atMs: number;
  callback: () => void;
  id: number;
}

/**
 * A Clock that only moves when a test moves it: no test waits for real time. A timer fires
 * only from `advance`/`set`, or (one already due when armed) on the next microtask; a
 * cancelled timer never fires, due or not.
 */
export class ManualClock implements Clock {
  private nowMs: number;
  private timers: Timer[] = [];
  private nextId = 0;
  private armedWaiters: { test: (atMs: number) => boolean; resolve: (atMs: number) => void }[] = [];

  constructor(startMs = Date.UTC(2026, 10, 22, 9, 0, 0)) {
    this.nowMs = startMs;
  }

  now(): number {
    return this.nowMs;
  }

  at(atMs: number, callback: () => void): () => void {
    const id = this.nextId++;
    let cancelled = false;
    if (atMs <= this.nowMs) {
      queueMicrotask(() => {
        if (!cancelled) callback();
      });
      return () => {
        cancelled = true;
      };
    }
    this.timers.push({ atMs, callback, id });
    this.tellArmed();
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

  /**
   * The deadline of the earliest pending timer passing `test` (any timer by default), once
   * there is one: at once when one is pending, otherwise as soon as the code under test arms
   * it. A test awaits this instead of spinning the event loop "long enough" for that code to
   * reach its next wait.
   */
  armed(test: (atMs: number) => boolean = () => true): Promise<number> {
    const found = this.earliestPassing(test);
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve) => this.armedWaiters.push({ test, resolve }));
  }

  private earliestPassing(test: (atMs: number) => boolean): number | undefined {
    return this.timers
      .map((timer) => timer.atMs)
      .filter(test)
      .sort((a, b) => a - b)[0];
  }

  private tellArmed(): void {
    for (const waiter of [...this.armedWaiters]) {
      const found = this.earliestPassing(waiter.test);
      if (found === undefined) continue;
      this.armedWaiters = this.armedWaiters.filter((other) => other !== waiter);
      waiter.resolve(found);
    }
  }
}
