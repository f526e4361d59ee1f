import { describe, expect, it } from 'vitest';
import { PROBES_PER_MINUTE, ProbeLimiter } from '../../../electron/connection/probe-limiter';
import { ManualClock } from '../../support/manual-clock';

describe('ProbeLimiter', () => {
  it('lets one test run at a time', () => {
    const limiter = new ProbeLimiter(new ManualClock());
    const first = limiter.take();
    expect(first.ok).toBe(true);
    expect(limiter.busy).toBe(true);
    expect(limiter.take()).toEqual({
      ok: false,
      message: 'A connection test is already running. Wait for its answer.',
    });
    if (first.ok) first.done();
    expect(limiter.busy).toBe(false);
    expect(limiter.take().ok).toBe(true);
  });

  it(`starts at most ${PROBES_PER_MINUTE} in any minute on the clock, and says how long to wait`, () => {
    const clock = new ManualClock();
    const limiter = new ProbeLimiter(clock);
    const run = () => {
      const slot = limiter.take();
      if (slot.ok) slot.done();
      return slot;
    };
    for (let test = 0; test < PROBES_PER_MINUTE; test += 1) {
      expect(run().ok).toBe(true);
      clock.advance(1_000);
    }
    // The first started 10 s ago: 50 s to go.
    expect(run()).toEqual({
      ok: false,
      message: 'Too many connection tests in a minute. Try again in 50 seconds.',
    });
    clock.advance(49_000);
    expect(run()).toMatchObject({ ok: false, message: expect.stringMatching(/in 1 second\.$/) });
    clock.advance(1_000);
    expect(run().ok).toBe(true);
    expect(run().ok).toBe(false);
  });

  it('a refused test counts for nothing, and done() given twice frees only once', () => {
    const clock = new ManualClock();
    const limiter = new ProbeLimiter(clock, 2);
    const first = limiter.take();
    expect(limiter.take().ok).toBe(false);
    if (first.ok) {
      first.done();
      const second = limiter.take();
      first.done();
      expect(limiter.busy).toBe(true);
      if (second.ok) second.done();
    }
    expect(limiter.take().ok).toBe(false);
    clock.advance(60_000);
    expect(limiter.take().ok).toBe(true);
  });
});
