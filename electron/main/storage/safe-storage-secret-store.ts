import { safeStorage } from 'electron';
import { silentLogger, type Logger } from '../../logging/logger';
import { decodeBoundToken, encodeBoundToken, type BoundToken } from '../../settings/bound-token';
import {
  checkTokenToSave,
  ENCRYPTION_UNAVAILABLE_MESSAGE,
  statusOf,
  type SecretStore,
} from '../../settings/secret-store';
import { openOwnStoreFile, type StoreFileLocation } from './own-store-file';

/**
 * Where the ciphertext lives: one base64 string, of the token with the origin it is bound to
 * (bound-token.ts). A slot written by an earlier version holds the token alone.
 */
export interface CiphertextSlot {
  get(): string | undefined;
  set(base64: string): void;
  clear(): void;
}

/** Its own electron-store file ("secrets.json"), apart from the settings a support person may open. */
export function electronStoreCiphertextSlot(location: StoreFileLocation = {}): CiphertextSlot {
  const store = openOwnStoreFile('secrets', location);
  const KEY = 'apiTokenCiphertext';
  return {
    get: () => {
      const value = store.get(KEY);
      return typeof value === 'string' && value !== '' ? value : undefined;
    },
    set: (base64) => store.set(KEY, base64),
    clear: () => store.delete(KEY),
  };
}

/** Linux backends that are not encryption: 'basic_text' obfuscates with a fixed key; 'unknown' = not decided yet. */
const WEAK_LINUX_BACKENDS = new Set(['basic_text', 'unknown']);

export interface SafeStorageSecretStoreOptions {
  slot?: CiphertextSlot;
  platform?: NodeJS.Platform;
  logger?: Logger;
}

/**
 * The API token and its origin encrypted together with Electron's safeStorage (DPAPI on
 * Windows, Keychain on macOS, libsecret/KWallet on Linux): one ciphertext, so the origin
 * cannot be read or swapped apart from the token. Only ciphertext is written; plaintext
 * exists only in main, only for the call that needs it. Fails closed: no real encryption,
 * no saving. A token saved by an earlier version (without its origin) is never used; the
 * status tells the cashier to enter it again. Call after app 'ready' (safeStorage is not
 * usable before it).
 */
export function createSafeStorageSecretStore(
  options: SafeStorageSecretStoreOptions = {},
): SecretStore {
  const platform = options.platform ?? process.platform;
  const logger = options.logger ?? silentLogger;
  let slot = options.slot;
  const getSlot = () => (slot ??= electronStoreCiphertextSlot());

  const isAvailable = (): boolean => {
    if (!safeStorage.isEncryptionAvailable()) return false;
    if (platform === 'linux')
      return !WEAK_LINUX_BACKENDS.has(safeStorage.getSelectedStorageBackend());
    return true;
  };

  type Read = { bound: BoundToken } | { problem: string } | undefined;
  const read = (): Read => {
    const base64 = getSlot().get();
    if (base64 === undefined) return undefined;
    if (!safeStorage.isEncryptionAvailable())
      return { problem: 'The stored token cannot be decrypted on this computer now.' };
    try {
      return decodeBoundToken(safeStorage.decryptString(Buffer.from(base64, 'base64')));
    } catch {
      logger.warn('secret store: the stored token could not be decrypted');
      return {
        problem:
          'The stored token cannot be decrypted (the system key store may have changed). Enter it again.',
      };
    }
  };

  return {
    isAvailable,
    save(candidate, origin) {
      const check = checkTokenToSave(candidate, origin);
      if (!check.ok) return check;
      if (!isAvailable()) {
        logger.warn('secret store: token not saved, no OS encryption', { platform });
        return {
          ok: false,
          error: { kind: 'encryption-unavailable', message: ENCRYPTION_UNAVAILABLE_MESSAGE },
        };
      }
      try {
        getSlot().set(safeStorage.encryptString(encodeBoundToken(check.bound)).toString('base64'));
      } catch (error) {
        logger.error('secret store: saving the token failed', { error: (error as Error).message });
        return {
          ok: false,
          error: {
            kind: 'storage-failed',
            message: 'The token could not be saved on this computer.',
          },
        };
      }
      return { ok: true, status: statusOf(check.bound) };
    },
    load() {
      const result = read();
      return result && 'bound' in result ? result.bound : undefined;
    },
    clear() {
      getSlot().clear();
    },
    status() {
      const result = read();
      if (result === undefined) return { set: false };
      return 'bound' in result ? statusOf(result.bound) : { set: false, problem: result.problem };
    },
  };
}
