import { describe, expect, it } from 'vitest';
import { createStartGate, START_WAIT_MS } from '../../../electron/app/start-gate';
import { ManualClock } from '../../support/manual-clock';

describe('the start gate (calls made while main starts)', () => {
  it('answers a call made before the services are up once they are, without a retry', async () => {
    const clock = new ManualClock();
    const gate = createStartGate<{ name: string }>(clock);
    expect(gate.current()).toBeUndefined();
    const waiting = gate.whenUp();
    clock.advance(START_WAIT_MS - 1);
    gate.open({ name: 'services' });
    await expect(waiting).resolves.toEqual({ name: 'services' });
    await expect(gate.whenUp()).resolves.toEqual({ name: 'services' });
    expect(gate.current()).toEqual({ name: 'services' });
  });

  it('gives up on a start that hangs after the wait, on the clock', async () => {
    const clock = new ManualClock();
    const gate = createStartGate<string>(clock);
    const waiting = gate.whenUp(1_000);
    let answered = false;
    void waiting.then(() => (answered = true));
    clock.advance(999);
    await Promise.resolve();
    expect(answered).toBe(false);
    clock.advance(1);
    await expect(waiting).resolves.toBeUndefined();
    // A later start still serves later calls.
    gate.open('services');
    await expect(gate.whenUp()).resolves.toBe('services');
  });

  it('answers every waiting call at once when the start fails, and later ones without waiting', async () => {
    const clock = new ManualClock();
    const gate = createStartGate<string>(clock);
    const first = gate.whenUp();
    const second = gate.whenUp();
    gate.fail();
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
    await expect(gate.whenUp()).resolves.toBeUndefined();
  });
});
