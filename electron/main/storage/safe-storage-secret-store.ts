import { safeStorage } from 'electron';
import { silentLogger, type Logger } from '../../logging/logger';
import {
  checkTokenToSave,
  ENCRYPTION_UNAVAILABLE_MESSAGE,
  statusOf,
  type SecretStore,
} from '../../settings/secret-store';
import { checkApiTokenFormat } from '../../../shared/api-token';
import { openOwnStoreFile, type StoreFileLocation } from './own-store-file';

/** Where the ciphertext lives: one base64 string. */
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
 * The API token encrypted with Electron's safeStorage (DPAPI on Windows, Keychain on macOS,
 * libsecret/KWallet on Linux). Only ciphertext is written; plaintext exists only in main,
 * only for the call that needs it. Fails closed: no real encryption, no saving.
 * Call after app 'ready' (safeStorage is not usable before it).
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

  type Read = { token: string } | { problem: string } | undefined;
  const read = (): Read => {
    const base64 = getSlot().get();
    if (base64 === undefined) return undefined;
    if (!safeStorage.isEncryptionAvailable())
      return { problem: 'The stored token cannot be decrypted on this computer now.' };
    try {
      const token = safeStorage.decryptString(Buffer.from(base64, 'base64'));
      const check = checkApiTokenFormat(token);
      return check.ok
        ? { token: check.token }
        : { problem: 'The stored token is damaged. Enter it again.' };
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
    save(candidate) {
      const check = checkTokenToSave(candidate);
      if (!check.ok) return check;
      if (!isAvailable()) {
        logger.warn('secret store: token not saved, no OS encryption', { platform });
        return {
          ok: false,
          error: { kind: 'encryption-unavailable', message: ENCRYPTION_UNAVAILABLE_MESSAGE },
        };
      }
      try {
        getSlot().set(safeStorage.encryptString(check.token).toString('base64'));
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
      return { ok: true, status: statusOf(check.token) };
    },
    load() {
      const result = read();
      return result && 'token' in result ? result.token : undefined;
    },
    clear() {
      getSlot().clear();
    },
    status() {
      const result = read();
      if (result === undefined) return { set: false };
      return 'token' in result ? statusOf(result.token) : { set: false, problem: result.problem };
    },
  };
}
