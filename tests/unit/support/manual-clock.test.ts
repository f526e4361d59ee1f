import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../support/manual-clock';

/** Waits for queued microtasks (a timer armed already due fires on one). */
const microtasks = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ManualClock', () => {
  it('fires timers only when moved, in deadline order, with now() at each deadline', () => {
    const clock = new ManualClock(1_000);
    const fired: [string, number][] = [];
    clock.at(1_300, () => fired.push(['b', clock.now()]));
    clock.at(1_100, () => fired.push(['a', clock.now()]));
    clock.at(1_300, () => fired.push(['c', clock.now()]));
    clock.advance(99);
    expect(fired).toEqual([]);
    clock.advance(300);
    expect(fired).toEqual([
      ['a', 1_100],
      ['b', 1_300],
      ['c', 1_300],
    ]);
    expect(clock.now()).toBe(1_399);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('a cancelled timer never fires', () => {
    const clock = new ManualClock(0);
    let fired = false;
    const cancel = clock.at(10, () => (fired = true));
    cancel();
    clock.advance(100);
    expect(fired).toBe(false);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('a timer armed already due fires on the next microtask, unless cancelled first', async () => {
    const clock = new ManualClock(500);
    const fired: string[] = [];
    clock.at(500, () => fired.push('due now'));
    const cancel = clock.at(400, () => fired.push('cancelled while due'));
    cancel();
    expect(fired).toEqual([]);
    await microtasks();
    expect(fired).toEqual(['due now']);
  });

  it('armed() resolves with the earliest pending deadline that passes its test', async () => {
    const clock = new ManualClock(0);
    clock.at(50, () => undefined);
    clock.at(20, () => undefined);
    clock.at(90, () => undefined);
    expect(await clock.armed()).toBe(20);
    expect(await clock.armed((atMs) => atMs > 20)).toBe(50);
  });

  it('armed() waits for the code under test to arm a matching timer', async () => {
    const clock = new ManualClock(0);
    clock.at(10_000, () => undefined);
    let seen: number | null = null;
    const waiting = clock.armed((atMs) => atMs < 10_000).then((atMs) => (seen = atMs));
    await microtasks();
    expect(seen).toBeNull();
    clock.at(20_000, () => undefined);
    await microtasks();
    expect(seen).toBeNull();
    clock.at(300, () => undefined);
    await waiting;
    expect(seen).toBe(300);
  });
});
