import type { Clock } from '../../shared/clock';
import type { HttpMethod } from './failure-messages';

/** One HTTP request as the client sends it; the token goes only into Authorization. */
export interface ExchangeRequest {
  method: HttpMethod;
  url: string;
  token: string;
  /** JSON text, for POST. */
  body?: string;
}

/** What every transport needs: the deadline on the injected Clock and the size cap. */
export interface ExchangeLimits {
  clock: Clock;
  timeoutMs: number;
  maxResponseBytes: number;
}

/**
 * What one HTTP exchange came to, before anything is read into the envelope. Both
 * transports (fetch-exchange.ts, node-http-exchange.ts) keep this contract exactly; the
 * network `code`s are fixed identifiers, never request data (the token stays out).
 */
export type ExchangeOutcome =
  | { type: 'response'; status: number; text: string }
  /** Our deadline passed, before or after the headers arrived. */
  | { type: 'timeout' }
  /** DNS/connect/TLS failed: no byte of the request was sent. */
  | { type: 'not-connected'; code: string }
  /** The connection broke once the request may have been written. */
  | { type: 'interrupted'; code: string | undefined }
  | { type: 'unreadable'; status: number; reason: 'too-large' | 'not-utf8' };
