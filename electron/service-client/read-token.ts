/** Printable ASCII without spaces: anything else cannot be a header value we would send. */
const TOKEN_SHAPE = /^[\x21-\x7e]{1,4096}$/;

/**
 * The API token as it will be sent, read afresh for every request (it can change in the
 * settings while the app runs), or undefined when there is none we could send.
 */
export function readToken(getToken: () => string): string | undefined {
  let token: unknown;
  try {
    token = getToken();
  } catch {
    // The secret store's error is not kept: it might quote what it failed to decrypt.
    return undefined;
  }
  return typeof token === 'string' && TOKEN_SHAPE.test(token) ? token : undefined;
}
