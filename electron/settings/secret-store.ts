import { checkApiTokenFormat, maskTokenTail, type TokenStatus } from '../../shared/api-token';
import { isServiceOrigin, UNBOUND_TOKEN_PROBLEM, type BoundToken } from './bound-token';

export type { TokenStatus } from '../../shared/api-token';
export type { BoundToken } from './bound-token';

/**
 * The port for the API token and the service origin it is bound to (docs/architecture.md:
 * Settings in layers). The real one keeps only ciphertext on disk
 * (electron/main/storage/safe-storage-secret-store.ts); `load` is for the main process only
 * and its result is never sent to a page or a log. Synchronous, because the service client
 * asks for the token and its origin per request.
 */
export interface SecretStore {
  /** False where the OS offers no real encryption: then `save` refuses. */
  isAvailable(): boolean;
  /** Saves the token bound to `origin` (as URL writes it), replacing whatever was stored. */
  save(token: string, origin: string): SaveTokenResult;
  /**
   * The token and its origin, or undefined when none is stored, it cannot be decrypted, or
   * it was saved by an earlier version without its origin (bound to nothing, sent nowhere).
   */
  load(): BoundToken | undefined;
  clear(): void;
  status(): TokenStatus;
}

type SecretStoreErrorKind =
  'encryption-unavailable' | 'invalid-token' | 'invalid-origin' | 'storage-failed';

export interface SecretStoreError {
  kind: SecretStoreErrorKind;
  /** A sentence for the cashier or IT; never holds the token. */
  message: string;
}

type SaveTokenResult = { ok: true; status: TokenStatus } | { ok: false; error: SecretStoreError };

export const ENCRYPTION_UNAVAILABLE_MESSAGE =
  'This computer offers no encrypted storage for the API token, so it was not saved. ' +
  'On Linux, run a desktop key store (GNOME Keyring or KWallet); the app never stores the token in plain text.';

/** The status pages may see, built from a token held only for this call. */
export function statusOf(bound: BoundToken | undefined): TokenStatus {
  return bound === undefined
    ? { set: false }
    : { set: true, maskedTail: maskTokenTail(bound.token), origin: bound.origin };
}

/** Shared first step of every `save`: the format checks, with the reason in words. */
export function checkTokenToSave(
  token: unknown,
  origin: unknown,
): { ok: true; bound: BoundToken } | { ok: false; error: SecretStoreError } {
  const check = checkApiTokenFormat(token);
  if (!check.ok) return { ok: false, error: { kind: 'invalid-token', message: check.reason } };
  if (!isServiceOrigin(origin)) {
    return {
      ok: false,
      error: {
        kind: 'invalid-origin',
        message: 'The token was not saved: the service address it belongs to is not valid.',
      },
    };
  }
  return { ok: true, bound: { token: check.token, origin } };
}

/**
 * A SecretStore in memory: for tests and for the browser harness, which has no OS key
 * store. `available: false` behaves like a machine without encryption; a `token` without an
 * `origin` behaves like one saved by an earlier version (bound to nothing).
 */
export function createMemorySecretStore(
  options: { available?: boolean; token?: string; origin?: string } = {},
): SecretStore {
  const available = options.available ?? true;
  let stored: { token: string; origin?: string } | undefined =
    options.token === undefined
      ? undefined
      : { token: options.token, ...(options.origin ? { origin: options.origin } : {}) };
  const bound = (): BoundToken | undefined =>
    stored?.origin === undefined ? undefined : { token: stored.token, origin: stored.origin };
  return {
    isAvailable: () => available,
    save(candidate, origin) {
      const check = checkTokenToSave(candidate, origin);
      if (!check.ok) return check;
      if (!available)
        return {
          ok: false,
          error: { kind: 'encryption-unavailable', message: ENCRYPTION_UNAVAILABLE_MESSAGE },
        };
      stored = check.bound;
      return { ok: true, status: statusOf(check.bound) };
    },
    load: bound,
    clear() {
      stored = undefined;
    },
    status: () =>
      stored !== undefined && stored.origin === undefined
        ? { set: false, problem: UNBOUND_TOKEN_PROBLEM }
        : statusOf(bound()),
  };
}
