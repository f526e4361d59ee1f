import Store from 'electron-store';

/** Where a small store file lives: its name in userData, or another folder (tests). */
export interface StoreFileLocation {
  name?: string;
  cwd?: string;
}

/**
 * An electron-store file of its own, apart from the settings a support person may open. Keys
 * are plain names (no dot paths), nothing else writes the file while the app runs (no
 * watching), and a file that cannot be read is dropped: what it holds can be asked for again.
 */
export function openOwnStoreFile(
  defaultName: string,
  location: StoreFileLocation = {},
): Store<Record<string, unknown>> {
  return new Store<Record<string, unknown>>({
    name: location.name ?? defaultName,
    ...(location.cwd ? { cwd: location.cwd } : {}),
    accessPropertiesByDotNotation: false,
    watch: false,
    clearInvalidConfig: true,
  });
}
