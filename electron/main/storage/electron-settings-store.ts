import Store from 'electron-store';
import type { SettingKey, Settings } from '../../../shared/settings';
import { silentLogger, type Logger } from '../../logging/logger';
import type { LocalSettingsStore } from '../../settings/local-settings-store';

/**
 * The local settings layer in electron-store (a JSON file in userData). It is only the
 * persistence: values are checked by the settings service against shared/settings.ts on
 * every read and write, rather than by electron-store's own JSON-Schema option, which
 * throws at start on one bad value and would leave the till unable to open.
 */
export interface ElectronSettingsStore extends LocalSettingsStore {
  /** The file, for the log and support. */
  readonly path: string;
  /** Set when the file was unreadable at start and had to be emptied. */
  readonly startProblem: string | undefined;
}

export interface ElectronSettingsStoreOptions {
  /** File name without extension; 'settings' by default. */
  name?: string;
  /** Folder; electron-store's default (userData) when omitted. */
  cwd?: string;
  logger?: Logger;
}

export function createElectronSettingsStore(
  options: ElectronSettingsStoreOptions = {},
): ElectronSettingsStore {
  const logger = options.logger ?? silentLogger;
  const base = {
    name: options.name ?? 'settings',
    ...(options.cwd ? { cwd: options.cwd } : {}),
    // Our keys have no dots; never let a key be read as a path.
    accessPropertiesByDotNotation: false,
    watch: false,
  };
  let store: Store<Record<string, unknown>>;
  let startProblem: string | undefined;
  try {
    store = new Store<Record<string, unknown>>({ ...base, clearInvalidConfig: false });
  } catch (error) {
    // A damaged file (e.g. cut short by a power loss) must not stop the till: start empty
    // and say so. Managed settings and defaults still apply.
    startProblem = `The saved settings could not be read and were reset: ${(error as Error).message}`;
    logger.error('settings: local settings file unreadable, starting empty', {
      error: (error as Error).message,
    });
    store = new Store<Record<string, unknown>>({ ...base, clearInvalidConfig: true });
  }

  return {
    path: store.path,
    startProblem,
    read: () => ({ ...store.store }),
    // Assigning the whole object is one atomic file write: all keys or none.
    write(values: Partial<Settings>) {
      store.store = { ...store.store, ...values };
    },
    remove(keys: readonly SettingKey[]) {
      const next = { ...store.store };
      for (const key of keys) delete next[key];
      store.store = next;
    },
  };
}
