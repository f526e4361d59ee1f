import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Finds the Electron binary the way the electron npm package (45) provides it, without
 * requiring `electron` (whose index.js downloads on first use and throws when it cannot):
 *   - ELECTRON_OVERRIDE_DIST_PATH: a directory holding an unpacked Electron of this version;
 *   - else node_modules/electron/dist/<path.txt>, written by the first-run download
 *     (node_modules/electron/install.js, also `npx install-electron`);
 *   - else, when allowed, that download is tried once, with a time limit.
 */

interface ElectronFound {
  /** The executable (on macOS, the binary inside Electron.app). */
  binary: string;
  /** The unpacked distribution it sits in (electron-builder's `electronDist`). */
  dist: string;
  version: string;
}

export type ElectronLookup = ElectronFound | { whyNot: string };

const electronRequire = createRequire(import.meta.url);
const packageDir = dirname(electronRequire.resolve('electron/package.json'));

export const electronVersion: string = (
  JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }
).version;

/** The executable's path inside a distribution, as the package's install.js names it. */
function platformPath(): string {
  if (process.platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  if (process.platform === 'win32') return 'electron.exe';
  return 'electron';
}

function recordedPath(): string | undefined {
  const pathFile = join(packageDir, 'path.txt');
  return existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
}

function runnable(file: string): boolean {
  try {
    accessSync(file, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function installed(): ElectronFound | string {
  const relative = recordedPath();
  if (!relative) return 'node_modules/electron/path.txt is absent (no first-run download yet)';
  const dist = join(packageDir, 'dist');
  const binary = join(dist, relative);
  if (!runnable(binary)) return `path.txt names ${binary}, which is not there`;
  return { binary, dist, version: electronVersion };
}

/** Runs the package's own first-run download; returns why it failed, or undefined. */
function tryDownload(timeoutMs: number): string | undefined {
  // @electron/get's source unless a mirror is configured.
  const from = process.env.ELECTRON_MIRROR ?? 'https://github.com/electron/electron/releases';
  const tried = `its first-run download (node_modules/electron/install.js, from ${from})`;
  const run = spawnSync(process.execPath, [join(packageDir, 'install.js')], {
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  if (run.error) return `${tried} did not finish in ${timeoutMs / 1000} s (${run.error.message})`;
  if (run.status === 0) return undefined;
  const said = `${run.stderr}\n${run.stdout}`.trim().split('\n').filter(Boolean).slice(0, 2);
  return `${tried} failed (exit ${run.status}: ${said.join(' / ') || 'no output'})`;
}

export function findElectron(options: {
  download: boolean;
  downloadTimeoutMs?: number;
}): ElectronLookup {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    // index.js joins the override with path.txt's entry, or 'electron' without one.
    const binary = join(override, recordedPath() ?? platformPath());
    return runnable(binary)
      ? { binary, dist: override, version: electronVersion }
      : { whyNot: `ELECTRON_OVERRIDE_DIST_PATH=${override} holds no runnable ${binary}` };
  }
  const first = installed();
  if (typeof first !== 'string') return first;
  if (!options.download) return { whyNot: `${first}; ELECTRON_OVERRIDE_DIST_PATH is not set` };
  const failure = tryDownload(options.downloadTimeoutMs ?? 120_000);
  const second = installed();
  if (typeof second !== 'string') return second;
  return {
    whyNot: `${first}; ELECTRON_OVERRIDE_DIST_PATH is not set; ${failure ?? second}`,
  };
}
