import { createRequire } from 'node:module';

/**
 * Reads an Electron binary's fuses with @electron/fuses, the copy electron-builder itself
 * flips them with (resolved through app-builder-lib, which depends on it), so a test reads
 * back exactly what packaging wrote.
 */

/** The fuse names of @electron/fuses' FuseV1Options, in wire order. */
export type FuseName =
  | 'RunAsNode'
  | 'EnableCookieEncryption'
  | 'EnableNodeOptionsEnvironmentVariable'
  | 'EnableNodeCliInspectArguments'
  | 'EnableEmbeddedAsarIntegrityValidation'
  | 'OnlyLoadAppFromAsar'
  | 'LoadBrowserProcessSpecificV8Snapshot'
  | 'GrantFileProtocolExtraPrivileges';

export type FuseReading = 'on' | 'off' | 'removed' | 'inherit';

/** @electron/fuses' FuseState: ASCII '1' and '0' in the binary, 'r' for a removed fuse. */
const STATE_BYTES: Record<FuseReading, number> = {
  on: 0x31,
  off: 0x30,
  removed: 0x72,
  inherit: 0x90,
};

interface FusesLibrary {
  FuseV1Options: Record<string, number | string>;
  getCurrentFuseWire(pathToElectron: string): Promise<Record<string, number | string>>;
}

function fusesLibrary(): FusesLibrary {
  const fromBuilder = createRequire(createRequire(import.meta.url).resolve('app-builder-lib'));
  return fromBuilder('@electron/fuses') as FusesLibrary;
}

/** Wire position of each fuse, from the library (the wire's order is its contract). */
export function fuseIndex(name: FuseName): number {
  const index = fusesLibrary().FuseV1Options[name];
  if (typeof index !== 'number') throw new Error(`@electron/fuses knows no fuse ${name}`);
  return index;
}

export function stateByte(reading: FuseReading): number {
  return STATE_BYTES[reading];
}

/** Each fuse the binary's wire holds, by name, as on/off/removed. */
export async function readFuses(binary: string): Promise<Partial<Record<FuseName, FuseReading>>> {
  const library = fusesLibrary();
  const wire = await library.getCurrentFuseWire(binary);
  const readings: Partial<Record<FuseName, FuseReading>> = {};
  for (const [key, value] of Object.entries(wire)) {
    const name = library.FuseV1Options[key];
    if (key === 'version' || typeof name !== 'string') continue;
    const reading = (Object.keys(STATE_BYTES) as FuseReading[]).find(
      (candidate) => STATE_BYTES[candidate] === value,
    );
    readings[name as FuseName] = reading ?? 'inherit';
  }
  return readings;
}
