/**
 * Masks secrets in anything about to be logged. The main process owns the API token
 * (docs/architecture.md: Processes); a log file is read by people who must never see it, so every
 * log line goes through here, whatever its caller already did.
 */

export const REDACTED = '[redacted]';

/** `Bearer <anything>` in a header value, a message or an error text. */
const BEARER = /\bbearer\s+[^\s"',;]+/gi;
/** The published token format is 32 hex characters (API 5.2); production tokens may look alike. */
const HEX_32 = /(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])/gi;
/** A wallet's NFC payment token is UUID-shaped (docs/payment-service.md: NFC payment). */
const UUID =
  /(?<![0-9a-f])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f-])/gi;
/**
 * Order ids are UUIDv7 (shared/order-id.ts) and are what IT searches a log for, so a v7 UUID
 * stays. A payment token is random: the chance that one is shaped like a v7 is 1 in 64.
 */
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** Field names whose values are secret whatever they look like. */
const SECRET_KEY = /^(authorization|token|api[-_]?token|access[-_]?token|secret|password)$/i;

/**
 * Replaces bearer tokens, 32-hex strings, UUID-shaped strings other than order ids (a
 * payment token from a wallet is one) and each of `secrets` (exact text) in `text`.
 */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    // Very short "secrets" would shred ordinary words; the token format is far longer.
    if (secret.length >= 8) out = out.split(secret).join(REDACTED);
  }
  return out
    .replace(BEARER, `Bearer ${REDACTED}`)
    .replace(UUID, (uuid) => (UUID_V7.test(uuid) ? uuid : REDACTED))
    .replace(HEX_32, REDACTED);
}

/**
 * A deep copy of `value` fit for a log line: strings redacted, secret-named fields masked,
 * Errors reduced to name/message/code (never their cause chain or attached objects),
 * cycles cut, functions dropped.
 */
export function redact(value: unknown, secrets: readonly string[] = []): unknown {
  return redactValue(value, secrets, new WeakSet<object>(), 0);
}

const MAX_DEPTH = 8;

function redactValue(
  value: unknown,
  secrets: readonly string[],
  seen: WeakSet<object>,
  depth: number,
): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  }
  if (seen.has(value) || depth >= MAX_DEPTH) return '[omitted]';
  seen.add(value);
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return {
      name: value.name,
      message: redactText(value.message, secrets),
      ...(typeof code === 'string' ? { code: redactText(code, secrets) } : {}),
    };
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets, seen, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? REDACTED : redactValue(item, secrets, seen, depth + 1);
  }
  return out;
}
