import { normaliseBaseUrl } from '../../shared/base-url';
import { checkApiTokenFormat } from '../../shared/api-token';

/**
 * The API token together with the service origin it was tested and saved with
 * (`https://pay.example.com`, scheme, host and port). The token is sent to that origin only:
 * a new address, from the settings or from IT's policy, needs its own token, tested with it
 * (docs/architecture.md: Settings in layers).
 */
export interface BoundToken {
  token: string;
  origin: string;
}

/** Why a stored token is not used although one is there. */
export const UNBOUND_TOKEN_PROBLEM =
  'The saved API token comes from an earlier version of the app, which did not record the ' +
  'service address it was tested with, so it is not used. Enter the service address and the ' +
  'token again in Settings → IT → Payment service.';
const DAMAGED_TOKEN_PROBLEM = 'The stored token is damaged. Enter it again.';

/** The origin of a service base URL, or undefined when the URL does not pass the base URL check. */
export function serviceOriginOf(baseUrl: string): string | undefined {
  const check = normaliseBaseUrl(baseUrl);
  return check.ok ? new URL(check.baseUrl).origin : undefined;
}

/** True for an origin exactly as URL writes it (lower-case host, no default port, no path). */
export function isServiceOrigin(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
}

/**
 * The plaintext a store encrypts: the origin, one space, the token. Neither may contain a
 * space, so the split is unambiguous; and a token saved by an earlier version (the token
 * alone, which never contains a space) is told apart from a bound one without guessing.
 */
export function encodeBoundToken(bound: BoundToken): string {
  return `${bound.origin} ${bound.token}`;
}

/** What a decrypted plaintext holds: a bound token, or the reason it cannot be used. */
export function decodeBoundToken(plaintext: string): { bound: BoundToken } | { problem: string } {
  const space = plaintext.indexOf(' ');
  if (space === -1) {
    return checkApiTokenFormat(plaintext).ok
      ? { problem: UNBOUND_TOKEN_PROBLEM }
      : { problem: DAMAGED_TOKEN_PROBLEM };
  }
  const origin = plaintext.slice(0, space);
  const token = checkApiTokenFormat(plaintext.slice(space + 1));
  return isServiceOrigin(origin) && token.ok
    ? { bound: { token: token.token, origin } }
    : { problem: DAMAGED_TOKEN_PROBLEM };
}
