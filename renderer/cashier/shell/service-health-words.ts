import type { ServiceHealth, ServiceHealthState } from '../../../shared/service-health';

export type HealthTone = 'ok' | 'busy' | 'problem' | 'off';

const words: Record<ServiceHealthState, { text: string; tone: HealthTone }> = {
  unknown: { text: 'Service not asked yet', tone: 'off' },
  reachable: { text: 'Service OK', tone: 'ok' },
  slow: { text: 'Service slow', tone: 'busy' },
  down: { text: 'Service not reachable', tone: 'problem' },
  trouble: { text: 'Service answers wrongly', tone: 'problem' },
};

/**
 * The service's health for the status bar: what it is, and when it last answered (in the
 * shop's time zone) once it has. `lastAnswer` formats a time; injected so tests pick the zone.
 */
export function serviceHealthWords(
  health: ServiceHealth | undefined,
  lastAnswer: (atMs: number) => string,
): { text: string; detail: string | null; tone: HealthTone } {
  const base = words[health?.state ?? 'unknown'];
  const at = health?.lastSuccessAtMs ?? null;
  const detail =
    at === null
      ? health?.state === 'down' || health?.state === 'trouble'
        ? 'no answer since start'
        : null
      : health?.state === 'reachable' || health?.state === 'slow'
        ? lastAnswer(at)
        : `last answer ${lastAnswer(at)}`;
  return { ...base, detail };
}
