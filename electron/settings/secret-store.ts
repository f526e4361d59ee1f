import { checkApiTokenFormat, maskTokenTail, type TokenStatus } from '../../shared/api-token';

export type { TokenStatus } from '../../shared/api-token';

/**
 * The port for the API token (docs/architecture.md: Settings in layers). The real one keeps only
 * ciphertext on disk (electron/main/storage/safe-storage-secret-store.ts); `load` is for the
 * main process only and its result is never sent to a page or a log. Synchronous, because
 * the service client asks for the token per request (`getToken: () => string`).
 */
export interface SecretStore {
  /** False where the OS offers no real encryption: then `save` refuses. */
  isAvailable(): boolean;
  save(token: string): SaveTokenResult;
  /** The token, or undefined when none is stored or it cannot be decrypted. */
  load(): string | undefined;
  clear(): void;
  status(): TokenStatus;
}

type SecretStoreErrorKind = 'encryption-unavailable' | 'invalid-token' | 'storage-failed';

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
export function statusOf(token: string | undefined): TokenStatus {
  return token === undefined ? { set: false } : { set: true, maskedTail: maskTokenTail(token) };
}

/** Shared first step of every `save`: the format check, with the reason in words. */
export function checkTokenToSave(
  token: unknown,
): { ok: true; token: string } | { ok: false; error: SecretStoreError } {
  const check = checkApiTokenFormat(token);
  return check.ok ? check : { ok: false, error: { kind: 'invalid-token', message: check.reason } };
}

/**
 * A SecretStore in memory: for tests and for the browser harness, which has no OS key
 * store. `available: false` behaves like a machine without encryption.
 */
export function createMemorySecretStore(
  options: { available?: boolean; token?: string } = {},
): SecretStore {
  const available = options.available ?? true;
  let token = options.token;
  return {
    isAvailable: () => available,
    save(candidate) {
      const check = checkTokenToSave(candidate);
      if (!check.ok) return check;
      if (!available)
        return {
          ok: false,
          error: { kind: 'encryption-unavailable', message: ENCRYPTION_UNAVAILABLE_MESSAGE },
        };
      token = check.token;
      return { ok: true, status: statusOf(token) };
    },
    load: () => token,
    clear() {
      token = undefined;
    },
    status: () => statusOf(token),
  };
}
