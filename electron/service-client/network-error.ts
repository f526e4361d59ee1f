/**
 * Reads what a rejected `fetch` says about the network, without keeping the error itself
 * (it can reference the request and so the Authorization header).
 *
 * Node's fetch (undici) rejects with `TypeError('fetch failed')` whose `cause` has a `code`:
 * connect-phase failures (ECONNREFUSED, ENOTFOUND, …, or an AggregateError of them when
 * several addresses were tried) mean no byte of the request left this machine; anything
 * later (UND_ERR_SOCKET "other side closed", ECONNRESET, EPIPE, "terminated" while reading
 * the body) means the request may have reached the service.
 */

/** Failures that happen before the request is written: DNS, TCP connect, TLS handshake. */
const BEFORE_SENDING = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NODATA',
  'EAI_NONAME',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  // TLS handshake refused: the HTTP request is only written after a successful handshake.
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
]);

export type NetworkFailure =
  /** Nothing was sent: safe to send again, even a POST. */
  | { phase: 'not-connected'; code: string }
  /** The connection failed once the request may have been written. */
  | { phase: 'interrupted'; code: string | undefined };

/** Only the code strings are kept; they are fixed identifiers, never request data. */
export function classifyNetworkError(error: unknown): NetworkFailure {
  const codes = codesOf(error, 0);
  if (codes.length > 0 && codes.every((code) => BEFORE_SENDING.has(code))) {
    return { phase: 'not-connected', code: codes[0] as string };
  }
  return { phase: 'interrupted', code: codes.find((code) => !BEFORE_SENDING.has(code)) };
}

function codesOf(error: unknown, depth: number): string[] {
  if (depth > 4 || typeof error !== 'object' || error === null) return [];
  const record = error as { code?: unknown; cause?: unknown; errors?: unknown };
  // AggregateError (several addresses tried): every attempt must have failed to connect.
  if (Array.isArray(record.errors) && record.errors.length > 0) {
    const nested = record.errors.map((item) => codesOf(item, depth + 1));
    if (nested.every((list) => list.length > 0)) return nested.flat();
  }
  if (typeof record.code === 'string' && /^[A-Z0-9_]{2,64}$/.test(record.code))
    return [record.code];
  return codesOf(record.cause, depth + 1);
}

/** The first code in an error (its own, its causes', an AggregateError's), for the log. */
export function networkCodeOf(error: unknown): string | undefined {
  return codesOf(error, 0)[0];
}
