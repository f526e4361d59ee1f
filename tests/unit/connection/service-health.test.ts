import { describe, expect, it } from 'vitest';
import { ServiceHealthMonitor } from '../../../electron/connection/service-health-monitor';
import { serviceHealthWords } from '../../../renderer/cashier/shell/service-health-words';
import {
  nextHealth,
  SLOW_ANSWER_MS,
  unknownHealth,
  type ServiceHealth,
} from '../../../shared/service-health';

describe('service health', () => {
  it('reads answers, slow answers, silence and wrong answers', () => {
    const ok = nextHealth(unknownHealth, { ok: true, durationMs: 120, atMs: 1_000 });
    expect(ok).toEqual({ state: 'reachable', lastSuccessAtMs: 1_000, lastDurationMs: 120 });
    expect(nextHealth(ok, { ok: true, durationMs: SLOW_ANSWER_MS, atMs: 2_000 }).state).toBe(
      'slow',
    );
    const down = nextHealth(ok, { ok: false, kind: 'timeout', atMs: 3_000 });
    expect(down).toEqual({ state: 'down', lastSuccessAtMs: 1_000, lastDurationMs: 120 });
    expect(nextHealth(ok, { ok: false, kind: 'no-connection', atMs: 3_000 }).state).toBe('down');
    expect(nextHealth(ok, { ok: false, kind: 'bad-response', atMs: 3_000 }).state).toBe('trouble');
    // The service's own refusal is an answer; a request never sent says nothing.
    expect(nextHealth(down, { ok: false, kind: 'rejected', atMs: 4_000 }).state).toBe('reachable');
    expect(nextHealth(down, { ok: false, kind: 'invalid-request', atMs: 4_000 })).toBe(down);
  });

  it('tells the page when the state changes, not on every request', () => {
    const told: ServiceHealth[] = [];
    const monitor = new ServiceHealthMonitor((health) => told.push(health));
    monitor.record({ ok: true, durationMs: 50, atMs: 0 });
    monitor.record({ ok: true, durationMs: 50, atMs: 1_000 });
    monitor.record({ ok: true, durationMs: 50, atMs: 2_000 });
    expect(told.map((health) => health.state)).toEqual(['reachable']);
    monitor.record({ ok: true, durationMs: 50, atMs: 31_000 });
    expect(told).toHaveLength(2);
    monitor.record({ ok: false, kind: 'no-connection', atMs: 32_000 });
    expect(told.at(-1)).toMatchObject({ state: 'down', lastSuccessAtMs: 31_000 });
    monitor.reset();
    expect(told.at(-1)).toEqual(unknownHealth);
  });

  it('words it for the status bar with the last answer', () => {
    const at = (ms: number) => `T${ms}`;
    expect(serviceHealthWords(undefined, at)).toMatchObject({
      text: 'Service not asked yet',
      detail: null,
    });
    expect(
      serviceHealthWords({ state: 'down', lastSuccessAtMs: 5, lastDurationMs: 1 }, at),
    ).toEqual({ text: 'Service not reachable', detail: 'last answer T5', tone: 'problem' });
    expect(
      serviceHealthWords({ state: 'down', lastSuccessAtMs: null, lastDurationMs: null }, at).detail,
    ).toBe('no answer since start');
    expect(
      serviceHealthWords({ state: 'slow', lastSuccessAtMs: 9, lastDurationMs: 3_000 }, at),
    ).toMatchObject({ text: 'Service slow', detail: 'T9', tone: 'busy' });
  });
});
