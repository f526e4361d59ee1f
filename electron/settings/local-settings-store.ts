import type { SettingKey, Settings } from '../../shared/settings';

/**
 * The local layer's persistence port. The real one is electron-store
 * (electron/main/storage/electron-settings-store.ts); it is a dumb key-value file: the
 * settings service checks every value it reads and writes against shared/settings.ts,
 * so a hand-edited or older file can never brick the till.
 */
export interface LocalSettingsStore {
  /** Everything stored, unchecked (may hold stale or unknown keys). */
  read(): Record<string, unknown>;
  /** Writes the given keys in one go (all or nothing where the backend allows). */
  write(values: Partial<Settings>): void;
  /** Removes keys, so they fall back to the preset or default. */
  remove(keys: readonly SettingKey[]): void;
}

/** In memory, for tests and the browser harness. */
export function createMemorySettingsStore(
  initial: Record<string, unknown> = {},
): LocalSettingsStore {
  let data: Record<string, unknown> = structuredClone(initial);
  return {
    read: () => structuredClone(data),
    write(values) {
      data = { ...data, ...structuredClone(values) };
    },
    remove(keys) {
      data = Object.fromEntries(
        Object.entries(data).filter(([key]) => !keys.includes(key as SettingKey)),
      );
    },
  };
}
