/**
 * What can go wrong talking to the payment service, named for what the cashier should do.
 * The client throws these kinds; the sale lifecycle journals them; the pages word them.
 */
export const serviceErrorKinds = [
  /** Nothing answered (refused, DNS, unreachable): check the network, then retry. */
  'no-connection',
  /** A read request got no answer in time: safe to retry. */
  'timeout',
  /** A POST was sent but no answer came: it may have been processed. Retry the same order or void. */
  'outcome-unknown',
  /** The service answered with an error envelope; `msg` says why. */
  'rejected',
  /** 401/403: the API token is wrong or revoked. Call IT. */
  'invalid-token',
  /** The answer was not the documented JSON (HTML page, malformed, wrong shape, too large). */
  'bad-response',
  /** generate_qr answered, but its link failed our checks and must not be shown. */
  'link-check-failed',
  /** We refused to send: the request itself is invalid (amount, settings, base URL). */
  'invalid-request',
] as const;
export type ServiceErrorKind = (typeof serviceErrorKinds)[number];

/** A serialisable description of a service failure: safe for IPC, the journal and logs. */
export interface ServiceFailure {
  kind: ServiceErrorKind;
  /** Plain words for the cashier; never contains the token. */
  message: string;
  /** The service's own `msg`, when it sent one. */
  serviceMessage?: string;
  /** The service's opaque `error_code`, when it sent one. */
  serviceCode?: string;
  /** HTTP status, when a response arrived. */
  httpStatus?: number;
}
