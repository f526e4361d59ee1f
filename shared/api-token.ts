/**
 * The API token's format check and its masked form. The token itself
 * never leaves the main process; pages only ever see `maskTokenTail`'s output.
 */

export const MAX_TOKEN_LENGTH = 512;
/** Below this length even four characters give too much away: the mask shows none. */
const MIN_LENGTH_FOR_TAIL = 12;
const MASK = '••••';

export type TokenCheck = { ok: true; token: string } | { ok: false; reason: string };

/** Non-empty, printable ASCII, no whitespace, at most 512 characters. Never throws. */
export function checkApiTokenFormat(text: unknown): TokenCheck {
  if (typeof text !== 'string' || text.length === 0)
    return { ok: false, reason: 'The token is empty.' };
  if (text.length > MAX_TOKEN_LENGTH) {
    return { ok: false, reason: `The token is longer than ${MAX_TOKEN_LENGTH} characters.` };
  }
  if (/\s/.test(text))
    return { ok: false, reason: 'The token must not contain spaces or line breaks.' };
  if (!/^[\x21-\x7e]+$/.test(text)) {
    return { ok: false, reason: 'The token may only hold printable ASCII characters.' };
  }
  return { ok: true, token: text };
}

/** '••••3f9a': the last four characters only, or just the dots for a short token. */
export function maskTokenTail(token: string): string {
  return token.length >= MIN_LENGTH_FOR_TAIL ? `${MASK}${token.slice(-4)}` : MASK;
}

/** What pages may know about the token. */
export interface TokenStatus {
  set: boolean;
  maskedTail?: string;
  /** The service origin the token was tested and saved with: it is sent nowhere else. */
  origin?: string;
  /** Set when a stored token exists but cannot be used (e.g. the OS key store changed). */
  problem?: string;
}
