import type { ServiceErrorKind } from './service-errors';

/**
 * How the payment service answers, as the till last saw it, for the status bar:
 *   unknown    nothing asked yet since start (or since the service changed);
 *   reachable  the last request was answered in time;
 *   slow       answered, but took SLOW_ANSWER_MS or more;
 *   down       no answer: no connection, or a timeout;
 *   trouble    it answered, but not as the service should (a wrong token, a page that is not
 *              the service's answer).
 * The service's own refusals (an error envelope) are answers: reachable.
 */
export type ServiceHealthState = 'unknown' | 'reachable' | 'slow' | 'down' | 'trouble';

export interface ServiceHealth {
  state: ServiceHealthState;
  /** When a request last got a good answer; null if none has since start. */
  lastSuccessAtMs: number | null;
  /** How long that answer took. */
  lastDurationMs: number | null;
}

/** What one request to the service came to (each attempt of a retried GET counts). */
export type ServiceExchangeReport =
  | { ok: true; durationMs: number; atMs: number }
  | { ok: false; kind: ServiceErrorKind; atMs: number };

export const SLOW_ANSWER_MS = 2_000;

export const unknownHealth: ServiceHealth = {
  state: 'unknown',
  lastSuccessAtMs: null,
  lastDurationMs: null,
};

const stateOfFailure: Record<ServiceErrorKind, ServiceHealthState> = {
  'no-connection': 'down',
  timeout: 'down',
  'outcome-unknown': 'down',
  'invalid-token': 'trouble',
  'bad-response': 'trouble',
  rejected: 'reachable',
  'link-check-failed': 'reachable',
  // Nothing was sent: says nothing about the service.
  'invalid-request': 'unknown',
};

export function nextHealth(previous: ServiceHealth, report: ServiceExchangeReport): ServiceHealth {
  if (report.ok) {
    return {
      state: report.durationMs >= SLOW_ANSWER_MS ? 'slow' : 'reachable',
      lastSuccessAtMs: report.atMs,
      lastDurationMs: report.durationMs,
    };
  }
  const state = stateOfFailure[report.kind];
  return state === 'unknown' ? previous : { ...previous, state };
}
